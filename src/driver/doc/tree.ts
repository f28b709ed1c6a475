// The story tree: the chronology is the path from the root to the active leaf; children of one turn
// are alternatives (regenerations, branches, or two devices appending at once).
import type * as Y from 'yjs';
import { metaMap, turnsMap } from './story-doc.ts';
import { activeLeaf, hasTurn, turnParent } from './turns.ts';

/** Turn ids from the root to `leaf` (default: the active leaf), root first. */
export function pathTo(doc: Y.Doc, leaf: string | null = activeLeaf(doc)): string[] {
  const path: string[] = [];
  const seen = new Set<string>();
  for (let id = leaf; id !== null; id = turnParent(doc, id)) {
    if (seen.has(id) || !hasTurn(doc, id)) throw new Error(`broken parent chain at turn ${id}`);
    seen.add(id);
    path.push(id);
  }
  return path.reverse();
}

export function setActiveLeaf(doc: Y.Doc, leaf: string | null, origin?: unknown): void {
  if (leaf !== null && !hasTurn(doc, leaf)) throw new Error(`cannot activate unknown turn ${leaf}`);
  doc.transact(() => metaMap(doc).set('activeLeaf', leaf), origin);
}

/** The order of alternatives: oldest first, ties broken by id so every device agrees. */
export function byCreation(doc: Y.Doc): (a: string, b: string) => number {
  return (a, b) => {
    const ca = String(turnsMap(doc).get(a)?.get('createdAt') ?? '');
    const cb = String(turnsMap(doc).get(b)?.get('createdAt') ?? '');
    return ca < cb ? -1 : ca > cb ? 1 : a < b ? -1 : a > b ? 1 : 0;
  };
}

/** Every turn's children in one pass, oldest first; ties broken by id so every device agrees. */
export function childrenIndex(doc: Y.Doc): Map<string | null, string[]> {
  const index = new Map<string | null, string[]>();
  for (const [id, m] of turnsMap(doc).entries()) {
    const parent = (m.get('parent') as string | null | undefined) ?? null;
    const list = index.get(parent);
    if (list) list.push(id);
    else index.set(parent, [id]);
  }
  const order = byCreation(doc);
  for (const list of index.values()) list.sort(order);
  return index;
}

/** Children of a turn (`null`: the roots), oldest first. */
export function childrenOf(doc: Y.Doc, parent: string | null): string[] {
  return childrenIndex(doc).get(parent) ?? [];
}

/** The alternatives at a turn's place, itself included, oldest first. */
export function siblingsOf(doc: Y.Doc, id: string): string[] {
  return childrenOf(doc, turnParent(doc, id));
}

/** The deepest turn reached by always following the newest child: where a switched-to branch continues. */
export function newestLeafUnder(doc: Y.Doc, id: string): string {
  const index = childrenIndex(doc);
  let cur = id;
  for (;;) {
    const kids = index.get(cur) ?? [];
    const last = kids[kids.length - 1];
    if (last === undefined) return cur;
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
