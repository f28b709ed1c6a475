// One turn of a path as the derived views see it: the turn, each item's state and expected basis,
// and every participant's history fingerprint after it, computed from its parent node alone.
import type { TurnSnapshot } from '../doc/schema.ts';
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
  /**
   * Only on a seed: the stand-in, as a path's parent, for a boundary turn whose segment is not loaded
   * (views/boundary-checkpoint.ts). Never itself on a path.
   */
  readonly seed?: Seed;
}

export interface Seed {
  /** 'checkpoint': its state is a valid boundary checkpoint's; 'none': unknown (empty histories). */
  from: 'checkpoint' | 'none';
  prefix: string;
  chronicle: Readonly<Record<string, string | null>>;
}

export type TranscriptEntryKind = 'own' | 'perceived' | 'nothing' | 'missing';
export interface TranscriptEntry {
  turnId: string;
  speaker: string;
  kind: TranscriptEntryKind;
  /** The source for own turns, the POV text for perceived ones, '' otherwise. */
  text: string;
}

export function entryOf(turn: TurnSnapshot, who: string): TranscriptEntry {
  if (turn.author === who) return { turnId: turn.id, speaker: turn.author, kind: 'own', text: turn.source };
  const rec = turn.pov[who];
  if (!rec) return { turnId: turn.id, speaker: turn.author, kind: 'missing', text: '' };
  return rec.perceived
    ? { turnId: turn.id, speaker: turn.author, kind: 'perceived', text: rec.text }
    : { turnId: turn.id, speaker: turn.author, kind: 'nothing', text: '' };
}

/** Shared by every node whose history holds nothing stale (most of them): it is never changed. */
const NOTHING_STALE: ReadonlySet<string> = new Set();

export function computeNode(turn: TurnSnapshot, parent: PathNode | null): PathNode {
  const histBefore = parent?.hist;
  const staleBefore = parent?.staleHist ?? NOTHING_STALE;
  const author = turn.author;
  const turnExpected = histBefore?.get(author) ?? EMPTY_HISTORY;
  const turnState =
    turn.origin === 'authored'
      ? 'authored'
      : turn.basis !== turnExpected || staleBefore.has(author)
        ? 'stale'
        : 'fresh';
  const sourceHash = fingerprint(turn.source);
  const pov = new Map<string, { state: ItemState; expected: string }>();
  const hist = new Map(histBefore);
  // A node's set is its parent's until an item of this turn is stale (copied then, never shared).
  let staleHist = turnState === 'stale' ? new Set(staleBefore).add(author) : staleBefore;
  for (const who of turn.audiences) {
    const before = histBefore?.get(who) ?? EMPTY_HISTORY;
    const entry = entryOf(turn, who);
    if (who !== author) {
      const expected = fingerprint(before, sourceHash);
      const rec = turn.pov[who];
      const state: ItemState = !rec
        ? 'missing'
        : rec.basis !== expected || staleBefore.has(who) || turnState === 'stale'
          ? 'stale'
          : 'fresh';
      pov.set(who, { state, expected });
      if (state === 'stale') staleHist = new Set(staleHist).add(who);
    }
    hist.set(who, fingerprint(before, entry.speaker, entry.kind, entry.text));
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
