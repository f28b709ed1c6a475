// "Suggest my turn" (impersonate): a draft of the user's next turn, for the person to edit and send.
// The suggester reads only what the user has: the user's own transcript (their turns as written, what
// they perceived of the others') and their persona; never a character's source, card or memory. The
// draft is returned, never stored: sending it is the person's choice.
import type { DriverEnv, DriverResult, Story } from '../env.ts';
import { activeLeaf } from '../doc/turns.ts';
import type { StaleChoice } from './stale-history.ts';
import { settleStale } from './commands.ts';
import { tr } from '../i18n/messages.ts';
import { validateActorOutput } from '../validation/index.ts';
import { generateValidated, guardPrompts } from './generate.ts';
import { userWindowRequest } from './user-window.ts';
import { cacheKeyOf } from './point-of-view.ts';

/**
 * Drafts the user's next turn with the actor's model, streamed as `suggestion` tokens; refused answers
 * (one speaking for someone else, the wrong script) are asked for again like an actor's. Nothing is
 * stored, whatever the outcome.
 */
export async function suggestTurn(
  story: Story,
  env: DriverEnv,
  opts: { stale?: StaleChoice } = {},
): Promise<DriverResult<{ text: string }>> {
  const language = story.views.meta().language;
  // What the user has seen may rest on an earlier version of the story: the person says first (H1).
  const settled = await settleStale(story, env, activeLeaf(story.doc), opts.stale);
  if (!settled.ok) return settled;
  return guardPrompts(async () => {
    const asked = await userWindowRequest(story, env, {
      system: 'roleplay/suggester',
      task: 'roleplay/suggester-task',
    });
    if (!asked)
      return { ok: false, code: 'unknown-participant', detail: tr(language, 'This story has no user.') };
    // The user writes this turn, so their own feelings are theirs to write.
    const ctx = { actor: asked.user.name, others: asked.others, user: null, language };
    const result = await generateValidated(env, {
      model: env.models.actor,
      language,
      fitted: asked.fitted,
      cacheKey: cacheKeyOf(story, asked.user.id),
      validate: (text) => {
        const v = validateActorOutput(text, ctx);
        return v.ok ? { ok: true, value: v.text } : { ok: false, reason: v.reason };
      },
      stream: { op: 'suggestion' },
    });
    return result.ok ? { ok: true, text: result.value } : result;
  });
}
