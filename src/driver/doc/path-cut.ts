// Deleting messages as a branch cut: the active path ends before a turn, and that turn with what
// followed it stays in the tree as an alternative, so nothing is lost and Undo switches back to it.
import type * as Y from 'yjs';
import { activeLeaf, turnParent } from './turns.ts';
import { setActiveLeaf } from './tree.ts';

export type PathCut =
  /** `leaf`: the active leaf before the cut (switching to it undoes it); `cut`: turns that left the path. */
  | { ok: true; leaf: string; cut: number }
  /** The turn is not on the active path (another device moved it meanwhile): nothing changed. */
  | { ok: false; reason: 'not-on-path' };

/** [D12] Ends the active path at the parent of `turnId`; the turn and its followers stay as a branch. */
export function cutPathAt(doc: Y.Doc, turnId: string, origin?: unknown): PathCut {
  const leaf = activeLeaf(doc);
  let cut = 0;
  // Parent links a peer made loop: the walk up ends at a turn seen, as the path's does.
  const seen = new Set<string>();
  for (let id = leaf; leaf !== null && id !== null && !seen.has(id); id = turnParent(doc, id)) {
    seen.add(id);
    cut++;
    if (id !== turnId) continue;
    setActiveLeaf(doc, turnParent(doc, id), origin);
    return { ok: true, leaf, cut };
  }
  return { ok: false, reason: 'not-on-path' };
}
