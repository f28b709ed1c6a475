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
  const onKnown = (id: string): PathNode | undefined => {
    const n = cache.get(id);
    return n && n.index < valid && known[n.index] === n ? n : undefined;
  };
  const stop = observeTurnChanges(doc, (ids) => {
    for (const id of ids) {
      dirty.add(id);
      childIndex.touch(id);
      const n = cache.get(id);
      if (n && known[n.index] === n) valid = Math.min(valid, n.index);
      // The missing parent of the path's first turn arrived: the path now starts further up.
      if (id === known[0]?.turn.parent) valid = 0;
    }
  });
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
    const prefix = joined ? known.slice(0, joined.index + 1) : [];
    if (!ids.length) return prefix;
    let prev = joined ?? null;
    for (let i = ids.length - 1; i >= 0; i--) {
      prev = reuse(ids[i] as string, prev);
      prefix.push(prev);
    }
    known = prefix;
    valid = prefix.length;
    return prefix;
  };

  const node = (turnId: string): PathNode => {
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
      const end = until && nodes[until.index] === until ? until.index : nodes.length;
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
    dispose() {
      stop();
      facts.dispose();
    },
  };
}
