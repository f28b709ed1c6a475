// "Hint": the plot author offers the person an idea for where the story could go next. Like Suggest my
// turn it reads only what the user has (user-window.ts): their own transcript and persona, never a
// character's source, card or memory, so a hint cannot give away what the user has not perceived. The
// hint is returned to be shown, never stored: it is nobody's turn.
import type { DriverEnv, DriverResult, Story } from '../env.ts';
import { activeLeaf } from '../doc/turns.ts';
import type { StaleChoice } from './stale-history.ts';
import { settleStale } from './commands.ts';
import { tr } from '../i18n/messages.ts';
import { generateValidated, guardPrompts, type Verdict } from './generate.ts';
import { checkScript } from '../validation/index.ts';
import { userWindowRequest } from './user-window.ts';
import { cacheKeyOf } from './point-of-view.ts';

/** Asks `roleplay/plot-hint` with the actor's backend; an empty answer or one in the wrong script is asked for again. Nothing is stored. */
export async function plotHint(
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
      system: 'roleplay/plot-hint',
      task: 'roleplay/plot-hint-task',
    });
    if (!asked)
      return { ok: false, code: 'unknown-participant', detail: tr(language, 'This story has no user.') };
    const result = await generateValidated(env, {
      model: env.models.actor,
      language,
      fitted: asked.fitted,
      cacheKey: cacheKeyOf(story, asked.user.id),
      validate: (text): Verdict<string> => {
        const hint = text.trim();
        if (!hint)
          return { ok: false, reason: tr(language, 'The hint was empty: write one or two sentences.') };
        const script = checkScript(hint, language);
        return script.ok ? { ok: true, value: hint } : { ok: false, reason: script.reason };
      },
    });
    return result.ok ? { ok: true, text: result.value } : result;
  });
}
