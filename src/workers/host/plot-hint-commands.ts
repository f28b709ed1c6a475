// The plot author's hint, as the story's one generation; the rules are the driver's (turns/plot-hint.ts).
import { plotHint } from '../../driver/turns/plot-hint.ts';
import type { PlotHintApi } from '../api/plot-hint.ts';
import type { Generations } from './play-commands.ts';

export function plotHintCommands(generations: Generations): PlotHintApi {
  return {
    async plotHint(storyId, opts = {}) {
      const hint = await generations.draft(storyId, (story, env) => plotHint(story, env, opts));
      // Settling a stale history wrote to the story: what that leaves to do is the background's.
      if (opts.stale) generations.resume(storyId);
      return hint;
    },
  };
}
