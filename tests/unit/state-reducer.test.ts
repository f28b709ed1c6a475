// The reducer and its checkpoints, over random commit sequences (seeded): state from the latest sound
// checkpoint is always the state replayed from nothing; a damaged checkpoint, one of another branch,
// or one whose commits have since changed is passed over, never trusted.
import { describe, expect, it } from 'vitest';
import type { Checkpoint, StateDomain } from '../../src/driver/doc/chronicle.ts';
import { STATE_DOMAINS } from '../../src/driver/doc/chronicle.ts';
import {
  CHECKPOINT_EVERY,
  dueCheckpoint,
  reduce,
  stateOf,
  type Commit,
  type CommitSource,
} from '../../src/driver/memory/chronicle-view.ts';
import { mulberry32, type Rng } from '../support/prng.ts';

const SEEDS = 200;
const SUBJECTS = ['ada', 'bram', 'cleo'];
const VALUES = ['at the inn', 'on the road', 'a lantern', 'tired', 'wary', 'wants the key'];
const SOURCES: CommitSource[] = ['chronicle', 'review', 'correction'];

/** A path of `turns` turns and commits along it in story order ('' clears a value now and then). */
function randomCommits(rng: Rng, turns: number, count: number): Commit[] {
  let at = 0;
  return Array.from({ length: count }, (_, i) => {
    if (rng.chance(0.3)) at = Math.min(turns - 1, at + 1 + rng.int(3));
    return {
      id: `k${i}`,
      subject: rng.pick(SUBJECTS),
      domain: rng.pick(STATE_DOMAINS) as StateDomain,
      value: rng.chance(0.1) ? '' : rng.pick(VALUES),
      source: rng.pick(SOURCES),
      at,
    };
  });
}

/** The checkpoints a story would have stored as its commits came in, a few at a time. */
function storedCheckpoints(rng: Rng, commits: Commit[], turnIdAt: (i: number) => string): Checkpoint[] {
  const checkpoints: Checkpoint[] = [];
  for (let k = 0; ; k = Math.min(commits.length, k + 1 + rng.int(12))) {
    const due = dueCheckpoint(commits.slice(0, k), checkpoints, turnIdAt);
    if (due) checkpoints.push({ id: `cp${checkpoints.length}`, ...due });
    if (k === commits.length) break;
  }
  return checkpoints;
}

describe('[seeded] the reducer and checkpoints', () => {
  it(`[M4] state from checkpoints equals the full replay, and unsound checkpoints are passed over (${SEEDS} seeds)`, () => {
    let usedCheckpoint = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const rng = mulberry32(seed);
      const turns = 40 + rng.int(160);
      const ids = Array.from({ length: turns }, (_, i) => `t${i}`);
      const index = new Map(ids.map((id, i) => [id, i]));
      const commits = randomCommits(rng, turns, rng.int(CHECKPOINT_EVERY * 5));
      const checkpoints = storedCheckpoints(rng, commits, (i) => ids[i] as string);
      const truth = reduce(commits);

      const got = stateOf(commits, checkpoints, index);
      expect(got.state, `seed ${seed}`).toEqual(truth);
      if (commits.length >= CHECKPOINT_EVERY) {
        expect(got.from, `seed ${seed}: a checkpoint was due`).not.toBeNull();
        usedCheckpoint++;
      }
      // A checkpoint never claims more than it holds: its state is its commits' replay.
      for (const cp of checkpoints) expect(cp.state).toEqual(reduce(commits.slice(0, cp.commits)));

      if (!got.from) continue;
      // Damaged on one device (its state changed without its hash): passed over.
      const damaged = checkpoints.map((cp) =>
        cp.id === got.from?.id ? { ...cp, state: { ...cp.state, ada: { location: 'nowhere' } } } : cp,
      );
      const afterDamage = stateOf(commits, damaged, index);
      expect(afterDamage.state, `seed ${seed}: damaged`).toEqual(truth);
      expect(afterDamage.from?.id).not.toBe(got.from.id);

      // Another branch's path: its turns are not on this one.
      const elsewhere = stateOf(
        commits,
        checkpoints,
        new Map([...index].filter(([id]) => id !== got.from?.turnId)),
      );
      expect(elsewhere.state, `seed ${seed}: other branch`).toEqual(truth);
      expect(elsewhere.from?.id).not.toBe(got.from.id);

      // An earlier commit changed (a review amended, a correction made): later checkpoints no longer hold.
      const changedAt = rng.int(got.from.commits);
      const changed = commits.map((c, i) => (i === changedAt ? { ...c, value: `${c.value} (amended)` } : c));
      const afterChange = stateOf(changed, checkpoints, index);
      expect(afterChange.state, `seed ${seed}: changed commit ${changedAt}`).toEqual(reduce(changed));
      expect((afterChange.from?.commits ?? 0) <= changedAt).toBe(true);
    }
    expect(usedCheckpoint).toBeGreaterThan(SEEDS / 2);
  });

  it('[M4] the latest commit of a subject and domain wins, and an empty value clears it', () => {
    const c = (id: string, value: string, at: number): Commit => ({
      id,
      subject: 'ada',
      domain: 'location',
      value,
      source: 'chronicle',
      at,
    });
    expect(reduce([c('a', 'inn', 0), c('b', 'road', 1)])).toEqual({ ada: { location: 'road' } });
    expect(reduce([c('a', 'inn', 0), c('b', '', 1)])).toEqual({});
  });
});
