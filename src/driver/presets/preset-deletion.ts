// Deleting a library preset keeps it, whole, in the library's trash, so the person can undo the delete
// or restore it later; a restore never replaces a preset that took its id meanwhile.
import type * as Y from 'yjs';
import { putPreset, readPreset, removePreset } from '../doc/library-presets.ts';
import {
  listTrash,
  putInTrash,
  readTrashed,
  removeFromTrash,
  type TrashedItem,
} from '../doc/library-trash.ts';

/** The trash's subject for what the person deleted on the Presets page (not an assistant's chat). */
export const PRESETS_PAGE_SUBJECT = 'presets';

export type TrashedPreset = Extract<TrashedItem, { kind: 'preset' }>;

export type PresetTrashResult = { ok: true } | { ok: false; code: 'missing'; detail: string };
export type PresetRestoreResult =
  { ok: true } | { ok: false; code: 'unknown' | 'taken' | 'invalid'; detail?: string };

/** Moves the preset into the trash under `trashId` (one transaction: it is never in neither place). */
export function trashPreset(
  doc: Y.Doc,
  presetId: string,
  trash: { trashId: string; at: number },
  origin?: unknown,
): PresetTrashResult {
  const preset = readPreset(doc, presetId);
  if (!preset) return { ok: false, code: 'missing', detail: presetId };
  const { prompts, ...info } = preset;
  doc.transact(() => {
    putInTrash(
      doc,
      {
        kind: 'preset',
        id: trash.trashId,
        subject: PRESETS_PAGE_SUBJECT,
        at: trash.at,
        preset: { ...info, prompts: Object.fromEntries(prompts) },
      },
      origin,
    );
    removePreset(doc, presetId, origin);
  }, origin);
  return { ok: true };
}

/** The presets the person deleted, newest first. */
export function listTrashedPresets(doc: Y.Doc): TrashedPreset[] {
  return listTrash(doc, PRESETS_PAGE_SUBJECT).filter((item): item is TrashedPreset => item.kind === 'preset');
}

/** Puts a deleted preset back under its own id and takes it out of the trash. */
export function restoreTrashedPreset(doc: Y.Doc, trashId: string, origin?: unknown): PresetRestoreResult {
  const item = readTrashed(doc, trashId);
  if (item?.kind !== 'preset') return { ok: false, code: 'unknown' };
  const { prompts, ...info } = item.preset;
  if (readPreset(doc, info.id)) return { ok: false, code: 'taken', detail: info.id };
  let result: PresetRestoreResult = { ok: true };
  doc.transact(() => {
    const put = putPreset(doc, { ...info, prompts: new Map(Object.entries(prompts)) }, origin);
    if (put.ok) removeFromTrash(doc, trashId, origin);
    else result = { ok: false, code: 'invalid', detail: put.detail };
  }, origin);
  return result;
}
