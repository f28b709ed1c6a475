// The stale items of a path, read from the first node whose history holds one. A node's `staleHist`
// only grows along a path (a stale item taints its participant from that turn on), so every node
// before that one is fresh: after an edit near the end the list costs a binary search and the
// nodes after the edit, not a pass over the whole story.
import type { PathNode } from './path-node.ts';

export interface StaleItem {
  turnId: string;
  /** Absent: the generated turn itself; present: that audience's POV record. */
  audience?: string;
}

/** The index of the first node whose history holds a stale item; `nodes.length` when none does. */
export function firstTaintedIndex(nodes: readonly PathNode[]): number {
  let lo = 0;
  let hi = nodes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((nodes[mid] as PathNode).staleHist.size) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Every stale item on `nodes` (a path, root first), in path order, each turn's own item first. */
export function staleItemsOn(nodes: readonly PathNode[]): StaleItem[] {
  const out: StaleItem[] = [];
  for (let i = firstTaintedIndex(nodes); i < nodes.length; i++) {
    const n = nodes[i] as PathNode;
    if (n.turnState === 'stale') out.push({ turnId: n.id });
    for (const [audience, s] of n.pov) if (s.state === 'stale') out.push({ turnId: n.id, audience });
  }
  return out;
}
