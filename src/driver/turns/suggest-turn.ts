// "Suggest my turn" (impersonate): a draft of the user's next turn, for the person to edit and send.
// The suggester reads only what the user has: the user's own transcript (their turns as written, what
// they perceived of the others') and their persona; never a character's source, card or memory. The
// draft is returned, never stored: sending it is the person's choice.
import { activeLeaf } from '../doc/turns.ts';
import type { DriverEnv, DriverResult, Story } from '../env.ts';
import type { ChatRequest } from '../model.ts';
import { tr } from '../i18n/messages.ts';
import { renderPrompt } from '../prompts/render.ts';
import { withNames } from '../prompts/card-names.ts';
import { validateActorOutput } from '../validation/index.ts';
import { formatEntry, historyText } from '../views/transcript-text.ts';
import { requestBudget } from '../budget/request-budget.ts';
import { fitRequest } from '../budget/fit.ts';
import { estimateMessages } from '../budget/tokens.ts';
import { generateValidated, guardPrompts } from './generate.ts';
import { samplingFor } from './sampling.ts';

/** The suggester's request: its rules and the user's persona, the window of the user's story, the task. */
async function suggestionRequest(story: Story, env: DriverEnv) {
  const { views } = story;
  const language = views.meta().language;
  const cast = views.cast();
  const user = cast.user;
  if (!user) return null;
  const leaf = activeLeaf(story.doc);
  // A turn the user has no view of yet is one they have not perceived: it is not theirs to draw on.
  const entries = (leaf === null ? [] : views.transcript(user.id, { leaf })).filter(
    (e) => e.kind !== 'missing',
  );
  const own = user.persona?.trim();
  const persona = own
    ? tr(language, "{user}'s persona: {persona}", {
        user: user.name,
        persona: withNames(own, { name: user.name, user: user.name }),
      })
    : '';
  const build = (history: readonly string[], start: number): ChatRequest => ({
    messages: [
      {
        role: 'system',
        content: renderPrompt(env.prompts, language, 'roleplay/suggester', {
          user: user.name,
          persona,
          history: historyText(history, start, language),
        }),
      },
      {
        role: 'user',
        content: renderPrompt(env.prompts, language, 'roleplay/suggester-task', { user: user.name }),
      },
    ],
    ...samplingFor(env, 'actor'),
  });
  const budget = await requestBudget(env, 'actor', env.models.actor);
  const fitted = await fitRequest(budget, {
    entries: entries.map((e) => formatEntry(e, cast.nameOf)),
    build,
    messages: (r) => r.messages,
    stable: estimateMessages(build([], 0).messages),
    volatile: 0,
    reserve: 0,
  });
  return { fitted, user, others: cast.participants.filter((p) => p.id !== user.id).map((p) => p.name) };
}

/**
 * Drafts the user's next turn with the actor's model, streamed as `suggestion` tokens; refused answers
 * (one speaking for someone else, the wrong script) are asked for again like an actor's. Nothing is
 * stored, whatever the outcome.
 */
export async function suggestTurn(story: Story, env: DriverEnv): Promise<DriverResult<{ text: string }>> {
  const language = story.views.meta().language;
  return guardPrompts(async () => {
    const asked = await suggestionRequest(story, env);
    if (!asked)
      return { ok: false, code: 'unknown-participant', detail: tr(language, 'This story has no user.') };
    const ctx = { actor: asked.user.name, others: asked.others, language };
    const result = await generateValidated(env, {
      model: env.models.actor,
      language,
      fitted: asked.fitted,
      validate: (text) => {
        const v = validateActorOutput(text, ctx);
        return v.ok ? { ok: true, value: v.text } : { ok: false, reason: v.reason };
      },
      stream: { op: 'suggestion' },
    });
    return result.ok ? { ok: true, text: result.value } : result;
  });
}
