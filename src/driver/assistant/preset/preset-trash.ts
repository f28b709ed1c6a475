// A preset's prompt the preset assistant deleted, put back: written into its preset again and taken
// out of the trash — unless its path holds another text now, which is never written over silently
// (refused with the path; the person deletes or edits that one first).
import type * as Y from 'yjs';
import { readPreset, setPresetPrompt } from '../../doc/library-presets.ts';
import { removeFromTrash, type TrashedItem } from '../../doc/library-trash.ts';

type PresetRestoreResult =
  { ok: true } | { ok: false; code: 'no-preset' | 'invalid' | 'taken'; detail?: string };

export function restorePresetPrompt(
  doc: Y.Doc,
  item: Extract<TrashedItem, { kind: 'preset-prompt' }>,
  origin?: unknown,
): PresetRestoreResult {
  const now = readPreset(doc, item.presetId)?.prompts.get(item.path);
  if (now && now !== item.text) return { ok: false, code: 'taken', detail: item.path };
  let result: PresetRestoreResult = { ok: true };
  doc.transact(() => {
    const saved = setPresetPrompt(doc, item.presetId, item.path, item.text, origin);
    if (saved.ok) removeFromTrash(doc, item.id, origin);
    else
      result = { ok: false, code: saved.code === 'missing' ? 'no-preset' : 'invalid', detail: saved.detail };
  }, origin);
  return result;
}
