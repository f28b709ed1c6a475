// Rooms on disk: the `RoomStore` seam rooms write through, and its y-leveldb implementation. Load a
// room's document, append an update (awaited, and failures reported rather than swallowed), compact a
// room's updates into one, close the database.
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { LeveldbPersistence } from 'y-leveldb';
import type * as Y from 'yjs';

type LevelFactory = (location: string, options: object, callback: (error: Error | null) => void) => unknown;
/** y-leveldb's own LevelDB package (no type declarations); called with a callback to learn of open errors. */
const level = createRequire(import.meta.url)('level') as LevelFactory;

/** The database could not be opened (most often: another server uses the same data folder). */
export class StoreOpenError extends Error {}

/** Where rooms are kept. Every method rejects when the disk did not do what it was asked. */
export interface RoomStore {
  load(room: string): Promise<Y.Doc>;
  /** Resolves once the update is written; rejects if it was not. */
  append(room: string, update: Uint8Array): Promise<void>;
  /** Merges a room's stored updates into one. */
  compact(room: string): Promise<void>;
  close(): Promise<void>;
}

/** Opens the store in a LevelDB directory (a test seam: tests wrap it to inject failures). */
export type OpenRoomStore = (dir: string) => Promise<RoomStore>;

export class LeveldbRoomStore implements RoomStore {
  private constructor(private readonly db: LeveldbPersistence) {}

  /** Opens the LevelDB directory; fails clearly when another server holds its lock. */
  static async open(dir: string): Promise<RoomStore> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    let opened!: Promise<void>;
    const db = new LeveldbPersistence(dir, {
      level: (location: string, options: object) => {
        let handle: unknown;
        opened = new Promise((resolve, reject) => {
          handle = level(location, options, (error) => (error ? reject(error) : resolve()));
        });
        return handle;
      },
    });
    try {
      await opened;
    } catch (e) {
      const message = (e as Error).message;
      throw new StoreOpenError(
        /lock/i.test(message)
          ? `the data folder's database is in use by another process (${dir}): one server per data folder`
          : `cannot open the database in ${dir}: ${message}`,
      );
    }
    return new LeveldbRoomStore(db);
  }

  async load(room: string): Promise<Y.Doc> {
    // y-leveldb reports a failed operation as null (it logs and swallows the error).
    const doc = await this.db.getYDoc(room);
    if (doc === null) throw new Error(`could not read room "${room}" from disk`);
    return doc;
  }

  async append(room: string, update: Uint8Array): Promise<void> {
    const clock = await this.db.storeUpdate(room, update);
    if (typeof clock !== 'number') throw new Error(`could not write an update of room "${room}"`);
  }

  async compact(room: string): Promise<void> {
    // A failed compaction is a failed write like any other: the handle must be reopened.
    if ((await this.db.flushDocument(room)) === null) throw new Error(`could not compact room "${room}"`);
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}
