// One participant's chronicle as one path sees it, all at once: its entries there (stale ones marked),
// the fresh ones' commits in story order and the changes waiting for review, the state they reduce to,
// and the memories and events it has. What the requests' tails, the checkpoints and "What X remembers"
// all read.
import type { Chronicle, Memory } from '../doc/chronicle.ts';
import {
  commitsOnPath,
  entriesOnPath,
  stateOf,
  type Commit,
  type PathEntry,
  type PathIndex,
  type PendingChange,
  type State,
} from './chronicle-view.ts';
import type { TranscriptEntry } from '../views/path-node.ts';
import { eventsOnPath, memoriesOnPath } from './recall.ts';
import { seedOfIndex, seededState } from './chronicle-seed.ts';
import { digestOnPath } from './memory-digest.ts';

export interface ChronicleOnPath {
  /** Every entry whose turns are all on the path, oldest first. */
  entries: PathEntry[];
  /** Those a later edit did not make stale: only these count. */
  fresh: PathEntry[];
  commits: Commit[];
  pending: PendingChange[];
  state: State;
  memories: Array<{ memory: Memory; at: number }>;
  /** The fresh entries' events, shaped for recall beside the memories (M11). */
  events: Array<{ memory: Memory; at: number }>;
  /**
   * A segmented story's path that starts at a seed with no usable chronicle checkpoint there (CS3):
   * `state` is then the loaded part's alone, and the band below is needed to know it.
   */
  waiting: boolean;
}

/** `transcript`: the participant's transcript along the path (what tells an entry stale). */
export function chronicleOnPath(
  chronicle: Chronicle,
  index: PathIndex,
  transcript: readonly TranscriptEntry[],
): ChronicleOnPath {
  const byTurn = new Map(transcript.map((e) => [e.turnId, e]));
  const entries = entriesOnPath(chronicle, index, (t) => byTurn.get(t));
  const fresh = entries.filter((e) => !e.stale);
  const { commits, pending } = commitsOnPath(fresh, chronicle, index);
  const seed = seedOfIndex(index);
  const seeded = seed ? seededState(chronicle, fresh, commits, index) : undefined;
  return {
    entries,
    fresh,
    commits,
    pending,
    state: (seeded ?? stateOf(commits, chronicle.checkpoints, index)).state,
    memories: memoriesOnPath(
      fresh,
      chronicle.memoryEdits,
      index,
      digestOnPath(chronicle, index, seeded?.from),
    ),
    events: eventsOnPath(fresh, index),
    waiting: seed !== undefined && !seeded,
  };
}
