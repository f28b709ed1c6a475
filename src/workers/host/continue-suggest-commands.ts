// Continue and Suggest my turn, as the story's one generation (Cancel aborts it, nothing partial is
// stored); the rules are the driver's (turns/continue-turn.ts, turns/suggest-turn.ts). The draft goes
// to the caller's callback, batched like every stream, and never as a `tokens` event: it is nobody's turn.
import { releaseProxy } from 'comlink';
import { continueTurn } from '../../driver/turns/continue-turn.ts';
import { suggestTurn } from '../../driver/turns/suggest-turn.ts';
import type { ContinueSuggestApi } from '../api/continue-suggest.ts';
import type { HostContext } from './context.ts';
import type { Generations } from './play-commands.ts';
import { createTokenBatcher } from './token-batcher.ts';

export function continueSuggestCommands(ctx: HostContext, generations: Generations): ContinueSuggestApi {
  return {
    continueTurn(storyId, turnId, opts = {}) {
      return generations.run(storyId, (story, env) =>
        continueTurn(story, env, turnId, opts.stale ? { stale: opts.stale } : {}),
      );
    },

    async suggestTurn(storyId, onDraft, opts = {}) {
      const suggested = await generations.draft(storyId, async (story, env) => {
        let draft = '';
        let attempt = 0;
        const batch = createTokenBatcher<'draft'>(() => void onDraft(draft), ctx.timers);
        try {
          return await suggestTurn(
            story,
            {
              ...env,
              onToken: (source, delta) => {
                if (source.op !== 'suggestion') return env.onToken?.(source, delta);
                // A refused draft's text is void once its retry starts.
                if (source.attempt !== attempt) draft = '';
                attempt = source.attempt;
                draft += delta;
                batch.push('draft', delta);
              },
            },
            opts,
          );
        } finally {
          batch.flush();
          // The page's callback is a Comlink proxy: once its last draft has arrived, release its channel.
          await onDraft(draft);
          (onDraft as Partial<Record<typeof releaseProxy, () => void>>)[releaseProxy]?.();
        }
      });
      // Settling a stale history wrote to the story: what that leaves to do is the background's.
      if (opts.stale) generations.resume(storyId);
      return suggested;
    },
  };
}
