// Derived views of a story, recomputed only where the document changed: the path, each audience's
// transcript, missing records, and staleness by fingerprint with propagation (DESIGN.md).
// Nothing here is written back to the document.
import type * as Y from 'yjs';
import { observeTurnChanges } from './doc/changes.ts';
import { readTurn, activeLeaf, hasTurn, turnParent } from './doc/turns.ts';
import { allTurnsTopological } from './doc/tree.ts';
import type { TurnSnapshot } from './doc/schema.ts';
import { EMPTY_HISTORY, fingerprint } from './fingerprint.ts';

export type ItemState = 'fresh' | 'stale' | 'missing';

export interface PathNode {
  readonly id: string;
  readonly parent: PathNode | null;
  readonly index: number;
  readonly turn: TurnSnapshot;
  /** For a generated turn: the basis it should carry now (its author's history before it). */
  readonly turnExpected: string;
  readonly turnState: 'authored' | 'fresh' | 'stale';
  /** Per non-author audience: the record's state and the basis it should carry now. */
  readonly pov: ReadonlyMap<string, { state: ItemState; expected: string }>;
  /** History fingerprints after this turn, per participant. */
  readonly hist: ReadonlyMap<string, string>;
  /** Participants whose history up to and including this turn holds a stale item. */
  readonly staleHist: ReadonlySet<string>;
}

export type TranscriptEntryKind = 'own' | 'perceived' | 'nothing' | 'missing';
export interface TranscriptEntry {
  turnId: string;
  speaker: string;
  kind: TranscriptEntryKind;
  /** The source for own turns, the POV text for perceived ones, '' otherwise. */
  text: string;
}

export interface StaleItem {
  turnId: string;
  /** Absent: the generated turn itself; present: that audience's POV record. */
  audience?: string;
}

function entryOf(turn: TurnSnapshot, who: string): TranscriptEntry {
  if (turn.author === who) return { turnId: turn.id, speaker: turn.author, kind: 'own', text: turn.source };
  const rec = turn.pov[who];
  if (!rec) return { turnId: turn.id, speaker: turn.author, kind: 'missing', text: '' };
  return rec.perceived
    ? { turnId: turn.id, speaker: turn.author, kind: 'perceived', text: rec.text }
    : { turnId: turn.id, speaker: turn.author, kind: 'nothing', text: '' };
}

function computeNode(turn: TurnSnapshot, parent: PathNode | null): PathNode {
  const histBefore = (p: string) => parent?.hist.get(p) ?? EMPTY_HISTORY;
  const staleBefore = (p: string) => parent?.staleHist.has(p) ?? false;
  const turnExpected = histBefore(turn.author);
  const turnState =
    turn.origin === 'authored'
      ? 'authored'
      : turn.basis !== turnExpected || staleBefore(turn.author)
        ? 'stale'
        : 'fresh';
  const sourceHash = fingerprint(turn.source);
  const pov = new Map<string, { state: ItemState; expected: string }>();
  const hist = new Map(parent?.hist);
  const staleHist = new Set(parent?.staleHist);
  if (turnState === 'stale') staleHist.add(turn.author);
  for (const who of turn.audiences) {
    const entry = entryOf(turn, who);
    if (who !== turn.author) {
      const expected = fingerprint(histBefore(who), sourceHash);
      const rec = turn.pov[who];
      const state: ItemState = !rec
        ? 'missing'
        : rec.basis !== expected || staleBefore(who) || turnState === 'stale'
          ? 'stale'
          : 'fresh';
      pov.set(who, { state, expected });
      if (state === 'stale') staleHist.add(who);
    }
    hist.set(who, fingerprint(histBefore(who), entry.speaker, entry.kind, entry.text));
  }
  return {
    id: turn.id,
    parent,
    index: parent ? parent.index + 1 : 0,
    turn,
    turnExpected,
    turnState,
    pov,
    hist,
    staleHist,
  };
}

export interface StoryViews {
  /** Nodes from the root to `leaf` (default: the active leaf). */
  path(leaf?: string | null): PathNode[];
  node(turnId: string): PathNode;
  /** Every turn of the tree (all branches), parents first. */
  everyNode(): PathNode[];
  /** What `audience` has experienced, in order; `before` stops at (excludes) that turn. */
  transcript(audience: string, opts?: { before?: string; leaf?: string | null }): TranscriptEntry[];
  /** Turns on the path where `audience` should have a POV record and has none. */
  missing(audience: string, leaf?: string | null): string[];
  staleItems(leaf?: string | null): StaleItem[];
  /** The fingerprint of a participant's history through `leaf` (the basis of a turn generated after it). */
  historyThrough(participant: string, leaf: string | null): string;
  dispose(): void;
}

export function createStoryViews(doc: Y.Doc): StoryViews {
  const cache = new Map<string, PathNode>();
  const dirty = new Set<string>();
  const stop = observeTurnChanges(doc, (ids) => ids.forEach((id) => dirty.add(id)));
  // Parent links of the turns present, read from the document once per change of the turn: walking
  // a long path through the Y.Maps on every call cost more than everything else an append does.
  const parents = new Map<string, string | null>();

  /** The parent of turn `id`, or undefined when this device does not have the turn. */
  const parentOf = (id: string): string | null | undefined => {
    if (!dirty.has(id)) {
      const known = parents.get(id);
      if (known !== undefined) return known;
    }
    if (!hasTurn(doc, id)) {
      parents.delete(id);
      return undefined;
    }
    const parent = turnParent(doc, id);
    parents.set(id, parent);
    return parent;
  };

  const path = (leaf: string | null = activeLeaf(doc)): PathNode[] => {
    const ids: string[] = [];
    // A turn can name a parent this device has not received yet (updates from several peers arrive
    // in any order): the path then starts at the oldest turn present, until the rest arrives.
    for (let id = leaf; id !== null;) {
      const parent = parentOf(id);
      if (parent === undefined) break;
      ids.push(id);
      id = parent;
    }
    ids.reverse();
    const nodes: PathNode[] = [];
    let prev: PathNode | null = null;
    for (const id of ids) {
      prev = reuse(id, prev);
      nodes.push(prev);
    }
    return nodes;
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

  const node = (turnId: string): PathNode => {
    const nodes = path(turnId);
    const last = nodes[nodes.length - 1];
    if (!last) throw new Error(`no turn ${turnId}`);
    return last;
  };

  return {
    path,
    node,
    everyNode() {
      const byId = new Map<string, PathNode>();
      for (const id of allTurnsTopological(doc)) {
        const parentId = turnParent(doc, id);
        byId.set(id, reuse(id, parentId === null ? null : (byId.get(parentId) ?? null)));
      }
      return [...byId.values()];
    },
    transcript(audience, opts = {}) {
      const out: TranscriptEntry[] = [];
      for (const n of path(opts.leaf)) {
        if (n.id === opts.before) break;
        if (n.turn.audiences.includes(audience)) out.push(entryOf(n.turn, audience));
      }
      return out;
    },
    missing(audience, leaf) {
      return path(leaf)
        .filter((n) => n.pov.get(audience)?.state === 'missing')
        .map((n) => n.id);
    },
    staleItems(leaf) {
      const out: StaleItem[] = [];
      const nodes = path(leaf);
      // Every stale item puts its participant in staleHist from its turn on: none at the leaf, none at all.
      if (!nodes[nodes.length - 1]?.staleHist.size) return out;
      for (const n of nodes) {
        if (n.turnState === 'stale') out.push({ turnId: n.id });
        for (const [audience, s] of n.pov) if (s.state === 'stale') out.push({ turnId: n.id, audience });
      }
      return out;
    },
    historyThrough(participant, leaf) {
      return leaf === null ? EMPTY_HISTORY : (node(leaf).hist.get(participant) ?? EMPTY_HISTORY);
    },
    dispose: stop,
  };
}
