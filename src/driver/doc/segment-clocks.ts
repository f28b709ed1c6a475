// The root's mirror of what each segment holds (docs/design/segmented-story.md §2.4): key
// `<n>:<clientID>` → that client's clock in segment n after its last write there. A write that only
// deletes adds no struct and leaves the clock as it was: it is counted under `<n>:<clientID>:deletes`,
// so inputs change with deletions too, and every clock of the mirror is one a device holding the
// segment's writes has reached (a device whose segment is behind it lacks them). A device that has
// not loaded segment n still learns from the root that n changed, and the boundary checkpoints above
// n are keyed by these values, so a change below makes them outdated everywhere.
import * as Y from 'yjs';
import { storySetOf } from './story-set.ts';

export const SEGMENT_CLOCKS_KEY = 'segmentClocks';

export const segmentClocksMap = (root: Y.Doc) => root.getMap<unknown>(SEGMENT_CLOCKS_KEY);

const keyOf = (n: number, client: number) => `${n}:${client}`;

/** The mirrored clocks of segments below `below`, as sorted `n:client=clock` lines (what inputs hash). */
export function mirroredClocks(root: Y.Doc, below: number): string[] {
  const out: string[] = [];
  for (const [key, clock] of segmentClocksMap(root).entries()) {
    const n = Number(key.slice(0, key.indexOf(':')));
    if (Number.isInteger(n) && n >= 0 && n < below && typeof clock === 'number') out.push(`${key}=${clock}`);
  }
  return out.sort();
}

/** The clients of segment `n`'s document whose clock there is ahead of the root's mirror. */
function aheadOfMirror(root: Y.Doc, n: number, segment: Y.Doc): Array<[number, number]> {
  const mirror = segmentClocksMap(root);
  const ahead: Array<[number, number]> = [];
  for (const [client, clock] of Y.decodeStateVector(Y.encodeStateVector(segment))) {
    const have = mirror.get(keyOf(n, client));
    if (typeof have !== 'number' || have < clock) ahead.push([client, clock]);
  }
  return ahead;
}

/**
 * Records a write of this device to segment `n` (this client's keys): its clock there, or one more
 * delete-only write when the clock did not move. Call it once per write.
 */
export function recordSegmentWrite(root: Y.Doc, n: number, segment: Y.Doc, origin?: unknown): void {
  const clock = Y.getState(segment.store, segment.clientID);
  const key = keyOf(n, segment.clientID);
  const map = segmentClocksMap(root);
  const have = map.get(key);
  root.transact(() => {
    if (typeof have !== 'number' || have < clock) return map.set(key, clock);
    const deletes = map.get(`${key}:deletes`);
    map.set(`${key}:deletes`, (typeof deletes === 'number' ? deletes : 0) + 1);
  }, origin);
}

/**
 * Whether segment `n` as loaded here lacks writes the root's mirror names: a client's clock there is
 * past its own (the root's update came first). What it holds is then older than `inputs` says.
 */
export function lagsMirror(root: Y.Doc, n: number, segment: Y.Doc): boolean {
  const state = Y.decodeStateVector(Y.encodeStateVector(segment));
  const prefix = `${n}:`;
  for (const [key, clock] of segmentClocksMap(root).entries()) {
    if (!key.startsWith(prefix) || typeof clock !== 'number') continue;
    const client = Number(key.slice(prefix.length));
    // A delete count (`n:client:deletes`) names no clock.
    if (Number.isInteger(client) && (state.get(client) ?? 0) < clock) return true;
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
    for (const [client, clock] of ahead) segmentClocksMap(root).set(keyOf(n, client), clock);
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
        recordSegmentWrite(root, n, doc, tr.origin);
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
