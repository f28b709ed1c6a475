// The part of the worker's API that moves the active path without writing turns: delete messages as
// a branch cut, and go back to a path's last turn (the cut's Undo, the way back after a branch).
// Re-exported by api.ts, the one file the app imports.
import type { Result } from './result.ts';

/**
 * Where "Branch from here" left the path: `turn`, the turn it now ends at, counted from 1; `leaf`, the
 * path's last turn before (the way back), null when the path ended there already.
 */
export interface Branched {
  turn: number;
  leaf: string | null;
}

export interface PathApi {
  /**
   * Deletes a turn and everything after it from the transcript: the active path ends before it, and
   * they stay in the story's tree as an alternative. `leaf` is the path's last turn before (for Undo),
   * `cut` how many turns left the path.
   */
  cutPath(storyId: string, turnId: string): Promise<Result<{ leaf: string; cut: number }>>;
  /** Makes `leaf` the active path's last turn again, exactly (not the newest turn under it). */
  returnToLeaf(storyId: string, leaf: string): Promise<Result>;
}
