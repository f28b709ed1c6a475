// Derived views of a story, recomputed only where the document changed: the path, each audience's
// transcript, missing records, and staleness by fingerprint with propagation (DESIGN.md).
// Nothing here is written back to the document.
import type * as Y from 'yjs';
import { observeTurnChanges } from '../doc/changes.ts';
import { createChildrenIndex } from '../doc/children-index.ts';
import { readTurn, activeLeaf, hasTurn, turnParent } from '../doc/turns.ts';
import { allTurnsTopological } from '../doc/tree.ts';
import { EMPTY_HISTORY } from './fingerprint.ts';
import type { StoryMeta } from '../doc/schema.ts';
import type { Chronicle } from '../doc/chronicle.ts';
import { createStoryFacts, type Cast, type StoryFacts } from './cast.ts';
import { computeNode, type PathNode, type TranscriptEntry } from './path-node.ts';
import { createTranscriptMemo } from './transcript-memo.ts';
import { staleItemsOn, type StaleItem } from './stale-items.ts';
import { storySetOf } from '../doc/story-set.ts';
import { bandOf } from '../doc/segment-turns.ts';
import { turnDepth } from '../doc/turns.ts';
import { observeSegmentClocks } from '../doc/segment-clocks.ts';
import { observeCheckpoints } from '../doc/segment-checkpoints.ts';
import { readCheckpoint, seedNode } from './boundary-checkpoint.ts';

export type { ItemState, PathNode, TranscriptEntry, TranscriptEntryKind } from './path-node.ts';
export type { StaleItem } from './stale-items.ts';

export interface StoryViews {
  /** Nodes from the root to `leaf` (default: the active leaf). */
  path(leaf?: string | null): PathNode[];
  node(turnId: string): PathNode;
  /** Every turn of the tree (all branches), parents first. */
  everyNode(): PathNode[];
  /** Children of a turn (`null`: the roots), oldest first: the alternatives at one place. */
  children(parent: string | null): readonly string[];
  /** What `audience` has experienced, in order; `before` stops at (excludes) that turn. */
  transcript(audience: string, opts?: { before?: string; leaf?: string | null }): TranscriptEntry[];
  /** Turns on the path where `audience` should have a POV record and has none. */
  missing(audience: string, leaf?: string | null): string[];
  staleItems(leaf?: string | null): StaleItem[];
  /** The fingerprint of a participant's history through `leaf` (the basis of a turn generated after it). */
  historyThrough(participant: string, leaf: string | null): string;
  /** The participants (with their visible names), read once per change of them. */
  cast(): Cast;
  /** Title, language, settings, active leaf: read once per change of them. */
  meta(): StoryMeta;
  /** A participant's chronicle, read once per change of it. */
  chronicle(participant: string): Chronicle;
  /** The story's world (null: none) and its lorebooks, read once per change of them. */
  world: StoryFacts['world'];
  lore: StoryFacts['lore'];
  /**
   * The segments the active path needs loaded to be exact (a segmented story's): the band below its
   * first loaded turn when no valid checkpoint seeds it, or the seed has a stale item below it.
   */
  wants(): number[];
  dispose(): void;
}

export function createStoryViews(doc: Y.Doc): StoryViews {
  const facts = createStoryFacts(doc);
  const cache = new Map<string, PathNode>();
  const dirty = new Set<string>();
  const childIndex = createChildrenIndex(doc);
  const transcriptOf = createTranscriptMemo();
  // The last path walked, and how much of it no change has touched since: a read that reaches this
  // prefix takes it as is, so an append or a read of the same path costs no walk over the story.
  let known: readonly PathNode[] = [];
  let valid = 0;
  /** A node's place in `known`: a path seeded at a boundary starts at that depth, not at 0. */
  const at = (n: PathNode) => n.index - (known[0]?.index ?? 0);
  const onKnown = (id: string): PathNode | undefined => {
    const n = cache.get(id);
    return n && at(n) >= 0 && at(n) < valid && known[at(n)] === n ? n : undefined;
  };
  const set = storySetOf(doc);
  const stop = observeTurnChanges(doc, (ids) => {
    for (const id of ids) {
      dirty.add(id);
      childIndex.touch(id);
      const n = cache.get(id);
      if (n && known[at(n)] === n) valid = Math.min(valid, at(n));
      // The missing parent of the path's first turn arrived: the path now starts further up.
      if (id === known[0]?.turn.parent) valid = 0;
      // An unloaded segment's turns: their nodes go (the texts they copy are most of a segment's memory).
      if (set && !hasTurn(doc, id)) {
        cache.delete(id);
        parents.delete(id);
      }
    }
  });
  // A checkpoint stored, or a segment below changed: the seed of the path's first turn may be another
  // (asked at the next walk: most clock changes are the newest segment's, no seed's input).
  let seedsMoved = false;
  const stopSeeds = set
    ? [
        observeCheckpoints(doc, () => (seedsMoved = true)),
        observeSegmentClocks(doc, () => (seedsMoved = true)),
      ]
    : [];
  /** Seeds by what they stand on, so a path read twice starts from the same object. */
  const seeds = new Map<string, PathNode>();
  /**
   * What a path's first turn `id` follows: a segmented story's turn whose parent's band is not loaded
   * follows the seed of that boundary (a valid checkpoint's, else an empty one); any other, nothing.
   */
  const seedFor = (id: string): PathNode | null => {
    const depth = set && turnDepth(doc, id);
    const parent = turnParent(doc, id);
    if (!set || !depth || parent === null || set.segment(bandOf(set, depth - 1))) return null;
    const cp = readCheckpoint(doc, parent, bandOf(set, depth));
    const key = cp ? `${parent}@${JSON.stringify(cp)}` : `${parent}@none`;
    let seed = seeds.get(key);
    if (!seed) {
      // A few boundaries are read at a time (the active path's, a branch's): older seeds are spent.
      if (seeds.size > 8) seeds.clear();
      seed = seedNode(parent, cp ?? { depth: depth - 1 });
      seeds.set(key, seed);
    }
    return seed;
  };
  // Parent links of the turns present, read from the document once per change of the turn: walking
  // a long path through the Y.Maps on every call cost more than everything else an append does.
  const parents = new Map<string, string | null>();

  /** The parent of turn `id`, or undefined when this device does not have the turn. */
  const parentOf = (id: string): string | null | undefined => {
    if (!dirty.has(id)) {
      const link = parents.get(id);
      if (link !== undefined) return link;
    }
    if (!hasTurn(doc, id)) {
      parents.delete(id);
      return undefined;
    }
    const parent = turnParent(doc, id);
    parents.set(id, parent);
    return parent;
  };

  const reuse = (id: string, parent: PathNode | null): PathNode => {
    const cached = cache.get(id);
    if (cached && !dirty.has(id) && cached.parent === parent) return cached;
    const fresh = computeNode(readTurn(doc, id), parent);
    cache.set(id, fresh);
    // No longer dirty: the parent link must be the one just read (everyNode gets here without parentOf).
    parents.set(id, fresh.turn.parent);
    dirty.delete(id);
    return fresh;
  };

  /** The path to `leaf`, shared with the views' own reads: callers copy it before handing it out. */
  const walk = (leaf: string | null): readonly PathNode[] => {
    const first = known[0];
    if (seedsMoved && first?.parent?.seed && seedFor(first.id) !== first.parent) valid = 0;
    seedsMoved = false;
    const ids: string[] = [];
    let joined: PathNode | undefined;
    // A turn can name a parent this device has not received yet (updates from several peers arrive
    // in any order): the path then starts at the oldest turn present, until the rest arrives. Parent
    // links a peer made loop are cut the same way: the path starts at the turn whose parent was seen.
    const seen = new Set<string>();
    for (let id = leaf; id !== null;) {
      joined = onKnown(id);
      if (joined || seen.has(id)) break;
      seen.add(id);
      const parent = parentOf(id);
      if (parent === undefined) break;
      ids.push(id);
      id = parent;
    }
    const prefix = joined ? known.slice(0, at(joined) + 1) : [];
    if (!ids.length) return prefix;
    let prev = joined ?? seedFor(ids[ids.length - 1] as string);
    for (let i = ids.length - 1; i >= 0; i--) {
      prev = reuse(ids[i] as string, prev);
      prefix.push(prev);
    }
    known = prefix;
    valid = prefix.length;
    return prefix;
  };

  const node = (turnId: string): PathNode => {
    // The boundary turn a seeded path follows stands for itself (its history is the checkpoint's).
    const seed = known[0]?.parent;
    if (seed?.id === turnId && !hasTurn(doc, turnId)) return seed;
    const last = onKnown(turnId) ?? walk(turnId).at(-1);
    if (last?.id !== turnId) throw new Error(`no turn ${turnId}`);
    return last;
  };

  return {
    path: (leaf = activeLeaf(doc)) => [...walk(leaf)],
    node,
    everyNode() {
      const byId = new Map<string, PathNode>();
      for (const id of allTurnsTopological(doc)) {
        const parentId = turnParent(doc, id);
        byId.set(id, reuse(id, parentId === null ? null : (byId.get(parentId) ?? null)));
      }
      return [...byId.values()];
    },
    children: (parent) => childIndex.of(parent),
    transcript(audience, opts = {}) {
      const nodes = walk(opts.leaf === undefined ? activeLeaf(doc) : opts.leaf);
      const until = opts.before === undefined ? undefined : cache.get(opts.before);
      const base = nodes[0]?.index ?? 0;
      const end = until && nodes[until.index - base] === until ? until.index - base : nodes.length;
      return transcriptOf(audience, nodes, end);
    },
    missing(audience, leaf = activeLeaf(doc)) {
      return walk(leaf)
        .filter((n) => n.pov.get(audience)?.state === 'missing')
        .map((n) => n.id);
    },
    staleItems: (leaf = activeLeaf(doc)) => staleItemsOn(walk(leaf)),
    historyThrough(participant, leaf) {
      return leaf === null ? EMPTY_HISTORY : (node(leaf).hist.get(participant) ?? EMPTY_HISTORY);
    },
    cast: facts.cast,
    meta: facts.meta,
    chronicle: facts.chronicle,
    world: facts.world,
    lore: facts.lore,
    wants() {
      const seed = walk(activeLeaf(doc))[0]?.parent;
      if (!set || !seed?.seed || (seed.seed.from === 'checkpoint' && !seed.staleHist.size)) return [];
      return [bandOf(set, seed.index)];
    },
    dispose() {
      stop();
      for (const s of stopSeeds) s();
      facts.dispose();
    },
  };
}
