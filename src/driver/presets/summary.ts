// What a preset carries and whether it can be used: prose prompts, rules prompts (flagged, with a
// warning, because they name tools and fields the program reads) and every problem of its files.
import type { Language } from '../doc/schema.ts';
import type { Preset, Sampling } from '../doc/library-presets.ts';
import { tr } from '../i18n/messages.ts';
import { PROSE_PROMPT_IDS } from '../prompts/catalogue.ts';
import { promptProblems, type PromptFileProblem } from '../prompts/resolve.ts';

/** A preset carries prompts of the story only. */
export const PRESET_GROUP = 'roleplay';

export interface PresetPromptEntry {
  path: string;
  language: string;
  /** '<group>/<name>'. */
  id: string;
  /** A rules prompt: anything but the prose prompts. */
  rules: boolean;
}

export interface PresetSummary {
  id: string;
  title: string;
  description: string;
  sampling: Sampling;
  languages: string[];
  prompts: PresetPromptEntry[];
  /** Shown on the card, the editor and before applying when the preset carries rules prompts. */
  warning: string | null;
  /** A preset with a problem is listed with it and cannot be used; path '' is the preset as a whole. */
  problems: PromptFileProblem[];
}

function entryOf(path: string): PresetPromptEntry {
  const slash = path.indexOf('/');
  const id = path.slice(slash + 1);
  return { path, language: path.slice(0, slash), id, rules: !PROSE_PROMPT_IDS.some((p) => p === id) };
}

/** Every problem of a preset's files, told in `told` (the interface's language, or a story's). */
export function presetProblems(preset: Preset, told: Language = 'en'): PromptFileProblem[] {
  if (preset.prompts.size === 0) return [{ path: '', reason: tr(told, 'the preset carries no prompts') }];
  const problems = promptProblems(preset.prompts, told);
  for (const path of preset.prompts.keys()) {
    if (problems.some((p) => p.path === path)) continue;
    if (entryOf(path).id.split('/')[0] !== PRESET_GROUP)
      problems.push({
        path,
        reason: tr(told, 'a preset carries only {group}/ prompts', { group: PRESET_GROUP }),
      });
  }
  return problems;
}

/**
 * The warning a preset carrying rules prompts is shown with (card, editor, approval), in `told`; null
 * for a preset of prose prompts only.
 */
export function rulesWarning(preset: Preset, told: Language): string | null {
  const entries = [...preset.prompts.keys()].sort().map(entryOf);
  const rules = [...new Set(entries.filter((p) => p.rules).map((p) => p.id))];
  return rules.length
    ? tr(
        told,
        'This preset replaces rules prompts ({ids}). They name tools and fields the program reads, so a mistake there can break the story.',
        { ids: rules.join(', ') },
      )
    : null;
}

/** The preset as listed, with messages in the interface language. */
export function summarisePreset(preset: Preset, uiLanguage: Language): PresetSummary {
  const prompts = [...preset.prompts.keys()].sort().map(entryOf);
  return {
    id: preset.id,
    title: preset.title,
    description: preset.description,
    sampling: preset.sampling,
    languages: [...new Set(prompts.map((p) => p.language))],
    prompts,
    warning: rulesWarning(preset, uiLanguage),
    problems: presetProblems(preset, uiLanguage),
  };
}
