// The story tree: the chronology is the path from the root to the active leaf; children of one turn
// are alternatives (regenerations, branches, or two devices appending at once).
import type * as Y from 'yjs';
import { metaMap, turnsMap } from './story-doc.ts';
import { hasTurn, soundLeaf, storedLeaf, turnDepth, turnFlaw, turnMap } from './turns.ts';
import { storySetOf } from './story-set.ts';
import { writeLeafRef } from './leaf-ref.ts';
import { placementFlaw, turnDocs } from './segment-turns.ts';

/** Makes `leaf` the end of the chronology; a segmented story stores it with its depth (`meta.leaf`). */
export function setActiveLeaf(doc: Y.Doc, leaf: string | null, origin?: unknown): void {
  if (leaf !== null && !hasTurn(doc, leaf)) throw new Error(`cannot activate unknown turn ${leaf}`);
  if (storySetOf(doc)) {
    writeLeafRef(doc, leaf === null ? null : { id: leaf, depth: turnDepth(doc, leaf) as number }, origin);
    return;
  }
  doc.transact(() => metaMap(doc).set('activeLeaf', leaf), origin);
}

/**
 * Writes the turn a damaged leaf is shown as (U5) as the leaf, so every device reads the path the
 * person sees; false, writing nothing, when the stored leaf is sound.
 */
export function repairLeaf(doc: Y.Doc, origin?: unknown): boolean {
  if (storedLeaf(doc).sound) return false;
  setActiveLeaf(doc, soundLeaf(doc), origin);
  return true;
}

/** The order of alternatives: oldest first, ties broken by id so every device agrees. */
export function byCreation(doc: Y.Doc): (a: string, b: string) => number {
  return (a, b) => {
    const ca = String(turnMap(doc, a)?.get('createdAt') ?? '');
    const cb = String(turnMap(doc, b)?.get('createdAt') ?? '');
    return ca < cb ? -1 : ca > cb ? 1 : a < b ? -1 : a > b ? 1 : 0;
  };
}

/**
 * Every readable turn's children in one pass, oldest first; ties broken by id so every device agrees.
 * A segmented story's: over its loaded segments, each turn once (where `storedTurn` finds it).
 */
export function childrenIndex(doc: Y.Doc): Map<string | null, string[]> {
  const index = new Map<string | null, string[]>();
  const set = storySetOf(doc);
  const listed = new Set<string>();
  for (const { doc: home, n } of turnDocs(doc))
    for (const [id, m] of turnsMap(home).entries()) {
      if (turnFlaw(m) !== null) continue;
      if (set && (listed.has(id) || placementFlaw(set, n as number, m) !== null)) continue;
      if (set) listed.add(id);
      const parent = m.get('parent') as string | null;
      const list = index.get(parent);
      if (list) list.push(id);
      else index.set(parent, [id]);
    }
  const order = byCreation(doc);
  for (const list of index.values()) list.sort(order);
  return index;
}

/**
 * The deepest turn reached by always following the newest child: where a switched-to branch continues.
 * Parent links a peer made loop would lead round forever: the way down stops before a turn seen.
 */
export function newestLeafUnder(doc: Y.Doc, id: string): string {
  const index = childrenIndex(doc);
  const seen = new Set([id]);
  let cur = id;
  for (;;) {
    const kids = index.get(cur) ?? [];
    const last = kids[kids.length - 1];
    if (last === undefined || seen.has(last)) return cur;
    seen.add(last);
    cur = last;
  }
}

/** Every turn id, parents before children (for export and for stamping bases). */
export function allTurnsTopological(doc: Y.Doc): string[] {
  const index = childrenIndex(doc);
  const out: string[] = [];
  const stack = [...(index.get(null) ?? [])].reverse();
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    out.push(id);
    stack.push(...[...(index.get(id) ?? [])].reverse());
  }
  return out;
}
