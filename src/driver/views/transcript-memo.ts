// Each audience's transcript along the last path read, extended by the turns added since instead of
// rebuilt from the root: an append reads the transcripts of a story of any length.
import { entryOf, type PathNode, type TranscriptEntry } from './path-node.ts';

interface Memo {
  /** The last node the entries cover; null: none. */
  through: PathNode | null;
  entries: TranscriptEntry[];
  /** The path index (depth) of each entry's turn, increasing. */
  at: number[];
}

/** How many entries belong to turns before path index `end`. */
function entriesBefore(at: readonly number[], end: number): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((at[mid] as number) < end) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Returns `audience`'s entries for the turns `nodes[0, end)`, as a new array. A path seeded at a segment
 * boundary starts at a depth above 0: `nodes[i].index` is `nodes[0].index + i`.
 */
export type TranscriptOf = (audience: string, nodes: readonly PathNode[], end: number) => TranscriptEntry[];

export function createTranscriptMemo(): TranscriptOf {
  const memos = new Map<string, Memo>();
  return (audience, nodes, end) => {
    const memo = memos.get(audience) ?? { through: null, entries: [], at: [] };
    memos.set(audience, memo);
    const base = nodes[0]?.index ?? 0;
    // Nodes never change once made: the deepest memo node on this path vouches for all before it.
    let shared = memo.through;
    while (shared && nodes[shared.index - base] !== shared) shared = shared.parent;
    // Entries of turns above the first node (a band unloaded since) are the same path's, not asked for.
    const first = shared ? entriesBefore(memo.at, base) : 0;
    const covered = shared ? shared.index - base + 1 : 0;
    if (end <= covered) return memo.entries.slice(first, entriesBefore(memo.at, base + end));
    const kept = shared ? entriesBefore(memo.at, base + covered) : 0;
    memo.entries.length = kept;
    memo.at.length = kept;
    for (let i = covered; i < end; i++) {
      const node = nodes[i] as PathNode;
      if (!node.turn.audiences.includes(audience)) continue;
      memo.entries.push(entryOf(node.turn, audience));
      memo.at.push(node.index);
    }
    memo.through = nodes[end - 1] ?? null;
    return memo.entries.slice(first);
  };
}
