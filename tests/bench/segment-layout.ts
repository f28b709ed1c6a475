// The segmented layouts of the segment spike (docs/design/segmented-story.md): segment docs copied
// from a one-doc story, the root doc with its segment index and boundary checkpoints, and the views'
// pass over one segment started from its checkpoint. Spike code for measuring, not the product's.
import * as Y from 'yjs';
import { readTurn, type NewTurn } from '../../src/driver/doc/turns.ts';
import { writePov } from '../../src/driver/doc/pov.ts';
import { createStory, turnsMap, metaMap } from '../../src/driver/doc/story-doc.ts';
import { addParticipant } from '../../src/driver/doc/participants.ts';
import type { TurnSnapshot } from '../../src/driver/doc/schema.ts';
import { computeNode, type PathNode } from '../../src/driver/views/path-node.ts';
import { EMPTY_HISTORY, fingerprint } from '../../src/driver/views/fingerprint.ts';

/** A segment's boundary checkpoint: everything the views need to start at its first turn. */
export interface Checkpoint {
  /** Chained fingerprint of the turn ids of the path before the segment. */
  pathHash: string;
  /** Every participant's history fingerprint before the segment (PathNode.hist). */
  hist: Record<string, string>;
}

/** Writes a turn exactly as appendTurn lays it out, minus its parent check (the parent may be in an earlier segment). */
export function writeTurn(doc: Y.Doc, t: TurnSnapshot | (NewTurn & { parent: string | null })): void {
  const m = new Y.Map<unknown>();
  m.set('parent', t.parent);
  m.set('author', t.author);
  m.set('audiences', t.audiences);
  m.set('source', new Y.Text('source' in t ? t.source : t.text));
  m.set('origin', t.origin);
  if (t.basis !== undefined) m.set('basis', t.basis);
  m.set('createdAt', t.createdAt);
  m.set('pov', new Y.Map());
  turnsMap(doc).set(t.id, m);
}

/** A node standing for the path before a segment: hist from the checkpoint, nothing stale. */
export function seedNode(cp: Checkpoint, index: number): PathNode {
  return {
    id: 'checkpoint',
    parent: null,
    index,
    turn: {} as TurnSnapshot,
    turnExpected: EMPTY_HISTORY,
    turnState: 'authored',
    pov: new Map(),
    hist: new Map(Object.entries(cp.hist)),
    staleHist: new Set(),
  };
}

/** The views' pass over one segment's turns in path order, started from its checkpoint. */
export function passFrom(doc: Y.Doc, ids: readonly string[], cp: Checkpoint, index: number): PathNode {
  let node = seedNode(cp, index);
  for (const id of ids) node = computeNode(readTurn(doc, id), node);
  return node;
}

/** Segment docs of `size` turns (by path position) copied from the one-doc story, encoded. */
export function layOut(mono: Y.Doc, turnIds: readonly string[], size: number, cps: Map<number, Checkpoint>) {
  const segments: Uint8Array[] = [];
  const ids: string[][] = [];
  const checkpoints: Checkpoint[] = [];
  for (let start = 0; start < turnIds.length; start += size) {
    const seg = new Y.Doc({ guid: `${mono.guid}~${segments.length}` });
    const slice = turnIds.slice(start, start + size);
    seg.transact(() => {
      seg.getMap('segment').set('n', segments.length);
      for (const id of slice) {
        const t = readTurn(mono, id);
        writeTurn(seg, t);
        for (const [audience, rec] of Object.entries(t.pov))
          writePov(seg, id, audience, { ...rec, createdAt: rec.createdAt ?? t.createdAt });
      }
    });
    segments.push(Y.encodeStateAsUpdate(seg));
    ids.push(slice);
    checkpoints.push(cps.get(start) as Checkpoint);
    seg.destroy();
  }
  return { segments, ids, checkpoints };
}

/** The boundary checkpoints of the chronology at every multiple of `step`, from one pass over it. */
export function checkpointsEvery(
  mono: Y.Doc,
  turnIds: readonly string[],
  step: number,
): Map<number, Checkpoint> {
  const cps = new Map<number, Checkpoint>();
  let node: PathNode | null = null;
  let pathHash = fingerprint('path');
  for (let i = 0; i < turnIds.length; i++) {
    if (i % step === 0) cps.set(i, { pathHash, hist: Object.fromEntries(node?.hist ?? new Map()) });
    const next: PathNode = computeNode(readTurn(mono, turnIds[i] as string), node);
    // The chain is cut: keeping every node of a 100,000-turn path would not fit the heap.
    node = { ...next, parent: null };
    pathHash = fingerprint(pathHash, turnIds[i] as string);
  }
  return cps;
}

export function buildRoot(
  guid: string,
  participants: Parameters<typeof addParticipant>[1][],
  turnIds: readonly string[],
  ids: string[][],
  checkpoints: Checkpoint[],
  withIdIndex: boolean,
): Uint8Array {
  const root = new Y.Doc({ guid });
  root.transact(() => {
    createStory(root, { title: 'root', language: 'en', createdAt: new Date(0).toISOString() });
    for (const p of participants) addParticipant(root, p);
  });
  // The active leaf moves on every append, as today (its overwritten values stay as tombstones).
  for (let start = 0; start < turnIds.length; start += 250)
    root.transact(() => {
      for (const id of turnIds.slice(start, start + 250)) metaMap(root).set('activeLeaf', id);
    });
  root.transact(() => {
    const index = root.getMap<Y.Map<unknown>>('segments');
    ids.forEach((slice, n) => {
      const m = new Y.Map<unknown>();
      m.set('first', slice[0]);
      m.set('last', slice.at(-1));
      m.set('count', slice.length);
      m.set('checkpoint', checkpoints[n]);
      index.set(String(n), m);
    });
    if (withIdIndex) {
      const where = root.getMap<number>('turnSegment');
      ids.forEach((slice, n) => slice.forEach((id) => where.set(id, n)));
    }
  });
  const bytes = Y.encodeStateAsUpdate(root);
  root.destroy();
  return bytes;
}
