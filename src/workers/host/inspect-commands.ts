// The turn inspector's reads: one turn's source, views and what each request was given, and a
// request's full text rebuilt from the story as it is now.
import type { InspectApi } from '../api/views.ts';
import { hasTurn } from '../../driver/doc/turns.ts';
import { requestOf } from '../../driver/turns/request-of.ts';
import { uiText } from '../i18n/ui-text.ts';
import { commandEnv } from './command-env.ts';
import { isFailure, noTurn, type HostContext } from './context.ts';
import { inspect } from './views.ts';

export function inspectCommands(ctx: HostContext): InspectApi {
  return {
    async inspectTurn(storyId, turnId) {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      if (!hasTurn(story.doc, turnId)) return noTurn(turnId);
      return { ok: true, turn: inspect(story, turnId) };
    },
    async turnRequest(storyId, turnId, audience) {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      if (!hasTurn(story.doc, turnId)) return noTurn(turnId);
      const rebuilt = await requestOf(story, await commandEnv(ctx, storyId, story), turnId, audience);
      if (rebuilt === null)
        return {
          ok: false,
          code: 'not-found',
          detail: uiText('No model request made this: it was written by hand, or is not anyone’s view.'),
        };
      if (!rebuilt.ok) return rebuilt;
      const { ok: _ok, ...request } = rebuilt;
      return { ok: true, request };
    },
  };
}
