// Projects one source turn to one audience: an isolated call that gets that audience's POV history
// before the turn, the speaker's name and exactly the one new source — nothing private, nothing of
// another audience. The answer is a perception in the second person, or exactly <empty>.
import { writePov } from '../doc/pov.ts';
import { isoNow, type DriverEnv, type DriverResult, type Story } from '../env.ts';
import { generateValidated, guardPrompts } from './generate.ts';
import type { ChatRequest } from '../model.ts';
import { renderPrompt } from '../prompts/render.ts';
import { sourceWithRolls } from '../dice/dice.ts';
import { samplingFor } from './sampling.ts';
import { formatEntry, historyText } from '../views/transcript-text.ts';
import { estimatedRoom, requestBudget, type RequestBudget } from '../budget/request-budget.ts';
import { fitRequest, plannedStart, type Fitted, type HistoryFit } from '../budget/fit.ts';
import { chronicleBefore, pathIndexOf } from './chronicle.ts';
import { knownBlock } from './remembered.ts';
import { givenOf, withLore } from './given.ts';
import type { Given } from '../doc/given.ts';
import type { TranscriptEntry } from '../views/path-node.ts';
import { SOURCE_SHARE } from '../budget/shares.ts';
import { loreCandidates, loreRoom, participantLore } from '../lore/participant-lore.ts';
import { projectorLoreBlock } from '../lore/placement.ts';
import { estimateMessages, estimateTokens } from '../budget/tokens.ts';
import { validateProjection } from '../validation/index.ts';

/**
 * How the request projecting `turnId` to `audience` is laid out: the projector's rules, the window of
 * the audience's own history before the turn, then at the tail `known` (a few of the audience's own
 * memories, so it names people as it knows them), `lore` (what fired from its own window, so it names
 * things as it knows them) and the one new source.
 */
export function projectionFit(
  story: Story,
  env: DriverEnv,
  turnId: string,
  audience: string,
  entries: readonly TranscriptEntry[],
  budget: RequestBudget,
  known: string,
  lore = '',
): HistoryFit<ChatRequest> {
  const { views } = story;
  const language = views.meta().language;
  const { nameOf } = views.cast();
  const turn = views.node(turnId).turn;
  const target = nameOf(audience);
  const task = renderPrompt(env.prompts, language, 'roleplay/projector-task', {
    speaker: nameOf(turn.author),
    target,
    source: sourceWithRolls(turn, language),
    known,
    lore,
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
  return {
    entries: entries.map((e) => formatEntry(e, nameOf)),
    build: (history, start) => build(history, start),
    messages: (r) => r.messages,
    stable: estimateMessages(build([], 0, '').messages),
    volatile: estimateTokens(task),
    reserve:
      Math.floor(estimatedRoom(budget) * SOURCE_SHARE) +
      (loreCandidates(story, audience).length ? projectorLoreRoom(story, budget) : 0),
  };
}

/** What of the story's lore share a projection may take: it only names things, it does not act on them. */
const PROJECTOR_LORE_OF_SHARE = 0.5;
const projectorLoreRoom = (story: Story, budget: RequestBudget) =>
  Math.floor(loreRoom(story, estimatedRoom(budget)) * PROJECTOR_LORE_OF_SHARE);

/** The projection request, fitted to `budget`, with `known` at its tail. */
export function projectionRequest(
  story: Story,
  env: DriverEnv,
  turnId: string,
  audience: string,
  budget: RequestBudget,
  known = '',
): Promise<Fitted<ChatRequest>> {
  const entries = story.views.transcript(audience, { leaf: turnId, before: turnId });
  return fitRequest(budget, projectionFit(story, env, turnId, audience, entries, budget, known));
}

/** What of the source's share the audience's memories may take: the source itself comes first. */
const KNOWN_SHARE_OF_SOURCE = 1 / 3;

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

export interface PreparedProjection {
  fitted: Fitted<ChatRequest>;
  /** Its itemisation, stored with the view it makes. */
  given: Given;
}

/**
 * The request projecting `turnId` to `audience`, as it is asked: fitted, with a few of the audience's
 * memories at the tail. With `chronicle`, the audience's turns leaving its window are chronicled first
 * (a model call); without, the request is rebuilt from what its chronicle holds now.
 */
export async function prepareProjection(
  story: Story,
  env: DriverEnv,
  turnId: string,
  audience: string,
  opts: { chronicle: boolean },
): Promise<DriverResult<PreparedProjection>> {
  const node = story.views.node(turnId);
  const budget = await requestBudget(env, 'projector', env.models.projector);
  const entries = story.views.transcript(audience, { leaf: turnId, before: turnId });
  const start = plannedStart(budget, projectionFit(story, env, turnId, audience, entries, budget, ''));
  if (opts.chronicle) {
    const chronicled = await chronicleBefore(story, env, audience, entries, start, turnId);
    if (!chronicled.ok) return chronicled;
  }
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
  const fit = projectionFit(story, env, turnId, audience, entries, budget, known, loreText);
  const fitted = await fitRequest(budget, fit);
  const given = withLore(
    givenOf(fitted, {
      history: historyText(fit.entries.slice(fitted.start), fitted.start, story.views.meta().language),
      known,
      lore: loreText,
      source: sourceWithRolls(node.turn, story.views.meta().language),
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
    const prepared = await prepareProjection(story, env, turnId, audience, { chronicle: true });
    if (!prepared.ok) return prepared;
    const { fitted, given } = prepared;
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
        given,
        ...(result.model ? { model: result.model } : {}),
      },
      env.origin,
    );
    return { ok: true };
  });
}
