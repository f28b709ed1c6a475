// The device's own pictures: a card's original picture (when the library keeps a smaller one) and a
// RisuAI card's expression pictures, kept in IndexedDB on the device that imported them, never in a
// synced document, keyed by their content's SHA-256 so one picture is stored once (K15, K11).
import { createStore, del, get, set } from 'idb-keyval';

export interface StoredPicture {
  mime: string;
  bytes: Uint8Array;
}

export interface PictureStore {
  /** Stores the picture; its key, the hex SHA-256 of its bytes. */
  put(picture: StoredPicture): Promise<string>;
  /** The picture under `hash`, or undefined when this device does not have it. */
  get(hash: string): Promise<StoredPicture | undefined>;
  remove(hash: string): Promise<void>;
}

/** Where the pictures live: keys and values, IndexedDB's in the app, a Map in a test. */
export interface PictureBlobs {
  get(key: string): Promise<StoredPicture | undefined>;
  set(key: string, value: StoredPicture): Promise<void>;
  del(key: string): Promise<void>;
}

/** The hex SHA-256 of `bytes`: a picture's key, the same on every device. */
export async function pictureHash(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function createPictureStore(blobs: PictureBlobs): PictureStore {
  return {
    async put(picture) {
      const hash = await pictureHash(picture.bytes);
      await blobs.set(hash, { mime: picture.mime, bytes: picture.bytes });
      return hash;
    },
    get: (hash) => blobs.get(hash),
    remove: (hash) => blobs.del(hash),
  };
}

/** A store that lives as long as the worker (tests, and hosts given none). */
export function createMemoryPictureStore(): PictureStore {
  const map = new Map<string, StoredPicture>();
  return createPictureStore({
    get: async (key) => map.get(key),
    set: async (key, value) => void map.set(key, value),
    del: async (key) => void map.delete(key),
  });
}

/** The device's store in IndexedDB (`database`: a test's own, to stand for another device). */
export function createIdbPictureStore(database = 'rashomon-pictures'): PictureStore {
  const store = createStore(database, 'pictures');
  return createPictureStore({
    get: (key) => get<StoredPicture>(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
  });
}
