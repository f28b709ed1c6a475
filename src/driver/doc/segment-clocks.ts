// The root's mirror of what each segment holds (docs/design/segmented-story.md §2.4): key
// `<n>:<clientID>` → that client's clock in segment n after its last write there. A write that only
// deletes adds no struct and leaves the clock as it was: the items it deleted are listed under
// `<n>:<clientID>:deleted` (flat `client, clock, length` triples), so inputs change with deletions too,
// and a device can tell whether its copy of the segment holds every write the mirror names. Each of
// those keys has one writer, its client; a clock another device finds ahead of them goes under
// `<n>:<clientID>:seen`. A device
// that has not loaded segment n still learns from the root that n changed, and the boundary
// checkpoints above n are keyed by these values, so a change below makes them outdated everywhere.
import * as Y from 'yjs';
import { storySetOf } from './story-set.ts';

export const SEGMENT_CLOCKS_KEY = 'segmentClocks';

export const segmentClocksMap = (root: Y.Doc) => root.getMap<unknown>(SEGMENT_CLOCKS_KEY);

const keyOf = (n: number, client: number) => `${n}:${client}`;

const DELETED = ':deleted';
/** A clock another device found in a segment ahead of the mirror (a crash between the two writes). */
const SEEN = ':seen';

type DeleteSet = Y.Transaction['deleteSet'];

/** The mirrored values of segments below `below`, as sorted `key=value` lines (what inputs hash). */
export function mirroredClocks(root: Y.Doc, below: number): string[] {
  const out: string[] = [];
  for (const [key, value] of segmentClocksMap(root).entries()) {
    const n = Number(key.slice(0, key.indexOf(':')));
    if (!Number.isInteger(n) || n < 0 || n >= below) continue;
    if (typeof value === 'number') out.push(`${key}=${value}`);
    else if (isTriples(value)) out.push(`${key}=${value.join(',')}`);
  }
  return out.sort();
}

const isTriples = (v: unknown): v is number[] =>
  Array.isArray(v) && v.length % 3 === 0 && v.every((x) => Number.isInteger(x) && x >= 0);

/** The clients of segment `n`'s document whose clock there is ahead of the root's mirror. */
function aheadOfMirror(root: Y.Doc, n: number, segment: Y.Doc): Array<[number, number]> {
  const mirror = segmentClocksMap(root);
  const ahead: Array<[number, number]> = [];
  for (const [client, clock] of Y.decodeStateVector(Y.encodeStateVector(segment))) {
    const own = mirror.get(keyOf(n, client));
    const seen = mirror.get(keyOf(n, client) + SEEN);
    const have = Math.max(typeof own === 'number' ? own : -1, typeof seen === 'number' ? seen : -1);
    if (have < clock) ahead.push([client, clock]);
  }
  return ahead;
}

/**
 * Records a write of this device to segment `n` (this client's keys): its clock there, or, when the
 * clock did not move (the write only deleted), the items `deleted` names. Call it once per write.
 */
export function recordSegmentWrite(
  root: Y.Doc,
  n: number,
  segment: Y.Doc,
  origin?: unknown,
  deleted?: DeleteSet,
): void {
  const clock = Y.getState(segment.store, segment.clientID);
  const key = keyOf(n, segment.clientID);
  const map = segmentClocksMap(root);
  const have = map.get(key);
  const ranges: number[] = [];
  deleted?.clients.forEach((items, client) => {
    for (const item of items) ranges.push(client, item.clock, item.len);
  });
  root.transact(() => {
    if (typeof have !== 'number' || have < clock || !ranges.length) return map.set(key, Math.max(clock, 0));
    const listed = map.get(key + DELETED);
    map.set(key + DELETED, [...(isTriples(listed) ? listed : []), ...ranges]);
  }, origin);
}

/**
 * Whether segment `n` as loaded here lacks writes the root's mirror names: a client's clock there is
 * past its own, or items a write deleted are not deleted here (the root's update came first). What
 * it holds is then older than `inputs` says.
 */
export function lagsMirror(root: Y.Doc, n: number, segment: Y.Doc): boolean {
  const state = Y.decodeStateVector(Y.encodeStateVector(segment));
  const prefix = `${n}:`;
  let deletedHere: DeleteSet | undefined;
  for (const [key, value] of segmentClocksMap(root).entries()) {
    if (!key.startsWith(prefix)) continue;
    if (typeof value === 'number') {
      const client = Number(key.slice(prefix.length).replace(SEEN, ''));
      if (Number.isInteger(client) && (state.get(client) ?? 0) < value) return true;
    } else if (key.endsWith(DELETED) && isTriples(value)) {
      deletedHere ??= Y.createDeleteSetFromStructStore(segment.store);
      for (let i = 0; i < value.length; i += 3) {
        const [client, clock, len] = value.slice(i, i + 3) as [number, number, number];
        for (let k = clock; k < clock + len; k++)
          if (!Y.isDeleted(deletedHere, Y.createID(client, k))) return true;
      }
    }
  }
  return false;
}

/** Whether segment `n` as loaded here holds writes the root's mirror does not name (a crash between). */
export function isBehindMirror(root: Y.Doc, n: number, segment: Y.Doc): boolean {
  return aheadOfMirror(root, n, segment).length > 0;
}

/** Puts every clock of segment `n` that is ahead of the mirror into it (run when a segment is loaded). */
export function repairMirror(root: Y.Doc, n: number, segment: Y.Doc, origin?: unknown): void {
  const ahead = aheadOfMirror(root, n, segment);
  if (!ahead.length) return;
  root.transact(() => {
    // Under a key of its own: the client's key has that client as its one writer, so a repair made
    // at the same time as its next write never takes the place of the newer clock.
    for (const [client, clock] of ahead) segmentClocksMap(root).set(keyOf(n, client) + SEEN, clock);
  }, origin);
}

/**
 * Keeps the mirror of a segmented story: every local write to a loaded segment records this
 * device's clock there (same origin, second transaction), and a segment loaded behind the mirror is
 * repaired. For the owner of the set (the worker's store); returns the stop.
 */
export function trackSegmentWrites(root: Y.Doc): () => void {
  const set = storySetOf(root);
  if (!set) return () => undefined;
  const stops = new Map<Y.Doc, () => void>();
  const attach = (n: number, doc: Y.Doc) => {
    const onWrite = (tr: Y.Transaction) => {
      if (tr.local && (tr.changed.size || tr.deleteSet.clients.size))
        recordSegmentWrite(root, n, doc, tr.origin, tr.deleteSet);
    };
    doc.on('afterTransaction', onWrite);
    stops.set(doc, () => doc.off('afterTransaction', onWrite));
    repairMirror(root, n, doc);
  };
  for (const n of set.loaded()) attach(n, set.segment(n) as Y.Doc);
  const stopSet = set.observe((e) => {
    if (e.kind === 'added') attach(e.n, e.doc);
    else {
      stops.get(e.doc)?.();
      stops.delete(e.doc);
    }
  });
  return () => {
    stopSet();
    for (const stop of stops.values()) stop();
    stops.clear();
  };
}

/** Calls `onChange` after every transaction that changed the mirror. Returns the stop. */
export function observeSegmentClocks(root: Y.Doc, onChange: () => void): () => void {
  const map = segmentClocksMap(root);
  const handler = () => onChange();
  map.observe(handler);
  return () => map.unobserve(handler);
}

/** The highest band some device wrote in, as the mirror or this device's loaded bands say (0: none). */
export function topBand(root: Y.Doc): number {
  let top = 0;
  for (const key of segmentClocksMap(root).keys()) {
    const band = Number(key.slice(0, key.indexOf(':')));
    if (Number.isInteger(band) && band > top) top = band;
  }
  for (const band of storySetOf(root)?.loaded() ?? []) if (band > top) top = band;
  return top;
}

/**
 * Whether band `n` may hold a turn: some device wrote there or in the band before it (a first write
 * may reach the root before its mirror). A leaf beyond that names a depth no turn sits at (U5):
 * nothing is loaded or fetched for it; the bands to load are the newest written ones instead.
 */
export function bandMayExist(root: Y.Doc, n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n <= topBand(root) + 1;
}
