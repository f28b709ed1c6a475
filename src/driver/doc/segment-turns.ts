// Where a turn is stored: in the story's own document (schema 1), or in the segment document of its
// depth's band (a segmented story, docs/design/segmented-story.md §2.2). Every turn function of doc/
// finds its record here, so callers keep handing the driver the story's root doc.
import * as Y from 'yjs';
import { storySetOf, type StorySet } from './story-set.ts';
import { turnsMap } from './story-doc.ts';
import { segmentsHolding } from './segment-turn-index.ts';

/** A write or read that needs a segment this device has not loaded: the owner loads it and asks again. */
export type NeedsSegment = { ok: false; code: 'segment-not-loaded'; segment: number };

/** The band (segment number) of a depth in this story. */
export const bandOf = (set: StorySet, depth: number): number => Math.floor(depth / set.depths);

/** What is wrong with where a segment's turn sits: its depth does not follow its parent's, or another band's. */
export type PlacementFlaw = 'depth' | 'segment';

/**
 * Whether turn record `m` of segment `n` sits where its depth says, and its depth is its parent's + 1.
 * A parent not present here (its band not loaded, or never sent) cannot be checked: the path starts at
 * the turn.
 */
export function placementFlaw(set: StorySet, n: number, m: Y.Map<unknown>): PlacementFlaw | null {
  const depth: unknown = m.get('depth');
  if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 0) return 'depth';
  if (bandOf(set, depth) !== n) return 'segment';
  const parent: unknown = m.get('parent');
  if (parent === null) return depth === 0 ? null : 'depth';
  if (depth === 0) return 'depth';
  if (typeof parent !== 'string') return null;
  const home = set.segment(bandOf(set, depth - 1));
  const p: unknown = home && turnsMap(home).get(parent);
  if (p instanceof Y.Map) return p.get('depth') === depth - 1 ? null : 'depth';
  // Not where its depth puts it: the parent stored at another depth makes this one's wrong.
  for (const k of segmentsHolding(set, parent)) {
    const q: unknown = turnsMap(set.segment(k) as Y.Doc).get(parent);
    if (q instanceof Y.Map && q.get('depth') !== depth - 1) return 'depth';
  }
  return null;
}

export interface StoredTurn {
  /** The stored value (anything a peer wrote). */
  value: unknown;
  /** The document that holds it: the story's own, or its segment's. */
  doc: Y.Doc;
  /** Its segment; null in a story kept in one document. */
  n: number | null;
  /** A segmented story's placement check of it; null when well placed (or not segmented). */
  misplaced: PlacementFlaw | null;
}

/** Every loaded record of turn `id` of a segmented story, oldest band first, well placed or not. */
export function storedCopies(set: StorySet, id: string): StoredTurn[] {
  const out: StoredTurn[] = [];
  for (const n of segmentsHolding(set, id)) {
    const doc = set.segment(n) as Y.Doc;
    const value: unknown = turnsMap(doc).get(id);
    if (value === undefined) continue;
    const misplaced = value instanceof Y.Map ? placementFlaw(set, n, value) : null;
    out.push({ value, doc, n, misplaced });
  }
  return out;
}

/**
 * The record of turn `id` this device holds: in a segmented story the well-placed one of the loaded
 * segments (oldest band first), else the first misplaced one; undefined when none is here.
 */
export function storedTurn(root: Y.Doc, id: string): StoredTurn | undefined {
  const set = storySetOf(root);
  if (!set) {
    const value: unknown = turnsMap(root).get(id);
    return value === undefined ? undefined : { value, doc: root, n: null, misplaced: null };
  }
  const copies = storedCopies(set, id);
  return copies.find((c) => c.misplaced === null) ?? copies[0];
}

/** The documents that hold a story's turns, with their segment (null: the story's own document). */
export function turnDocs(root: Y.Doc): Array<{ doc: Y.Doc; n: number | null }> {
  const set = storySetOf(root);
  if (!set) return [{ doc: root, n: null }];
  return set.loaded().map((n) => ({ doc: set.segment(n) as Y.Doc, n }));
}

/** The stored depth of a turn record of a segmented story (undefined: not a number). */
export function storedDepth(m: Y.Map<unknown>): number | undefined {
  const d: unknown = m.get('depth');
  return typeof d === 'number' ? d : undefined;
}

/**
 * The loaded turns that name one of `parents` as their parent. Where a turn sits decides whether its
 * children follow its depth (SG5): when its depth or parent changes, or its record is replaced or
 * gone, its children's placement changes with it.
 */
export function childrenNaming(set: StorySet, parents: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const n of set.loaded())
    for (const [id, m] of turnsMap(set.segment(n) as Y.Doc).entries()) {
      const parent: unknown = m instanceof Y.Map ? m.get('parent') : undefined;
      if (typeof parent === 'string' && parents.has(parent)) out.push(id);
    }
  return out;
}
