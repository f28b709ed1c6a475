// A new device's older segments, fetched in the background (design §2.7): once the root and the
// leaf's segments have synced, every segment of the leaf's path that has no database on this device is
// loaded, synced in its room, stored and unloaded, newest first and one room at a time, so the
// story plays at once and the rest arrives without holding more than one extra segment.
import type * as Y from 'yjs';
import { readLeafRef } from '../../driver/doc/leaf-ref.ts';
import { bandMayExist, topBand } from '../../driver/doc/segment-clocks.ts';
import { segmentGuid, segmentOf } from '../../driver/doc/segment-key.ts';
import type { SegmentStore } from '../store/segment-store.ts';
import type { SyncClient } from './client.ts';

/**
 * How long one segment's first sync may take before the fetch gives up until the story is next
 * opened: a segment of 500 turns is ~1.6 MB, well under a second on a slow link; a refused or
 * offline room never syncs.
 */
const SEGMENT_SYNC_TIMEOUT_MS = 60_000;

export interface SegmentFetcher {
  /** Starts fetching (once). */
  start(): void;
  /** Resolves when the fetch has ended: every segment fetched, given up, or stopped. */
  done(): Promise<{ fetched: number[] }>;
  stop(): void;
}

export function createSegmentFetcher(deps: {
  client: SyncClient;
  segments: SegmentStore;
  root: Y.Doc;
}): SegmentFetcher {
  const { client, segments, root } = deps;
  const storyId = root.guid;
  let stopped = false;
  let running: Promise<{ fetched: number[] }> | undefined;

  /** Wakes every wait, so a stop ends them at once. */
  const wakers = new Set<() => void>();
  /**
   * Resolves true once `ready()` holds, false when stopped or past the timeout. It looks again on each
   * change of the sync client (a room synced, sync turned on) or of the root, and sets no timer but
   * the timeout's: a story open on a device that does not sync costs nothing while it waits.
   */
  const until = (ready: () => boolean, timeoutMs = Infinity) =>
    new Promise<boolean>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finish = (result: boolean) => {
        wakers.delete(check);
        stopListening();
        root.off('update', check);
        clearTimeout(timer);
        resolve(result);
      };
      const check = () => {
        if (stopped) finish(false);
        else if (ready()) finish(true);
      };
      const stopListening = client.onChange(check);
      root.on('update', check);
      wakers.add(check);
      if (Number.isFinite(timeoutMs)) timer = setTimeout(() => finish(false), timeoutMs);
      check();
    });
  const synced = (rooms: string[], timeoutMs?: number) =>
    until(() => rooms.every((room) => client.synced(room)), timeoutMs);

  /** The leaf's path segments below what it keeps loaded that this device has no database of. */
  const missing = async (): Promise<number[]> => {
    const leaf = readLeafRef(root);
    if (!leaf) return [];
    const stored = new Set(await segments.storedSegments());
    const kept = segments.needed();
    const order: number[] = [];
    // A leaf at a depth no device wrote at (U5) fetches from the newest written band down.
    const top = bandMayExist(root, segmentOf(leaf.depth)) ? segmentOf(leaf.depth) : topBand(root);
    for (let n = top; n >= 0; n--) if (!kept.includes(n) && !stored.has(n)) order.push(n);
    return order;
  };

  const fetchOne = async (n: number): Promise<boolean> => {
    const doc = await segments.load(n);
    if (!doc) return false;
    if (!(await synced([segmentGuid(storyId, n)], SEGMENT_SYNC_TIMEOUT_MS))) {
      // No database is left of an unfinished fetch, so the next opening fetches it again.
      await segments.discard(n);
      return false;
    }
    await segments.flush();
    // Kept when the leaf has come to need it meanwhile.
    if (!segments.needed().includes(n)) await segments.unload(n);
    return true;
  };

  const run = async () => {
    const fetched: number[] = [];
    // The root says where the leaf is; the leaf's segments are what the person sees first.
    if (!(await synced([storyId]))) return { fetched };
    if (!(await until(() => readLeafRef(root) !== null))) return { fetched };
    if (!(await synced(segments.needed().map((n) => segmentGuid(storyId, n))))) return { fetched };
    for (const n of await missing()) {
      if (stopped || !(await fetchOne(n))) break;
      fetched.push(n);
    }
    return { fetched };
  };

  return {
    start() {
      running ??= run();
    },
    done: () => running ?? Promise.resolve({ fetched: [] }),
    stop() {
      stopped = true;
      for (const wake of [...wakers]) wake();
    },
  };
}
