// The plot author's hint, as the story's one generation; the rules are the driver's (turns/plot-hint.ts).
import { plotHint } from '../../driver/turns/plot-hint.ts';
import type { PlotHintApi } from '../api-plot-hint.ts';
import type { Generations } from './play-commands.ts';

export function plotHintCommands(generations: Generations): PlotHintApi {
  return {
    plotHint(storyId) {
      return generations.draft(storyId, (story, env) => plotHint(story, env));
    },
  };
}
