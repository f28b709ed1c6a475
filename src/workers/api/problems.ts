// The part of the worker's API that tells what of a story cannot be read (another device wrote it so):
// asked apart from the story's overview, so the first screen of a long story never waits for it, and
// again on every change. Re-exported by api.ts, the one file the app imports.
import type { Result } from './result.ts';
import type { StoryProblem } from '../../driver/views/story-problems.ts';

export type { StoryProblem, StoryProblemCode } from '../../driver/views/story-problems.ts';

export interface ProblemsApi {
  /** What of the story cannot be read, in codes with the ids concerned (U3); empty when all of it reads. */
  storyProblems(storyId: string): Promise<Result<{ problems: StoryProblem[] }>>;
  /** Writes the turn a lost leaf is shown as as the story's leaf (U5); `repaired: false` when it was sound. */
  repairLeaf(storyId: string): Promise<Result<{ repaired: boolean }>>;
}
