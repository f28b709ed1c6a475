// Applying a library preset to a story: its prompts are copied into the story's overrides and its
// suggested sampling into the story's settings (later library edits never change a story in
// progress), and the story records what each copy held.
import type * as Y from 'yjs';
import { readPreset, type Preset } from '../doc/library-presets.ts';
import { deletePromptOverride, readPromptOverride, setPromptOverride } from '../doc/prompt-overrides.ts';
import {
  TrashReason,
  clearStoryPreset,
  readStoryPreset,
  trashPrompt,
  writeStoryPreset,
  type StoryPreset,
} from '../doc/story-preset.ts';
import { readMeta, readStorySampling, updateSettings } from '../doc/story-doc.ts';
import { fingerprint } from '../views/fingerprint.ts';
import { clauseList } from '../i18n/lists.ts';
import { tr } from '../i18n/messages.ts';
import { suggestedSampling, unsetOnly } from './sampling.ts';
import { presetProblems, rulesWarning } from './summary.ts';

export type PresetResult =
  { ok: true } | { ok: false; code: 'missing' | 'unusable' | 'no-preset' | 'needs-approval'; detail: string };

export interface ApplyOptions {
  origin?: unknown;
  /**
   * The person saw the rules-prompt warning and approved: a preset carrying rules prompts is refused
   * without it, since those prompts name tools and fields the program reads.
   */
  approveRules?: boolean;
}

function noPreset(story: Y.Doc): PresetResult {
  const language = readMeta(story).language;
  return { ok: false, code: 'no-preset', detail: tr(language, 'The story has no preset.') };
}

export const copyHash = (text: string): string => fingerprint('prompt', text);

/** Takes the files that came from the story's preset out of its overrides, into the trash. */
function takeOutCopies(
  story: Y.Doc,
  record: StoryPreset,
  at: string,
  next: ReadonlyMap<string, string>,
  reason: TrashReason,
): void {
  for (const path of Object.keys(record.files)) {
    const current = readPromptOverride(story, path);
    if (current === undefined) continue;
    // A copy about to be written again unchanged loses nothing; anything else is kept in the trash.
    if (next.get(path) !== current) trashPrompt(story, { path, text: current, at, reason });
    deletePromptOverride(story, path);
  }
}

/**
 * Copies the preset's suggested sampling in. A first preset fills only what the story has not set
 * (a temperature chosen for the story outranks a suggestion); the same preset again copies the
 * library's over the story's; switching to another leaves the story's as they are.
 */
function copySampling(story: Y.Doc, preset: Preset, old: StoryPreset | null): StoryPreset['sampling'] {
  const suggested = suggestedSampling(preset.sampling);
  const current = readStorySampling(story);
  const copied = !old ? unsetOnly(current, suggested) : old.presetId === preset.id ? suggested : {};
  updateSettings(story, copied);
  return { suggested, story: { ...current, ...copied } };
}

function copyIn(story: Y.Doc, preset: Preset, at: string, old: StoryPreset | null): void {
  const files: StoryPreset['files'] = {};
  for (const [path, text] of preset.prompts) {
    const current = readPromptOverride(story, path);
    if (current !== undefined && current !== text)
      trashPrompt(story, { path, text: current, at, reason: TrashReason.replaced });
    setPromptOverride(story, path, text);
    files[path] = { hash: copyHash(text), text };
  }
  const sampling = copySampling(story, preset, old);
  writeStoryPreset(story, { presetId: preset.id, title: preset.title, appliedAt: at, files, sampling });
}

/**
 * Applies `presetId` to the story. When the story already has a preset this switches: the files
 * that came from the old one are taken out first (prompts the preset had replaced are not brought
 * back, and the story's sampling stays). Applying the same preset again re-applies the library's
 * version, its sampling included. `at` is an ISO time. A preset carrying rules prompts needs
 * `approveRules` (SPEC PL2).
 */
export function applyPreset(
  library: Y.Doc,
  story: Y.Doc,
  presetId: string,
  at: string,
  { origin, approveRules = false }: ApplyOptions = {},
): PresetResult {
  // Told in the story's language: the driver is not given the interface's.
  const language = readMeta(story).language;
  const preset = readPreset(library, presetId);
  if (!preset)
    return {
      ok: false,
      code: 'missing',
      detail: tr(language, 'The library has no preset {id}.', { id: presetId }),
    };
  const problems = presetProblems(preset, language);
  if (problems.length)
    return {
      ok: false,
      code: 'unusable',
      detail: clauseList(
        language,
        problems.map((p) =>
          p.path ? tr(language, '{label}: {value}', { label: p.path, value: p.reason }) : p.reason,
        ),
      ),
    };
  const warning = rulesWarning(preset, language);
  if (warning && !approveRules) return { ok: false, code: 'needs-approval', detail: warning };
  story.transact(() => {
    const old = readStoryPreset(story);
    if (old) takeOutCopies(story, old, at, preset.prompts, TrashReason.replaced);
    copyIn(story, preset, at, old);
  }, origin);
  return { ok: true };
}

/**
 * Copies the library's current version of the story's preset over the story's copies (approved again
 * when it carries rules prompts: the library's version may have gained them since).
 */
export function reapplyPreset(
  library: Y.Doc,
  story: Y.Doc,
  at: string,
  options: ApplyOptions = {},
): PresetResult {
  const record = readStoryPreset(story);
  if (!record) return noPreset(story);
  return applyPreset(library, story, record.presetId, at, options);
}

/**
 * Takes the preset out of the story: its copies go to the trash and the layers below apply again.
 * The story's sampling stays: it is the story's now, whoever set it.
 */
export function removeStoryPreset(story: Y.Doc, at: string, origin?: unknown): PresetResult {
  const record = readStoryPreset(story);
  if (!record) return noPreset(story);
  story.transact(() => {
    takeOutCopies(story, record, at, new Map(), TrashReason.removed);
    clearStoryPreset(story);
  }, origin);
  return { ok: true };
}
