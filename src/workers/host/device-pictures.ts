// A library character's pictures kept on this device only (K15, K11): stored at import, read back by
// the card export, and let go when the character leaves the library and no other one names them.
import type * as Y from 'yjs';
import { EXPRESSIONS_MAX, listCharacters, type LibraryCharacter } from '../../driver/doc/library-doc.ts';
import type { PictureStore } from '../store/picture-store.ts';
import type { ImportedCharacter } from '../../driver/import/intermediate.ts';

/** What a planned import brings for this device (import-library-entry.ts's CharacterPlan). */
interface PlannedPictures {
  original: ImportedCharacter['avatar'];
  character: Pick<ImportedCharacter, 'expressions'>;
}

export type DevicePictures = Pick<LibraryCharacter, 'originalPicture' | 'expressions'>;

/**
 * Stores the plan's original picture and its card's expression pictures in this device's store;
 * where the library entry finds them.
 */
export async function keepDevicePictures(
  store: PictureStore,
  plan: PlannedPictures,
): Promise<DevicePictures> {
  const { original } = plan;
  const expressions = (plan.character.expressions ?? []).slice(0, EXPRESSIONS_MAX);
  const kept: DevicePictures = {};
  if (original)
    kept.originalPicture = {
      hash: await store.put(original),
      mime: original.mime,
      bytes: original.bytes.length,
    };
  if (expressions.length > 0) {
    kept.expressions = [];
    for (const { name, mime, bytes } of expressions)
      kept.expressions.push({ name, mime, hash: await store.put({ mime, bytes }) });
  }
  return kept;
}

/** The hashes of the pictures a character names. */
export const pictureHashes = (c: LibraryCharacter): string[] => [
  ...(c.originalPicture ? [c.originalPicture.hash] : []),
  ...(c.expressions ?? []).map((e) => e.hash),
];

/** Lets go of the pictures `gone` named that no character still in the library names. */
export async function releasePictures(
  store: PictureStore,
  library: Y.Doc,
  gone: LibraryCharacter,
): Promise<void> {
  const kept = new Set(listCharacters(library).flatMap(pictureHashes));
  for (const hash of pictureHashes(gone)) if (!kept.has(hash)) await store.remove(hash);
}
