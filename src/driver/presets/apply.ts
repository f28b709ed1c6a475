// Applying a library preset to a story: its prompts are copied into the story's overrides (later
// library edits never change a story in progress) and the story records what each copy held.
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
import { readMeta } from '../doc/story-doc.ts';
import { fingerprint } from '../fingerprint.ts';
import { clauseList } from '../i18n/lists.ts';
import { tr } from '../i18n/messages.ts';
import { presetProblems } from './summary.ts';

export type PresetResult =
  { ok: true } | { ok: false; code: 'missing' | 'unusable' | 'no-preset'; detail: string };

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

function copyIn(story: Y.Doc, preset: Preset, at: string): void {
  const files: StoryPreset['files'] = {};
  for (const [path, text] of preset.prompts) {
    const current = readPromptOverride(story, path);
    if (current !== undefined && current !== text)
      trashPrompt(story, { path, text: current, at, reason: TrashReason.replaced });
    setPromptOverride(story, path, text);
    files[path] = { hash: copyHash(text), text };
  }
  writeStoryPreset(story, { presetId: preset.id, title: preset.title, appliedAt: at, files });
}

/**
 * Applies `presetId` to the story. When the story already has a preset this switches: the files
 * that came from the old one are taken out first (prompts the preset had replaced are not brought
 * back). Applying the same preset again re-applies the library's version. `at` is an ISO time.
 */
export function applyPreset(
  library: Y.Doc,
  story: Y.Doc,
  presetId: string,
  at: string,
  origin?: unknown,
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
  story.transact(() => {
    const old = readStoryPreset(story);
    if (old) takeOutCopies(story, old, at, preset.prompts, TrashReason.replaced);
    copyIn(story, preset, at);
  }, origin);
  return { ok: true };
}

/** Copies the library's current version of the story's preset over the story's copies. */
export function reapplyPreset(library: Y.Doc, story: Y.Doc, at: string, origin?: unknown): PresetResult {
  const record = readStoryPreset(story);
  if (!record) return noPreset(story);
  return applyPreset(library, story, record.presetId, at, origin);
}

/** Takes the preset out of the story: its copies go to the trash and the layers below apply again. */
export function removeStoryPreset(story: Y.Doc, at: string, origin?: unknown): PresetResult {
  const record = readStoryPreset(story);
  if (!record) return noPreset(story);
  story.transact(() => {
    takeOutCopies(story, record, at, new Map(), TrashReason.removed);
    clearStoryPreset(story);
  }, origin);
  return { ok: true };
}
