// Rooms on disk through y-leveldb: load a room's document, append an update (awaited, and failures
// reported rather than swallowed), compact a room's updates into one, close the database.
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { LeveldbPersistence } from 'y-leveldb';
import type * as Y from 'yjs';

type LevelFactory = (location: string, options: object, callback: (error: Error | null) => void) => unknown;
/** y-leveldb's own LevelDB package (no type declarations); called with a callback to learn of open errors. */
const level = createRequire(import.meta.url)('level') as LevelFactory;

/** The database could not be opened (most often: another server uses the same data folder). */
export class StoreOpenError extends Error {}

export class RoomStore {
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
    return new RoomStore(db);
  }

  async load(room: string): Promise<Y.Doc> {
    // y-leveldb reports a failed operation as null (it logs and swallows the error).
    const doc = await this.db.getYDoc(room);
    if (doc === null) throw new Error(`could not read room "${room}" from disk`);
    return doc;
  }

  /** Resolves once the update is written; rejects if it was not. */
  async append(room: string, update: Uint8Array): Promise<void> {
    const clock = await this.db.storeUpdate(room, update);
    if (typeof clock !== 'number') throw new Error(`could not write an update of room "${room}"`);
  }

  /** Merges a room's stored updates into one (best effort: y-leveldb logs a failure). */
  async compact(room: string): Promise<void> {
    await this.db.flushDocument(room);
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}
