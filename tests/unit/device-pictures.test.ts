// [K15] The device's picture store: a picture kept once by its SHA-256 (IndexedDB, fake in Node), a
// library character naming it by a field old entries lack, and the picture let go with the last
// character naming it.
import 'fake-indexeddb/auto';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { createIdbPictureStore, pictureHash } from '../../src/workers/store/picture-store.ts';
import { releasePictures } from '../../src/workers/host/device-pictures.ts';
import {
  LIBRARY_SECTION,
  listCharacters,
  putCharacter,
  removeEntry,
} from '../../src/driver/doc/library-doc.ts';

const picture = { mime: 'image/png', bytes: Uint8Array.of(1, 2, 3) };

describe('[K15] the device picture store', () => {
  it('[K15] keeps a picture by its SHA-256, apart per device (database)', async () => {
    const here = createIdbPictureStore(`pictures-${crypto.randomUUID()}`);
    const hash = await here.put(picture);
    expect(hash).toBe('039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81');
    expect(await pictureHash(picture.bytes)).toBe(hash);
    expect(await here.get(hash)).toEqual(picture);
    const elsewhere = createIdbPictureStore(`pictures-${crypto.randomUUID()}`);
    expect(await elsewhere.get(hash)).toBeUndefined();
  });

  it('[K15] an entry without the field stays valid; a malformed one reads as none', () => {
    const doc = new Y.Doc();
    putCharacter(doc, { id: 'old', name: 'Old', card: {} });
    doc.getMap<Y.Map<unknown>>('characters').get('old')?.set('originalPicture', { hash: 'nope' });
    expect(listCharacters(doc)).toMatchObject([{ id: 'old', name: 'Old' }]);
    expect(listCharacters(doc)[0]?.originalPicture).toBeUndefined();
  });

  it('[K15] deleting a character lets its original go, unless another character names it', async () => {
    const store = createIdbPictureStore(`pictures-${crypto.randomUUID()}`);
    const hash = await store.put(picture);
    const doc = new Y.Doc();
    const originalPicture = { hash, mime: 'image/png', bytes: 3 };
    putCharacter(doc, { id: 'a', name: 'A', card: {}, originalPicture });
    putCharacter(doc, { id: 'b', name: 'B', card: {}, originalPicture });
    const [a, b] = listCharacters(doc);
    removeEntry(doc, LIBRARY_SECTION.characters, 'a');
    await releasePictures(store, doc, a!);
    expect(await store.get(hash)).toEqual(picture);
    removeEntry(doc, LIBRARY_SECTION.characters, 'b');
    await releasePictures(store, doc, b!);
    expect(await store.get(hash)).toBeUndefined();
  });
});
