// A RoomStore that never writes on a handle after it failed a write. LevelDB keeps appending to its log
// after a failed write (disk full), behind a torn record; once the process crashes, recovery stops at
// that record ("checksum mismatch") and drops every update written after it. So after any failed write
// or compaction this closes the handle and opens the database again (recovery then ends the old log
// cleanly and starts a new one) before anything else touches the disk. If it cannot be opened again
// within the attempts, the store is lost: every later call rejects and `lost` is told once.
import type { RoomStore } from './room-store.ts';

export interface ReopenOptions {
  attempts: number;
  intervalMs: number;
  log: (line: string) => void;
  /** Reopening failed every time: nothing more can be stored (`rashomon serve` exits non-zero). */
  lost: (error: Error) => void;
}

export function reopeningStore(
  first: RoomStore,
  open: () => Promise<RoomStore>,
  options: ReopenOptions,
): RoomStore {
  let current: Promise<RoomStore> = Promise.resolve(first);
  // One operation at a time (y-leveldb queues them all anyway), so none can follow a failed write on
  // the same handle before it is closed.
  let queue: Promise<unknown> = Promise.resolve();

  const reopen = async (failed: RoomStore, cause: unknown): Promise<RoomStore> => {
    options.log(`a write to the database failed (${(cause as Error).message}): reopening it`);
    await failed.close().catch(() => {});
    let lastError: Error = new Error('not tried');
    for (let attempt = 1; attempt <= options.attempts; attempt++) {
      try {
        const store = await open();
        options.log(`database reopened (attempt ${attempt})`);
        return store;
      } catch (e) {
        lastError = e as Error;
        if (attempt < options.attempts) await new Promise((r) => setTimeout(r, options.intervalMs));
      }
    }
    options.lost(lastError);
    throw new Error(`the database could not be reopened: ${lastError.message}`);
  };

  const run = <T>(writes: boolean, operation: (store: RoomStore) => Promise<T>): Promise<T> => {
    const result = queue.then(async () => {
      const store = await current;
      try {
        return await operation(store);
      } catch (error) {
        if (writes) {
          current = reopen(store, error);
          current.catch(() => {}); // callers learn of it through their own call
        }
        throw error;
      }
    });
    queue = result
      .then(
        () => current,
        () => current,
      )
      .catch(() => {});
    return result;
  };

  return {
    load: (room) => run(false, (store) => store.load(room)),
    append: (room, update) => run(true, (store) => store.append(room, update)),
    compact: (room) => run(true, (store) => store.compact(room)),
    close: () => run(false, (store) => store.close()),
  };
}
