// What a participant's history rests on: the items (views and model-written turns) along a path that
// the histories of some participants depend on, in story order. Completing, keeping and refusing
// stale history all start from this.
import type { PathNode } from './path-node.ts';

/** A turn itself (no audience) or one audience's view of it. */
export type Item = { turnId: string; audience?: string };

/** Items the histories of `who` through the end of `nodes` depend on, in story order. */
export function requiredItems(nodes: PathNode[], who: string[]): Item[] {
  const needUpTo = new Map(who.map((w) => [w, nodes.length]));
  const items: Item[] = [];
  for (let j = nodes.length - 1; j >= 0; j--) {
    const n = nodes[j] as PathNode;
    const author = n.turn.author;
    const generated = n.turn.origin === 'generated';
    let turnNeeded = false;
    for (const p of n.turn.audiences) {
      if ((needUpTo.get(p) ?? -1) <= j) continue;
      if (p === author) turnNeeded ||= generated;
      else {
        items.push({ turnId: n.id, audience: p });
        if (generated) turnNeeded = true;
      }
    }
    if (turnNeeded) {
      items.push({ turnId: n.id });
      needUpTo.set(author, Math.max(needUpTo.get(author) ?? -1, j));
    }
  }
  return items.reverse();
}
