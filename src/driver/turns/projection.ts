// Projects one source turn to one audience: an isolated call that gets that audience's POV history
// before the turn, the speaker's name and exactly the one new source — nothing private, nothing of
// another audience. The answer is a perception in the second person, or exactly <empty>.
import { writePov } from '../doc/pov.ts';
import { isoNow, type DriverEnv, type DriverResult, type Story } from '../env.ts';
import { generateValidated, guardPrompts } from './generate.ts';
import type { ChatRequest } from '../model.ts';
import { renderPrompt } from '../prompts/render.ts';
import { samplingFor } from './sampling.ts';
import { formatEntry, historyText } from '../views/transcript-text.ts';
import { estimatedRoom, requestBudget, type RequestBudget } from '../budget/request-budget.ts';
import { fitRequest, type Fitted } from '../budget/fit.ts';
import { SOURCE_SHARE } from '../budget/shares.ts';
import { estimateMessages, estimateTokens } from '../budget/tokens.ts';
import { validateProjection } from '../validation/index.ts';

/**
 * The request projecting `turnId` to `audience`: the projector's rules, the window of the audience's
 * own history before the turn that fits the budget, and the one new source at the end.
 */
export async function projectionRequest(
  story: Story,
  env: DriverEnv,
  turnId: string,
  audience: string,
  budget: RequestBudget,
): Promise<Fitted<ChatRequest>> {
  const { views } = story;
  const language = views.meta().language;
  const { nameOf } = views.cast();
  const turn = views.node(turnId).turn;
  const entries = views.transcript(audience, { leaf: turnId, before: turnId });
  const target = nameOf(audience);
  const task = renderPrompt(env.prompts, language, 'roleplay/projector-task', {
    speaker: nameOf(turn.author),
    target,
    source: turn.source,
  });
  const build = (history: readonly string[], start: number, tail = task): ChatRequest => ({
    messages: [
      {
        role: 'system',
        content: renderPrompt(env.prompts, language, 'roleplay/projector', {
          target,
          history: historyText(history, start, language),
        }),
      },
      { role: 'user', content: tail },
    ],
    ...samplingFor(env, 'projector'),
  });
  return fitRequest(budget, {
    entries: entries.map((e) => formatEntry(e, nameOf)),
    build,
    messages: (r) => r.messages,
    stable: estimateMessages(build([], 0, '').messages),
    volatile: estimateTokens(task),
    reserve: Math.floor(estimatedRoom(budget) * SOURCE_SHARE),
  });
}

/** Checks one projection answer for `audience` of a turn by `author`. */
export function projectionVerdict(story: Story, author: string, audience: string) {
  const cast = story.views.cast();
  const ctx = {
    target: cast.nameOf(audience),
    speaker: cast.nameOf(author),
    participants: cast.participants.map((p) => p.name),
    language: story.views.meta().language,
  };
  return (text: string) => {
    const v = validateProjection(text, ctx);
    return v.ok
      ? { ok: true as const, value: { perceived: v.perceived, text: v.text } }
      : { ok: false as const, reason: v.reason };
  };
}

export async function projectTurn(
  story: Story,
  env: DriverEnv,
  turnId: string,
  audience: string,
): Promise<DriverResult> {
  return guardPrompts(async () => {
    const node = story.views.node(turnId);
    // The basis is taken now, with the request: if the history moves meanwhile, the record is stale at once.
    const basis = node.pov.get(audience)?.expected;
    if (basis === undefined) throw new Error(`${audience} is not a non-author audience of turn ${turnId}`);
    const budget = await requestBudget(env, 'projector', env.models.projector);
    const fitted = await projectionRequest(story, env, turnId, audience, budget);
    const result = await generateValidated(env, {
      model: env.models.projector,
      language: story.views.meta().language,
      fitted,
      validate: projectionVerdict(story, node.turn.author, audience),
      stream: { op: 'projector', audience, turnId },
    });
    if (!result.ok) return result;
    writePov(
      story.doc,
      turnId,
      audience,
      {
        ...result.value,
        basis,
        origin: 'generated',
        createdAt: isoNow(env),
        ...(result.model ? { model: result.model } : {}),
      },
      env.origin,
    );
    return { ok: true };
  });
}
