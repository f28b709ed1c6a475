// Moves of the story's path that write no turn, with their way back: Delete on a row cuts the path
// at that turn (Undo returns to where it ended), and after "Branch from here" the screen remembers
// where the path ended, so "Back to where you were" can return there.
import { createSignal, type Accessor } from 'solid-js';
import type * as Comlink from 'comlink';
import type { Branched, DriverApi, Result } from '../../workers/api.ts';

/** The last delete: how many turns left the path, and its last turn before (Undo returns there). */
export interface DeletedTurns {
  count: number;
  leaf: string;
}

/** A branch started from turn `turn` (counted from 1); `leaf` ended the path before it. */
export interface BranchPoint {
  turn: number;
  leaf: string;
}

export interface PathMoves {
  deleted: Accessor<DeletedTurns | null>;
  /** Takes the turn and everything after it out of the path; they stay in the tree as an alternative. */
  deleteFrom(turnId: string): Promise<void>;
  undoDelete(): Promise<void>;
  /** The branch the person is on after "Branch from here", or null. */
  branch: Accessor<BranchPoint | null>;
  /** Remembers a branch the inspector made (nothing to remember when the path did not change). */
  noteBranch(branched: Branched): void;
  /** Back to the path's last turn before the branch. */
  backFromBranch(): Promise<void>;
  dismissBranch(): void;
}

export interface PathMoveParts {
  api: Comlink.Remote<DriverApi>;
  storyId: string;
  run<T extends object>(command: () => Promise<Result<T>>): Promise<Result<T>>;
  /** Clears the last outcome; `follow` brings the end of the story into view. */
  start(follow: boolean): void;
}

export function createPathMoves(parts: PathMoveParts): PathMoves {
  const { api, storyId, run, start } = parts;
  const [deleted, setDeleted] = createSignal<DeletedTurns | null>(null);
  const [branch, setBranch] = createSignal<BranchPoint | null>(null);
  /** Makes `leaf` the path's end again; resolves whether it did. */
  const returnTo = async (leaf: string): Promise<boolean> => {
    start(true);
    return (await run(() => api.returnToLeaf(storyId, leaf))).ok;
  };
  return {
    deleted,
    async deleteFrom(turnId) {
      start(false);
      const result = await run(() => api.cutPath(storyId, turnId));
      if (result.ok) setDeleted({ count: result.cut, leaf: result.leaf });
    },
    async undoDelete() {
      const last = deleted();
      if (last && (await returnTo(last.leaf))) setDeleted(null);
    },
    branch,
    noteBranch(branched) {
      setBranch(branched.leaf === null ? null : { turn: branched.turn, leaf: branched.leaf });
    },
    async backFromBranch() {
      const point = branch();
      if (point && (await returnTo(point.leaf))) setBranch(null);
    },
    dismissBranch: () => setBranch(null),
  };
}
