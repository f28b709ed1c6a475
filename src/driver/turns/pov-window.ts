// Where a participant's window starts. Every request made for one participant on one backend starts
// its window at the same entry, so they share their prompt up to the window's end (point-of-view.ts):
// a character's window is planned as acting needs it (the largest tail: card, memories, world) and its
// projections and chronicles follow it; the user, who never acts, plans by its projections.
import type { DriverEnv, Story } from '../env.ts';
import { requestBudget } from '../budget/request-budget.ts';
import { plannedWindow } from '../budget/fit.ts';
import type { TranscriptEntry } from '../views/path-node.ts';
import { actorWindow } from './actor.ts';
import { projectionFit } from './projection-fit.ts';
import { promptsOf } from './point-of-view.ts';

/**
 * The window of a request of `op` for `who` over `entries` (its transcript up to the request): where it
 * starts, and the room it was planned in. A character's projections and chronicles follow its acting
 * window when they go to the actor's backend; on two backends (a small local projector, a large remote
 * actor) each plans its own.
 */
export async function windowOf(
  story: Story,
  env: DriverEnv,
  who: string,
  entries: readonly TranscriptEntry[],
  op: 'actor' | 'projector',
): Promise<{ start: number; room: number }> {
  const acts = story.views.cast().get(who)?.kind === 'character';
  if (acts && (op === 'actor' || env.models.actor === env.models.projector))
    return actorWindow(story, env, who, entries);
  // Its chronicles read the same window ahead (chronicle.ts) with a longer answer: the smaller room plans it.
  const [projector, chronicler] = await Promise.all([
    requestBudget(env, 'projector', env.models.projector, promptsOf(story)),
    requestBudget(env, 'chronicler', env.models.projector, promptsOf(story)),
  ]);
  const budget = chronicler.promptTokens < projector.promptTokens ? chronicler : projector;
  const fit = projectionFit(story, env, { speaker: who, source: '' }, who, entries, budget, '');
  return plannedWindow(budget, fit);
}
