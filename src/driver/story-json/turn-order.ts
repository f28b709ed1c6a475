// The order of a Story JSON file's turn tree, in linear time (issue 19: the check was quadratic, 60 000
// turns took minutes): whether every parent chain reaches a root, and the turns parents first.
import type { StoryJson } from './schema.ts';

/**
 * The first turn (in file order) whose parent chain never reaches a root, or null. Linear: a chain is
 * walked once, up to a turn already known to reach a root (or to loop), and every turn on it is marked.
 */
export function turnInLoop(turns: StoryJson['turns']): string | null {
  const parentOf = new Map(turns.map((t) => [t.id, t.parent]));
  const rooted = new Set<string>();
  for (const t of turns) {
    const walked = new Set<string>();
    let id: string | null = t.id;
    while (id !== null && !rooted.has(id)) {
      if (walked.has(id)) return t.id;
      walked.add(id);
      id = parentOf.get(id) ?? null;
    }
    for (const w of walked) rooted.add(w);
  }
  return null;
}

/**
 * Parents before children, keeping the file's order otherwise: a turn whose parent is not placed yet
 * waits for it and follows it, with its own waiting children, in the order they came. Linear.
 */
export function parentsFirst(turns: StoryJson['turns']): StoryJson['turns'] {
  const placed = new Set<string>();
  const waiting = new Map<string, StoryJson['turns']>();
  const out: StoryJson['turns'] = [];
  const place = (first: StoryJson['turns'][number]) => {
    const queue = [first];
    for (let i = 0; i < queue.length; i++) {
      const t = queue[i]!;
      out.push(t);
      placed.add(t.id);
      for (const child of waiting.get(t.id) ?? []) queue.push(child);
      waiting.delete(t.id);
    }
  };
  for (const t of turns) {
    if (t.parent === null || placed.has(t.parent)) place(t);
    else {
      const siblings = waiting.get(t.parent);
      if (siblings) siblings.push(t);
      else waiting.set(t.parent, [t]);
    }
  }
  if (out.length !== turns.length) throw new Error('turns with no reachable root');
  return out;
}
