// A participant's chronicle as one path sees it: the entries whose turns are all on the path (so a
// branch keeps its own memories and state), which of them a later edit made stale (the fingerprint
// rule of projections), how far they cover its transcript, and the commits of state in story order.
// Derived on every read, never written back.
import type { Chronicle, ChronicleEntry, Checkpoint, Correction, StateChange } from '../doc/chronicle.ts';
import { AUTOMATIC_DOMAINS, type StateDomain } from '../doc/chronicle.ts';
import { fingerprint } from '../views/fingerprint.ts';
import type { TranscriptEntry } from '../views/path-node.ts';

/** Turn id → its index on the path. */
export type PathIndex = ReadonlyMap<string, number>;

/** The fingerprint of what a chronicler read: the participant's own view of each turn. */
export function transcriptBasis(entries: readonly TranscriptEntry[]): string {
  return fingerprint('chronicle', ...entries.flatMap((e) => [e.turnId, e.kind, e.text]));
}

export interface PathEntry {
  entry: ChronicleEntry;
  /** Path index of the last turn it read. */
  through: number;
  stale: boolean;
}

/** The entries on the path, oldest first; `views` gives the participant's transcript entry of a turn. */
export function entriesOnPath(
  chronicle: Chronicle,
  index: PathIndex,
  entryOf: (turnId: string) => TranscriptEntry | undefined,
): PathEntry[] {
  const out: PathEntry[] = [];
  for (const entry of chronicle.entries) {
    const at = entry.turns.map((t) => index.get(t));
    if (at.some((i) => i === undefined)) continue;
    const read = entry.turns.map(entryOf);
    const stale =
      read.some((e) => e === undefined) || transcriptBasis(read as TranscriptEntry[]) !== entry.basis;
    out.push({ entry, through: Math.max(...(at as number[])), stale });
  }
  return out.sort((a, b) => a.through - b.through || (a.entry.id < b.entry.id ? -1 : 1));
}

/** The path index through which the entries cover the participant's transcript (-1: none). */
export const coveredThrough = (entries: readonly PathEntry[]): number =>
  entries.reduce((n, e) => Math.max(n, e.through), -1);

export type CommitSource = 'chronicle' | 'review' | 'correction';

/** One change of state as the reducer applies it. */
export interface Commit {
  id: string;
  subject: string;
  domain: StateDomain;
  value: string;
  source: CommitSource;
  /** Path index of the turn it applies after. */
  at: number;
}

/** State: subject → domain → value (the latest commit wins). */
export type State = Record<string, Record<string, string>>;

export interface PendingChange {
  change: StateChange;
  entryId: string;
}

/** The commits on the path in story order, and the changes still waiting for the person. */
export function commitsOnPath(
  entries: readonly PathEntry[],
  chronicle: Pick<Chronicle, 'reviews' | 'corrections'>,
  index: PathIndex,
): { commits: Commit[]; pending: PendingChange[] } {
  const reviews = new Map(chronicle.reviews.map((r) => [r.changeId, r]));
  const commits: Commit[] = [];
  const pending: PendingChange[] = [];
  for (const { entry } of entries) {
    for (const change of entry.changes) {
      const at = index.get(change.turnId);
      if (at === undefined) continue;
      const base = { id: change.id, subject: change.subject, domain: change.domain, at };
      if (AUTOMATIC_DOMAINS.has(change.domain)) {
        commits.push({ ...base, value: change.value, source: 'chronicle' });
        continue;
      }
      const review = reviews.get(change.id);
      if (!review) pending.push({ change, entryId: entry.id });
      else if (review.decision !== 'rejected')
        commits.push({ ...base, value: review.value ?? change.value, source: 'review' });
    }
  }
  for (const c of chronicle.corrections) {
    const at = index.get(c.turnId);
    if (at !== undefined) commits.push(correctionCommit(c, at));
  }
  // Stable: chronicle and review commits keep their order within a turn, corrections come after them.
  const rank = (c: Commit) => (c.source === 'correction' ? 1 : 0);
  return {
    commits: commits
      .map((c, i) => ({ c, i }))
      .sort((a, b) => a.c.at - b.c.at || rank(a.c) - rank(b.c) || a.i - b.i)
      .map(({ c }) => c),
    pending,
  };
}

const correctionCommit = (c: Correction, at: number): Commit => ({
  id: c.id,
  subject: c.subject,
  domain: c.domain,
  value: c.value,
  source: 'correction',
  at,
});

/** Applies commits to a state (a copy): the latest value of each subject's domain wins; '' clears it. */
export function reduce(commits: readonly Commit[], from: State = {}): State {
  const state: State = Object.fromEntries(Object.entries(from).map(([s, d]) => [s, { ...d }]));
  for (const c of commits) {
    const subject = (state[c.subject] ??= {});
    if (c.value === '') delete subject[c.domain];
    else subject[c.domain] = c.value;
    if (!Object.keys(subject).length) delete state[c.subject];
  }
  return state;
}

/** A state's hash, the same on every device (keys in order). */
export function stateHash(state: State): string {
  const canonical = Object.keys(state)
    .sort()
    .map((s) => [s, Object.entries(state[s] as Record<string, string>).sort(([a], [b]) => (a < b ? -1 : 1))]);
  return fingerprint('state', JSON.stringify(canonical));
}

/** The fingerprint of the commits a checkpoint stands for: it is valid only while they are the same. */
export function commitsHash(commits: readonly Commit[]): string {
  return fingerprint('commits', ...commits.flatMap((c) => [c.id, c.subject, c.domain, c.value, c.source]));
}

/** A checkpoint taken every this many commits, so the reducer replays only what came after it. */
export const CHECKPOINT_EVERY = 50;

/**
 * The state after `commits` (all of a path's, in order), started from the latest checkpoint on the
 * path that still matches: its commits are the same and its state is not damaged.
 */
export function stateOf(
  commits: readonly Commit[],
  checkpoints: readonly Checkpoint[],
  index: PathIndex,
): { state: State; from: Checkpoint | null } {
  const usable = checkpoints
    .filter((cp) => index.has(cp.turnId) && cp.commits > 0 && cp.commits <= commits.length)
    .sort((a, b) => b.commits - a.commits);
  for (const cp of usable) {
    const through = commits.slice(0, cp.commits);
    if (commitsHash(through) !== cp.hash.split(':')[0] || stateHash(cp.state) !== cp.hash.split(':')[1])
      continue;
    return { state: reduce(commits.slice(cp.commits), cp.state), from: cp };
  }
  return { state: reduce(commits), from: null };
}

/** The checkpoint to store after the commits so far, when a multiple of CHECKPOINT_EVERY was reached. */
export function dueCheckpoint(
  commits: readonly Commit[],
  checkpoints: readonly Checkpoint[],
  turnIdAt: (index: number) => string | undefined,
): Omit<Checkpoint, 'id'> | null {
  const count = Math.floor(commits.length / CHECKPOINT_EVERY) * CHECKPOINT_EVERY;
  if (count === 0) return null;
  const last = commits[count - 1] as Commit;
  const turnId = turnIdAt(last.at);
  if (turnId === undefined) return null;
  const through = commits.slice(0, count);
  const hash = `${commitsHash(through)}:${stateHash(reduce(through))}`;
  if (checkpoints.some((cp) => cp.turnId === turnId && cp.commits === count && cp.hash === hash)) return null;
  return { turnId, commits: count, hash, state: reduce(through) };
}
