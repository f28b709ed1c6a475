// The full text of the request that made a turn or one audience's view of it, for the inspector. It
// is rebuilt from the story as it is now (what is stored is its itemisation, not its text): the same
// layout, window and memories the driver would ask with, without chronicling anything first.
import { povGiven } from '../doc/pov.ts';
import type { DriverEnv, DriverResult, Story } from '../env.ts';
import type { ChatMessage } from '../model.ts';
import { requestBudget } from '../budget/request-budget.ts';
import { prepareActor } from './actor.ts';
import { batchBudget, batchRequest } from './batch-projection.ts';
import { prepareProjection } from './projection.ts';
import { projected } from './projection-fit.ts';
import { promptsOf } from './point-of-view.ts';

export interface RebuiltRequest {
  messages: ChatMessage[];
  promptTokens: number;
  exact: boolean;
  context: number;
  maxTokens: number;
}

/**
 * The request of turn `turnId`'s author (no audience), or of its projection to `audience`; null when
 * no request made it (a turn written by hand, or someone not of its audience).
 */
export async function requestOf(
  story: Story,
  env: DriverEnv,
  turnId: string,
  audience?: string,
): Promise<DriverResult<RebuiltRequest> | null> {
  const node = story.views.node(turnId);
  const { turn } = node;
  if (audience === undefined || audience === turn.author) {
    if (turn.origin !== 'generated') return null;
    const prepared = await prepareActor(story, env, turn.author, turn.parent);
    return prepared.ok ? { ok: true, ...rebuilt(prepared.fitted) } : prepared;
  }
  if (!node.pov.has(audience)) return null;
  if (povGiven(story.doc, turnId, audience)?.batch) {
    // One request asked for every audience answered in the same batch.
    const batched = [...node.pov.keys()].filter((a) => povGiven(story.doc, turnId, a)?.batch);
    const budget = batchBudget(
      await requestBudget(env, 'projector', env.models.projector, promptsOf(story)),
      batched.length,
      projected(story, turnId).source,
    );
    return { ok: true, ...rebuilt(batchRequest(story, env, turnId, batched, budget)) };
  }
  const prepared = await prepareProjection(story, env, turnId, audience);
  return prepared.ok ? { ok: true, ...rebuilt(prepared.fitted) } : prepared;
}

function rebuilt(fitted: {
  request: { messages: ChatMessage[] };
  promptTokens: number;
  exact: boolean;
  budget: { context: number; maxTokens: number };
}): RebuiltRequest {
  return {
    messages: fitted.request.messages,
    promptTokens: fitted.promptTokens,
    exact: fitted.exact,
    context: fitted.budget.context,
    maxTokens: fitted.budget.maxTokens,
  };
}
