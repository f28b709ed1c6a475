// The children of every turn, kept up to date from the turns each change touched: the transcript
// rows show their siblings, and a pass over a 10,000-turn story per read cost tens of milliseconds.
import type * as Y from 'yjs';
import { byCreation, childrenIndex } from './tree.ts';
import { hasTurn, turnParent } from './turns.ts';

export interface ChildrenIndex {
  /** Children of `parent` (`null`: the roots), in `childrenIndex` order; valid until the next change. */
  of(parent: string | null): readonly string[];
  /** Marks a turn added, removed or edited: it is placed again at the next read. */
  touch(id: string): void;
}

export function createChildrenIndex(doc: Y.Doc): ChildrenIndex {
  /** Built at the first read; until then touches need no record. */
  let index: Map<string | null, string[]> | undefined;
  /** Under which parent each indexed turn is listed. */
  const listedUnder = new Map<string, string | null>();
  const touched = new Set<string>();
  const order = byCreation(doc);

  const unlist = (id: string) => {
    if (!listedUnder.has(id)) return;
    const list = index?.get(listedUnder.get(id) ?? null);
    list?.splice(list.indexOf(id), 1);
    listedUnder.delete(id);
  };

  const list = (id: string, into: Map<string | null, string[]>) => {
    const parent = turnParent(doc, id);
    const kids = into.get(parent) ?? [];
    into.set(parent, kids);
    const at = kids.findIndex((k) => order(id, k) < 0);
    kids.splice(at === -1 ? kids.length : at, 0, id);
    listedUnder.set(id, parent);
  };

  const current = (): Map<string | null, string[]> => {
    if (!index) {
      index = childrenIndex(doc);
      for (const [parent, kids] of index) for (const id of kids) listedUnder.set(id, parent);
      touched.clear();
    }
    for (const id of touched) {
      unlist(id);
      if (hasTurn(doc, id)) list(id, index);
    }
    touched.clear();
    return index;
  };

  return {
    of: (parent) => current().get(parent) ?? [],
    touch(id) {
      if (index) touched.add(id);
    },
  };
}
