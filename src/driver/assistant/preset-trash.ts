// A preset's prompt the preset assistant deleted, put back: written into its preset again (over
// whatever the path holds now, as the person asked for the old text back) and taken out of the trash.
import type * as Y from 'yjs';
import { setPresetPrompt } from '../doc/library-presets.ts';
import { removeFromTrash, type TrashedItem } from '../doc/library-trash.ts';

export function restorePresetPrompt(
  doc: Y.Doc,
  item: Extract<TrashedItem, { kind: 'preset-prompt' }>,
  origin?: unknown,
): { ok: true } | { ok: false; code: 'no-preset' | 'invalid'; detail?: string } {
  let result: { ok: true } | { ok: false; code: 'no-preset' | 'invalid'; detail?: string } = { ok: true };
  doc.transact(() => {
    const saved = setPresetPrompt(doc, item.presetId, item.path, item.text, origin);
    if (saved.ok) removeFromTrash(doc, item.id, origin);
    else
      result = { ok: false, code: saved.code === 'missing' ? 'no-preset' : 'invalid', detail: saved.detail };
  }, origin);
  return result;
}
