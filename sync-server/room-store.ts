// Rooms on disk: the `RoomStore` seam rooms write through, and its y-leveldb implementation. Load a
// room's document, append an update (awaited, and failures reported rather than swallowed), compact a
// room's updates into one, close the database.
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { LeveldbPersistence } from 'y-leveldb';
import type * as Y from 'yjs';

type LevelFactory = (location: string, options: object, callback: (error: Error | null) => void) => unknown;
/** y-leveldb's own LevelDB package (no type declarations); called with a callback to learn of open errors. */
const level = createRequire(import.meta.url)('level') as LevelFactory;

/** The database could not be opened: the folder is not writable, or another server uses it (SV17). */
export class StoreOpenError extends Error {}

/** The file system refusing a write (not a lock): errno codes, and LevelDB's own words for them. */
const NOT_WRITABLE = /EACCES|EPERM|EROFS|permission denied|operation not permitted|read-only file system/i;
/** LevelDB's lock held by another process (or another database of this one). */
const LOCK_HELD = /lock\b.*(already held|resource temporarily unavailable)|LEVEL_LOCKED/i;

/** What the user can do about a database that did not open, in one line. */
export function storeOpenFailure(error: unknown, dir: string): StoreOpenError {
  const { code, message } = error as NodeJS.ErrnoException;
  const said = `${code ?? ''} ${message}`;
  if (NOT_WRITABLE.test(said))
    return new StoreOpenError(
      `the data folder's database ${dir} is not writable (${message}): make it writable by the user running the server, or choose another folder with --data`,
    );
  if (LOCK_HELD.test(said))
    return new StoreOpenError(
      `the data folder's database is in use by another process (${dir}): one server per data folder; stop the other server or choose another folder with --data`,
    );
  return new StoreOpenError(`cannot open the database in ${dir}: ${message}`);
}

/** Writes and removes a file: a read-only folder is told apart before LevelDB reports it as a failed lock. */
async function probeWritable(dir: string): Promise<void> {
  const probe = join(dir, `.write-probe-${process.pid}`);
  await writeFile(probe, '');
  await unlink(probe);
}

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

  /** Opens the LevelDB directory; says clearly whether it is not writable or another server holds its lock. */
  static async open(dir: string): Promise<RoomStore> {
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await probeWritable(dir);
    } catch (e) {
      throw storeOpenFailure(e, dir);
    }
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
      throw storeOpenFailure(e, dir);
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
