// A participant's state on a path of a segmented story that starts at a seed (docs/design/segmented-
// story.md §2.6, rule CS3): the entries below the seed are in segments not loaded, so the state starts
// from the chronicle checkpoint stored at the seed's boundary turn and adds the commits of the loaded
// part. The checkpoint holds, beside the state, which of the person's reviews and corrections it took
// in: one made since for a turn below makes it unusable, and the band below is then needed.
import type { Chronicle, Checkpoint } from '../doc/chronicle.ts';
import { fingerprint } from '../views/fingerprint.ts';
import { reduce, type Commit, type PathEntry, type PathIndex, type State } from './chronicle-view.ts';

/** The path's first place when it is a seed (a boundary turn not loaded), with its index; else undefined. */
export function seedOfIndex(index: PathIndex): { turnId: string; at: number } | undefined {
  let first: { turnId: string; at: number } | undefined;
  for (const [turnId, at] of index) if (!first || at < first.at) first = { turnId, at };
  return first && first.at > 0 ? first : undefined;
}

/**
 * The fingerprint of the person's reviews and corrections that no place after index `through` on this
 * path resolves (a correction of a later turn, a review of a later change): what a boundary checkpoint
 * at `through` took in, and must still be the same for the checkpoint to be used.
 */
export function decisionsBelow(
  chronicle: Pick<Chronicle, 'reviews' | 'corrections'>,
  fresh: readonly PathEntry[],
  index: PathIndex,
  through: number,
): string {
  const after = (turnId: string) => (index.get(turnId) ?? -1) > through;
  const changesAfter = new Set(
    fresh.flatMap(({ entry }) => entry.changes.filter((c) => after(c.turnId)).map((c) => c.id)),
  );
  const lines = [
    ...chronicle.reviews.filter((r) => !changesAfter.has(r.changeId)).map((r) => JSON.stringify(r)),
    ...chronicle.corrections.filter((c) => !after(c.turnId)).map((c) => JSON.stringify(c)),
  ].sort();
  return fingerprint('decisions', ...lines);
}

/** The boundary checkpoint at the seed that still stands for what is below it, if one is stored. */
export function seedCheckpoint(
  chronicle: Pick<Chronicle, 'reviews' | 'corrections' | 'checkpoints'>,
  fresh: readonly PathEntry[],
  index: PathIndex,
  seed: { turnId: string; at: number },
): Checkpoint | undefined {
  const decisions = decisionsBelow(chronicle, fresh, index, seed.at);
  return chronicle.checkpoints.find(
    (cp) => cp.turnId === seed.turnId && cp.boundary?.decisions === decisions,
  );
}

/** The state on a seeded path: the seed's checkpoint and the commits after it (undefined: none usable). */
export function seededState(
  chronicle: Pick<Chronicle, 'reviews' | 'corrections' | 'checkpoints'>,
  fresh: readonly PathEntry[],
  commits: readonly Commit[],
  index: PathIndex,
): { state: State; from: Checkpoint } | undefined {
  const seed = seedOfIndex(index);
  const from = seed && seedCheckpoint(chronicle, fresh, index, seed);
  if (!seed || !from) return undefined;
  return {
    state: reduce(
      commits.filter((c) => c.at > seed.at),
      from.state,
    ),
    from,
  };
}
