// A segmented story's documents on this device: the root and the segment documents loaded so far
// (docs/design/segmented-story.md §2). The driver reaches it from the root doc it is handed, so the
// functions that take a story's doc keep their signatures; the worker's store owns the set — it loads,
// stores, syncs and unloads segments — and a test builds one in memory.
import * as Y from 'yjs';
import { SEGMENT_DEPTHS, segmentGuid } from './segment-key.ts';

export type SegmentEvent = { kind: 'added' | 'removed'; n: number; doc: Y.Doc };

export interface StorySet {
  readonly root: Y.Doc;
  /** Depths per segment of this story: SEGMENT_DEPTHS, or a test's narrower band. */
  readonly depths: number;
  /** Segment `n`'s document, or undefined when it is not loaded on this device. */
  segment(n: number): Y.Doc | undefined;
  /** The loaded segments, ascending (one array until the next add or remove: read on every turn read). */
  loaded(): readonly number[];
  /**
   * Segment `n`'s document for a write into its band: the loaded one, or a new empty one made now
   * (an append deeper than any band yet). Whoever owns the set stores and syncs what it made.
   */
  ensure(n: number): Y.Doc;
  /** Listens for segment documents joining or leaving the set (observers attach to each). */
  observe(listener: (event: SegmentEvent) => void): () => void;
}

export interface OwnedStorySet extends StorySet {
  /** Puts a loaded segment document into the set (its guid must be the segment's). */
  add(n: number, doc: Y.Doc): void;
  /** Takes segment `n` out (unloaded); the caller destroys the document after. */
  remove(n: number): Y.Doc | undefined;
}

const sets = new WeakMap<Y.Doc, OwnedStorySet>();

/** The set a root doc belongs to, or undefined for a story kept in one document (schema 1). */
export const storySetOf = (root: Y.Doc): StorySet | undefined => sets.get(root);

/**
 * Makes the set of `root` (its guid the story id) and registers it, so the driver finds segments from
 * the root. `make` builds a new segment's document (default: a plain Y.Doc with the segment's guid);
 * `depths` narrows the bands (tests spread a short story over several segments with it).
 */
export function createStorySet(
  root: Y.Doc,
  make?: (n: number) => Y.Doc,
  opts: { depths?: number } = {},
): OwnedStorySet {
  const depths = opts.depths ?? SEGMENT_DEPTHS;
  if (!Number.isInteger(depths) || depths < 1) throw new Error(`segments of ${depths} depths`);
  if (sets.has(root)) throw new Error(`story ${root.guid} already has its segments`);
  const docs = new Map<number, Y.Doc>();
  let order: readonly number[] | null = null;
  const listeners = new Set<(event: SegmentEvent) => void>();
  const emit = (event: SegmentEvent) => {
    for (const l of [...listeners]) l(event);
  };
  const add = (n: number, doc: Y.Doc) => {
    if (doc.guid !== segmentGuid(root.guid, n))
      throw new Error(`${doc.guid} is not segment ${n} of ${root.guid}`);
    if (docs.get(n) === doc) return;
    if (docs.has(n)) throw new Error(`segment ${n} of ${root.guid} is already loaded`);
    docs.set(n, doc);
    order = null;
    emit({ kind: 'added', n, doc });
  };
  const set: OwnedStorySet = {
    root,
    depths,
    segment: (n) => docs.get(n),
    loaded: () => (order ??= Object.freeze([...docs.keys()].sort((a, b) => a - b))),
    ensure(n) {
      const have = docs.get(n);
      if (have) return have;
      const doc = make ? make(n) : new Y.Doc({ guid: segmentGuid(root.guid, n) });
      add(n, doc);
      return doc;
    },
    observe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add,
    remove(n) {
      const doc = docs.get(n);
      if (!doc) return undefined;
      docs.delete(n);
      order = null;
      emit({ kind: 'removed', n, doc });
      return doc;
    },
  };
  sets.set(root, set);
  root.once('destroy', () => sets.delete(root));
  return set;
}
