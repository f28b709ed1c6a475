// The part of the worker's API for editing a story's turns: sources and views by hand, views and turns
// made again, a stale view kept, and the branch the active path follows. Re-exported by api.ts.
import type { TextDeltaOp } from '../../driver/doc/text-edit.ts';
import type { StaleChoice } from '../../driver/turns/stale-history.ts';
import type { Branched } from './path.ts';
import type { Result } from './result.ts';

export interface EditApi {
  /** Refused (nothing written) when it would leave the source empty. */
  editSource(storyId: string, turnId: string, delta: TextDeltaOp[]): Promise<Result>;
  /** Refused when it would leave the view empty: "perceived nothing" is markPerceivedNothing. */
  editPov(storyId: string, turnId: string, audience: string, delta: TextDeltaOp[]): Promise<Result>;
  markPerceivedNothing(storyId: string, turnId: string, audience: string): Promise<Result>;
  regenerateProjection(storyId: string, turnId: string, audience: string): Promise<Result>;
  regenerateFrom(storyId: string, turnId: string, opts?: { stale?: StaleChoice }): Promise<Result>;
  keepAsIs(storyId: string, turnId: string, audience?: string): Promise<Result>;
  switchBranch(storyId: string, turnId: string): Promise<Result>;
  /** Ends the active path at `turnId`: the next turn starts a new branch there (the later turns stay). */
  branchFrom(storyId: string, turnId: string): Promise<Result<Branched>>;
}
