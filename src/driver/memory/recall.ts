// Which of a participant's memories come back to it now: scored as Generative Agents score them —
// recency (decaying with the turns since), importance (as the chronicler judged it) and relevance to
// what just happened (full-text search over the memories with MiniSearch, queried with the window's
// last turns) — each scaled to 0…1 and added with equal weight; the best that fit the room are kept,
// and told in story order. Its chronicled events come back the same way, within the same room.
import MiniSearch from 'minisearch';
import type { Memory, MemoryEdit } from '../doc/chronicle.ts';
import type { PathEntry, PathIndex } from './chronicle-view.ts';

/** How much a memory's recency fades per turn of the story since. */
export const RECENCY_DECAY = 0.98;

export interface RecalledMemory {
  memory: Memory;
  /** Path index of its turn. */
  at: number;
  score: number;
}

/**
 * The memories on the path: the chronicled ones the person did not set aside, and the person's own;
 * `digest`, a segmented story's digest memories from bands not loaded (CS4), set aside alike.
 */
export function memoriesOnPath(
  entries: readonly PathEntry[],
  edits: readonly MemoryEdit[],
  index: PathIndex,
  digest: ReadonlyArray<{ memory: Memory; at: number }> = [],
): Array<{ memory: Memory; at: number }> {
  const forgotten = new Set(edits.flatMap((e) => (e.kind === 'forgotten' ? [e.memoryId] : [])));
  const chronicled = entries.flatMap(({ entry }) => entry.memories);
  const added = edits.flatMap((e) => (e.kind === 'added' ? [e.memory] : []));
  const loaded = [...chronicled, ...added].flatMap((memory) => {
    const at = index.get(memory.turnId);
    return at === undefined || forgotten.has(memory.id) ? [] : [{ memory, at }];
  });
  const have = new Set(loaded.map((m) => m.memory.id));
  return [...digest.filter((d) => !have.has(d.memory.id) && !forgotten.has(d.memory.id)), ...loaded];
}

/**
 * How important an event counts in recall: the chronicler judges a memory's importance, not an event's,
 * so an event counts as middling and its recency and relevance decide (M11).
 */
export const EVENT_IMPORTANCE = 5;

/** The events of the path's entries as recall reads them: what happened, as the participant perceived it. */
export function eventsOnPath(
  entries: readonly PathEntry[],
  index: PathIndex,
): Array<{ memory: Memory; at: number }> {
  return entries.flatMap(({ entry }) =>
    entry.events.flatMap(({ id, text, turnId }) => {
      const at = index.get(turnId);
      return at === undefined ? [] : [{ memory: { id, text, importance: EVENT_IMPORTANCE, turnId }, at }];
    }),
  );
}

/** Every memory scored against `query` as of path index `now`, best first. */
export function rankMemories(
  memories: ReadonlyArray<{ memory: Memory; at: number }>,
  query: string,
  now: number,
): RecalledMemory[] {
  if (!memories.length) return [];
  const search = new MiniSearch<{ id: string; text: string }>({ fields: ['text'], idField: 'id' });
  search.addAll(memories.map(({ memory }) => ({ id: memory.id, text: memory.text })));
  const hits = query.trim() ? search.search(query, { fuzzy: 0.2, prefix: true, combineWith: 'OR' }) : [];
  const best = Math.max(0, ...hits.map((h) => h.score));
  const relevance = new Map(hits.map((h) => [String(h.id), best > 0 ? h.score / best : 0]));
  return memories
    .map(({ memory, at }) => ({
      memory,
      at,
      score:
        RECENCY_DECAY ** Math.max(0, now - at) + memory.importance / 10 + (relevance.get(memory.id) ?? 0),
    }))
    .sort((a, b) => b.score - a.score || b.at - a.at);
}

/** The best memories whose lines fit `room` (as `cost` counts a line), in story order. */
export function recall(
  ranked: readonly RecalledMemory[],
  room: number,
  cost: (memory: Memory) => number,
): RecalledMemory[] {
  const chosen: RecalledMemory[] = [];
  let used = 0;
  for (const r of ranked) {
    const c = cost(r.memory);
    if (used + c > room) continue;
    used += c;
    chosen.push(r);
  }
  return chosen.sort((a, b) => a.at - b.at);
}
