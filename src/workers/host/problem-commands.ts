// What of a story cannot be read (U3): the driver's list, kept up to date per change of the story.
import { storyProblems } from '../../driver/views/story-problems.ts';
import { repairLeaf } from '../../driver/doc/tree.ts';
import { DocOrigin } from '../../driver/doc/origins.ts';
import type { ProblemsApi } from '../api/problems.ts';
import { isFailure, type HostContext } from './context.ts';

export function problemCommands(ctx: HostContext): ProblemsApi {
  return {
    async storyProblems(storyId) {
      // What cannot be read is told of the loaded bands: no prompt window is needed for it.
      const story = await ctx.story(storyId, true);
      return isFailure(story) ? story : { ok: true, problems: [...storyProblems(story.doc)] };
    },
    async repairLeaf(storyId) {
      const story = await ctx.story(storyId, true);
      return isFailure(story) ? story : { ok: true, repaired: repairLeaf(story.doc, DocOrigin.person) };
    },
  };
}
