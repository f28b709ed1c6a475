// The request of a helper that writes for the person from the person's own seat (Suggest my turn, Hint):
// its rules with the user's persona and the window of the user's transcript, then its task. It reads
// only what the user has: the user's own turns as written and what they perceived of the others';
// never a character's source, card or memory.
import { activeLeaf } from '../doc/turns.ts';
import type { DriverEnv, Story } from '../env.ts';
import type { ChatRequest } from '../model.ts';
import { tr } from '../i18n/messages.ts';
import { renderPrompt } from '../prompts/render.ts';
import { withNames } from '../prompts/card-names.ts';
import { formatEntry, historyText } from '../views/transcript-text.ts';
import { requestBudget } from '../budget/request-budget.ts';
import { fitRequest } from '../budget/fit.ts';
import { estimateMessages } from '../budget/tokens.ts';
import { samplingFor } from './sampling.ts';

/** Which prompts a user-seat helper asks with: its rules (`user`, `persona`, `history`) and its task (`user`). */
export type UserWindowPrompts =
  | { system: 'roleplay/suggester'; task: 'roleplay/suggester-task' }
  | { system: 'roleplay/plot-hint'; task: 'roleplay/plot-hint-task' };

/** The fitted request on the actor's backend, or null when the story has no user. */
export async function userWindowRequest(story: Story, env: DriverEnv, prompts: UserWindowPrompts) {
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
        content: renderPrompt(env.prompts, language, prompts.system, {
          user: user.name,
          persona,
          history: historyText(history, start, language),
        }),
      },
      { role: 'user', content: renderPrompt(env.prompts, language, prompts.task, { user: user.name }) },
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
