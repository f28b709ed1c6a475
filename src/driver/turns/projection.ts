// Projects one source turn to one audience: an isolated call that gets that audience's POV history
// before the turn, the speaker's name and exactly the one new source — nothing private, nothing of
// another audience. The answer is a perception in the second person, or exactly <empty>.
import { writePov } from '../doc/pov.ts';
import { isoNow, type DriverEnv, type DriverResult, type Story } from '../env.ts';
import { generateValidated, guardPrompts } from './generate.ts';
import type { ChatRequest } from '../model.ts';
import { formatEntry, historyText } from '../views/transcript-text.ts';
import {
  estimatedRoom,
  projectionAnswerRoom,
  requestBudget,
  withAnswerRoom,
  type RequestBudget,
} from '../budget/request-budget.ts';
import { fitRequest, type Fitted } from '../budget/fit.ts';
import { projected, projectionFit, projectorLoreRoom } from './projection-fit.ts';
import { windowOf } from './pov-window.ts';
import { cacheKeyOf, promptsOf } from './point-of-view.ts';
import { pathIndexOf } from './chronicler.ts';
import { knownBlock } from '../memory/remembered.ts';
import { givenOf, withLore, withServed } from './given.ts';
import type { Given } from '../doc/given.ts';
import { SOURCE_SHARE } from '../budget/shares.ts';
import { participantLore } from '../lore/participant-lore.ts';
import { projectorLoreBlock } from '../lore/placement.ts';
import { validateProjection } from '../validation/index.ts';

/** The projection request, fitted to `budget`, with `known` at its tail. */
export async function projectionRequest(
  story: Story,
  env: DriverEnv,
  turnId: string,
  audience: string,
  budget: RequestBudget,
  known = '',
): Promise<Fitted<ChatRequest>> {
  const entries = story.views.transcript(audience, { leaf: turnId, before: turnId });
  const { start } = await windowOf(story, env, audience, entries, 'projector');
  return fitRequest(budget, {
    ...projectionFit(story, env, projected(story, turnId), audience, entries, budget, known),
    start,
  });
}

/** A projection's budget: the projector's, its answer's room grown to what `source` needs (B5). */
export async function projectionBudget(story: Story, env: DriverEnv, source: string): Promise<RequestBudget> {
  const budget = await requestBudget(env, 'projector', env.models.projector, promptsOf(story));
  return withAnswerRoom(budget, projectionAnswerRoom(budget, source));
}

/** What of the source's share the audience's memories may take: the source itself comes first. */
const KNOWN_SHARE_OF_SOURCE = 1 / 3;

/** Checks one projection answer for `audience` of `turnId`, against the source the projector was given. */
export function projectionVerdict(story: Story, turnId: string, audience: string) {
  const cast = story.views.cast();
  const { speaker, source } = projected(story, turnId);
  const ctx = {
    target: cast.nameOf(audience),
    speaker: cast.nameOf(speaker),
    participants: cast.participants.map((p) => p.name),
    source,
    language: story.views.meta().language,
  };
  return (text: string) => {
    const v = validateProjection(text, ctx);
    return v.ok
      ? { ok: true as const, value: { perceived: v.perceived, text: v.text } }
      : { ok: false as const, reason: v.reason };
  };
}

export interface PreparedProjection {
  fitted: Fitted<ChatRequest>;
  /** Its itemisation, stored with the view it makes. */
  given: Given;
}

/**
 * The request projecting `turnId` to `audience`, as it is asked: fitted, with a few of the audience's
 * memories at the tail (what its chronicle holds now: the chronicler runs in the background).
 */
export async function prepareProjection(
  story: Story,
  env: DriverEnv,
  turnId: string,
  audience: string,
): Promise<DriverResult<PreparedProjection>> {
  const node = story.views.node(turnId);
  const turn = projected(story, turnId);
  const budget = await projectionBudget(story, env, turn.source);
  const entries = story.views.transcript(audience, { leaf: turnId, before: turnId });
  const { start } = await windowOf(story, env, audience, entries, 'projector');
  const known = knownBlock({
    story,
    who: audience,
    transcript: entries,
    index: pathIndexOf(story, turnId),
    query: node.turn.source,
    room: Math.floor(estimatedRoom(budget) * SOURCE_SHARE * KNOWN_SHARE_OF_SOURCE),
  });
  const lore = participantLore({
    story,
    who: audience,
    transcript: entries,
    windowStart: start,
    formatted: entries.map((e) => formatEntry(e, story.views.cast().nameOf)),
    room: projectorLoreRoom(story, budget),
    place: turnId,
  });
  const cast = story.views.cast();
  const loreText = projectorLoreBlock(
    lore.scan.fired,
    { self: cast.nameOf(audience), user: cast.user ? cast.nameOf(cast.user.id) : '' },
    story.views.meta().language,
  );
  const fit = { ...projectionFit(story, env, turn, audience, entries, budget, known, loreText), start };
  const fitted = await fitRequest(budget, fit);
  const given = withLore(
    givenOf(fitted, {
      history: historyText(fit.entries.slice(fitted.start), fitted.start, story.views.meta().language),
      known,
      lore: loreText,
      source: turn.source,
    }),
    lore,
  );
  return { ok: true, fitted, given };
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
    const prepared = await prepareProjection(story, env, turnId, audience);
    if (!prepared.ok) return prepared;
    const { fitted, given } = prepared;
    const result = await generateValidated(env, {
      model: env.models.projector,
      language: story.views.meta().language,
      fitted,
      validate: projectionVerdict(story, turnId, audience),
      stream: { op: 'projector', audience, turnId },
      cacheKey: cacheKeyOf(story, audience),
      prose: true,
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
        given: withServed(given, result.served),
        ...(result.model ? { model: result.model } : {}),
        ...(result.cut ? { cut: true } : {}),
      },
      env.origin,
    );
    return { ok: true };
  });
}
