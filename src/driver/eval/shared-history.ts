// The baseline's actor turn: the character's request is built with the same actor prompt, card and
// budget as in play, but its history holds every turn's source as written — private thoughts and
// words said before it arrived included — the way group chats share one history. Eval only.
import { activeLeaf, appendTurn } from '../doc/turns.ts';
import { presentIds } from '../doc/participants.ts';
import type { DriverEnv, DriverResult, Story } from '../env.ts';
import { fitRequest } from '../budget/fit.ts';
import { requestBudget } from '../budget/request-budget.ts';
import { actorFit } from '../turns/actor.ts';
import { actorContext } from '../turns/actor-checks.ts';
import { generateValidated, guardPrompts } from '../turns/generate.ts';
import { validateActorOutput } from '../validation/index.ts';
import type { TranscriptEntry } from '../views/path-node.ts';

const NO_TAIL = { world: '', lore: '', remembered: '', notes: [] };

/** Every source on the path, as `actor` would read it if nothing were filtered. */
export function sharedEntries(story: Story, actor: string): TranscriptEntry[] {
  return story.views.path().map(({ turn }) => ({
    turnId: turn.id,
    speaker: turn.author,
    kind: turn.author === actor ? 'own' : 'perceived',
    text: turn.source,
  }));
}

export function sharedHistoryTurn(
  story: Story,
  env: DriverEnv,
  actor: string,
): Promise<DriverResult<{ turnId: string }>> {
  return guardPrompts(async () => {
    const model = env.models.actor;
    const budget = await requestBudget(env, 'actor', model);
    const fitted = await fitRequest(
      budget,
      actorFit(story, env, actor, sharedEntries(story, actor), budget, NO_TAIL),
    );
    const ctx = actorContext(story, actor);
    const result = await generateValidated(env, {
      model,
      language: ctx.language,
      fitted,
      validate: (text) => {
        const v = validateActorOutput(text, ctx);
        return v.ok ? { ok: true, value: v.text } : { ok: false, reason: v.reason };
      },
    });
    if (!result.ok) return result;
    const turnId = appendTurn(
      story.doc,
      {
        id: env.newId(),
        parent: activeLeaf(story.doc),
        author: actor,
        audiences: presentIds(story.doc),
        text: result.value,
        origin: 'generated',
        basis: '',
        createdAt: new Date(env.clock()).toISOString(),
      },
      env.origin,
    );
    return { ok: true, turnId };
  });
}
