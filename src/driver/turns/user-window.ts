// The request of a helper that writes for the person from the person's own seat (Suggest my turn, Hint):
// the user's point of view (the window of the user's transcript, as the user's projections begin), then
// its rules with the user's persona and its task. It reads only what the user has: the user's own turns
// as written and what they perceived of the others'; never a character's source, card or memory.
import { activeLeaf } from '../doc/turns.ts';
import type { DriverEnv, Story } from '../env.ts';
import type { ChatRequest } from '../model.ts';
import { tr } from '../i18n/messages.ts';
import { renderPrompt } from '../prompts/render.ts';
import { withNames } from '../prompts/card-names.ts';
import { formatEntry } from '../views/transcript-text.ts';
import { povMessage, promptsOf } from './point-of-view.ts';
import { windowOf } from './pov-window.ts';
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
  const rules = renderPrompt(env.prompts, language, prompts.system, {
    user: user.name,
    persona,
    history: '',
  });
  const build = (history: readonly string[], start: number): ChatRequest => ({
    messages: [
      povMessage(env, language, user.name, history, start, rules),
      { role: 'user', content: renderPrompt(env.prompts, language, prompts.task, { user: user.name }) },
    ],
    ...samplingFor(env, 'actor'),
  });
  const budget = await requestBudget(env, 'actor', env.models.actor, promptsOf(story));
  // On the projector's backend the user's projections begin with the same window: it is read once.
  const shared =
    env.models.actor === env.models.projector
      ? { start: (await windowOf(story, env, user.id, entries, 'projector')).start }
      : {};
  const fitted = await fitRequest(budget, {
    entries: entries.map((e) => formatEntry(e, cast.nameOf)),
    build,
    messages: (r) => r.messages,
    stable: estimateMessages(build([], 0).messages),
    volatile: 0,
    reserve: 0,
    ...shared,
  });
  return { fitted, user, others: cast.participants.filter((p) => p.id !== user.id).map((p) => p.name) };
}
