// A segmented story's digest of memories (docs/design/segmented-story.md §2.6, rule CS4): recall
// scores every memory on the path, which at 100k turns is every segment, so the root keeps each
// participant's DIGEST_SIZE most important memories with the depth of their turn and the prefix of
// their band on the path they were made on. A digest memory of a band not loaded is on the path when
// the path's prefix at that band is the same; a loaded band's memories come from its entries, exactly.
import type { Checkpoint, Chronicle, DigestMemory, Memory } from '../doc/chronicle.ts';
import type { PathIndex } from './chronicle-view.ts';
import { EMPTY_HISTORY, fingerprint } from '../views/fingerprint.ts';
import { seedOfIndex } from './chronicle-seed.ts';

/** How many memories the digest keeps per participant: the root stays small however long the story. */
export const DIGEST_SIZE = 500;

/**
 * The path's prefix at each band of its loaded part (band → the chained fingerprint of the band-end
 * turns below it, as SG7's checkpoints chain them): over the loaded band ends, from the seed's boundary
 * checkpoint `from` (or from the story's first turn). What the chronicler stores with a memory.
 */
export function bandPrefixes(
  checkpoints: readonly Checkpoint[],
  index: PathIndex,
  depths: number,
  from: Checkpoint | undefined,
): Map<number, string> {
  const seed = seedOfIndex(index);
  const out = new Map<number, string>([[0, EMPTY_HISTORY]]);
  if (seed && !from?.boundary) return out;
  let prefix = from?.boundary?.prefix ?? EMPTY_HISTORY;
  out.set(seed ? (seed.at + 1) / depths : 0, prefix);
  const ends = [...index]
    .filter(([, at]) => at % depths === depths - 1 && (!seed || at > seed.at))
    .sort((a, b) => a[1] - b[1]);
  for (const [turnId, at] of ends) {
    prefix = fingerprint(prefix, turnId);
    out.set((at + 1) / depths, prefix);
  }
  return out;
}

/** A band below a path's seed: its first depth, its prefix, and the memories its end's checkpoint lists. */
interface BandBelow {
  start: number;
  prefix: string;
  memories: ReadonlySet<string>;
}

/**
 * The path's bands below its seed, from the seed's boundary checkpoint `from` down its `previous`
 * links, highest first, down to depth 0 when the chain is whole (a link not stored here stops it: the
 * bands below are then out of reach). Each band's memories are those its own end's checkpoint lists.
 */
function bandsBelow(checkpoints: readonly Checkpoint[], from: Checkpoint): BandBelow[] {
  const byTurn = new Map(checkpoints.flatMap((cp) => (cp.boundary ? [[cp.turnId, cp.boundary]] : [])));
  const out: BandBelow[] = [];
  for (let at = from.boundary; at;) {
    const memories = new Set(at.memories ?? []);
    if (at.previous === null) {
      out.push({ start: 0, prefix: EMPTY_HISTORY, memories });
      break;
    }
    const previous = byTurn.get(at.previous);
    // Links go down only: a peer's loop of them ends here.
    if (!previous || previous.depth >= at.depth) break;
    out.push({ start: previous.depth + 1, prefix: previous.prefix, memories });
    at = previous;
  }
  return out;
}

/**
 * The digest memories on the path from below its seed (`from`: the seed's usable boundary checkpoint),
 * the forgotten left out by the caller: a memory counts when the path's prefix at its band is the one
 * it was made under and its band's end on the path lists it (CS5: a branch inside a band not loaded
 * is told apart; a checkpoint stored before it lists none, and its band's digest memories wait for a
 * device that holds the band to store it again).
 */
export function digestOnPath(
  chronicle: Pick<Chronicle, 'memoryDigest' | 'checkpoints'>,
  index: PathIndex,
  from: Checkpoint | undefined,
): Array<{ memory: Memory; at: number }> {
  const seed = seedOfIndex(index);
  if (!seed || !from?.boundary || !chronicle.memoryDigest.length) return [];
  const bands = bandsBelow(chronicle.checkpoints, from);
  return chronicle.memoryDigest.flatMap((d) => {
    if (d.depth > seed.at) return [];
    const band = bands.find(({ start }) => start <= d.depth);
    return band && band.prefix === d.prefix && band.memories.has(d.id)
      ? [{ memory: d.memory, at: d.depth }]
      : [];
  });
}

/** Digest order: the most important first, then the newest, then by id (the same on every device). */
const rank = (a: DigestMemory, b: DigestMemory) =>
  b.memory.importance - a.memory.importance || b.depth - a.depth || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * What the digest becomes with `added`: the DIGEST_SIZE best of what it holds and the new ones, the
 * person's forgotten memories out. Returns what to write and the keys to delete.
 */
export function digestUpdate(
  chronicle: Pick<Chronicle, 'memoryDigest' | 'memoryEdits'>,
  added: readonly DigestMemory[],
): { write: DigestMemory[]; drop: string[] } {
  const forgotten = new Set(
    chronicle.memoryEdits.flatMap((e) => (e.kind === 'forgotten' ? [e.memoryId] : [])),
  );
  const all = new Map(chronicle.memoryDigest.map((d) => [d.id, d]));
  for (const d of added) all.set(d.id, d);
  const kept = [...all.values()]
    .filter((d) => !forgotten.has(d.id))
    .sort(rank)
    .slice(0, DIGEST_SIZE);
  const keep = new Set(kept.map((d) => d.id));
  const had = new Set(chronicle.memoryDigest.map((d) => d.id));
  return {
    write: added.filter((d) => keep.has(d.id)),
    drop: [...had].filter((id) => !keep.has(id)),
  };
}
