// Acting as a character: an isolated call with that character's complete POV history (its own turns in
// the first person, what it perceived, <empty> where it perceived nothing), then its private context.
import { presentIds } from '../doc/participants.ts';
import { activeLeaf, appendTurn } from '../doc/turns.ts';
import { isoNow, type DriverEnv, type DriverResult, type Story } from '../env.ts';
import { generateValidated, guardPrompts } from './generate.ts';
import type { ChatRequest } from '../model.ts';
import { cardBlock, personaBlock } from './private-context.ts';
import { renderPrompt } from '../prompts/render.ts';
import { samplingFor } from './sampling.ts';
import { formatEntry, historyText } from '../views/transcript-text.ts';
import { estimatedRoom, requestBudget, type RequestBudget } from '../budget/request-budget.ts';
import { fitRequest, plannedStart, type Fitted, type HistoryFit } from '../budget/fit.ts';
import { chronicleBefore, pathIndexOf } from './chronicle.ts';
import { rememberedBlock } from './remembered.ts';
import { givenOf } from './given.ts';
import type { Given } from '../doc/given.ts';
import type { TranscriptEntry } from '../views/path-node.ts';
import { estimateMessages, estimateTokens } from '../budget/tokens.ts';
import { MEMORY_SHARE } from '../budget/shares.ts';
import { validateActorOutput } from '../validation/index.ts';

/**
 * How `actor`'s request after `leaf` is laid out: its instructions, card and persona, then the window
 * of its own history that fits the budget, and at the end `remembered` (what it remembers of turns
 * before the window, and how things stand), within a fixed share of the room.
 */
export function actorFit(
  story: Story,
  env: DriverEnv,
  actor: string,
  entries: readonly TranscriptEntry[],
  budget: RequestBudget,
  remembered: string,
): HistoryFit<ChatRequest> & { parts: { card: string; persona: string; task: string } } {
  const { views } = story;
  const language = views.meta().language;
  const cast = views.cast();
  const me = cast.get(actor);
  if (!me) throw new Error(`no participant ${actor}`);
  const style = renderPrompt(env.prompts, language, 'roleplay/character-style', {
    name: me.name,
    style: renderPrompt(env.prompts, language, 'roleplay/style', {}),
  });
  // The card and persona are stable, so they sit before the history in the cached prefix; what the
  // character remembers changes as the story goes on, so it joins the tail.
  const card = cardBlock(me, language);
  const persona = personaBlock(env.prompts, language, cast.user, me.name);
  const build = (history: readonly string[], start: number, tail = remembered): ChatRequest => ({
    messages: [
      {
        role: 'system',
        content: renderPrompt(env.prompts, language, 'roleplay/actor', {
          name: me.name,
          style,
          card,
          persona,
          history: historyText(history, start, language),
        }),
      },
      {
        role: 'user',
        content: renderPrompt(env.prompts, language, 'roleplay/actor-task', {
          name: me.name,
          remembered: tail,
        }),
      },
    ],
    ...samplingFor(env, 'actor'),
  });
  return {
    entries: entries.map((e) => formatEntry(e, cast.nameOf)),
    build: (history, start) => build(history, start),
    messages: (r) => r.messages,
    stable: estimateMessages(build([], 0, '').messages),
    volatile: estimateTokens(remembered),
    reserve: memoryRoom(budget),
    parts: {
      card,
      persona,
      task: renderPrompt(env.prompts, language, 'roleplay/actor-task', { name: me.name, remembered: '' }),
    },
  };
}

/** The actor's request after `leaf`, fitted to `budget`, with `remembered` at its tail. */
export function actorRequest(
  story: Story,
  env: DriverEnv,
  actor: string,
  leaf: string | null,
  budget: RequestBudget,
  remembered = '',
): Promise<Fitted<ChatRequest>> {
  const entries = leaf === null ? [] : story.views.transcript(actor, { leaf });
  return fitRequest(budget, actorFit(story, env, actor, entries, budget, remembered));
}

/** What the actor's tail may take (and the window leaves room for, whatever this one takes). */
const memoryRoom = (budget: RequestBudget): number => Math.floor(estimatedRoom(budget) * MEMORY_SHARE);

export interface PreparedActor {
  fitted: Fitted<ChatRequest>;
  /** Its itemisation, stored with the turn it makes. */
  given: Given;
}

/**
 * `actor`'s request after `leaf`, as it is asked: fitted to the budget, with what it remembers at the
 * tail. With `chronicle`, turns leaving its window are chronicled first (a model call), so what it
 * remembers of them is at hand; without, the request is rebuilt from what the chronicle holds now.
 */
export async function prepareActor(
  story: Story,
  env: DriverEnv,
  actor: string,
  leaf: string | null,
  opts: { chronicle: boolean },
): Promise<DriverResult<PreparedActor>> {
  const budget = await requestBudget(env, 'actor', env.models.actor);
  const entries = leaf === null ? [] : story.views.transcript(actor, { leaf });
  const start = plannedStart(budget, actorFit(story, env, actor, entries, budget, ''));
  if (opts.chronicle) {
    const chronicled = await chronicleBefore(story, env, actor, entries, start, leaf);
    if (!chronicled.ok) return chronicled;
  }
  const remembered = rememberedBlock({
    story,
    who: actor,
    transcript: entries,
    windowStart: start,
    index: pathIndexOf(story, leaf),
    room: memoryRoom(budget),
  });
  const fit = actorFit(story, env, actor, entries, budget, remembered.text);
  const fitted = await fitRequest(budget, fit);
  const given = givenOf(fitted, {
    ...fit.parts,
    history: historyText(fit.entries.slice(fitted.start), fitted.start, story.views.meta().language),
    memories: remembered.memories,
    state: remembered.state,
  });
  return { ok: true, fitted, given };
}

async function generateAs(
  story: Story,
  env: DriverEnv,
  actor: string,
  leaf: string | null,
): Promise<DriverResult<{ value: string; model?: string; given: Given }>> {
  const prepared = await prepareActor(story, env, actor, leaf, { chronicle: true });
  if (!prepared.ok) return prepared;
  const { fitted, given } = prepared;
  const cast = story.views.cast();
  const ctx = {
    actor: cast.nameOf(actor),
    others: cast.participants.filter((p) => p.id !== actor).map((p) => p.name),
    language: story.views.meta().language,
  };
  const result = await generateValidated(env, {
    model: env.models.actor,
    language: ctx.language,
    fitted,
    validate: (text) => {
      const v = validateActorOutput(text, ctx);
      return v.ok ? { ok: true, value: v.text } : { ok: false, reason: v.reason };
    },
    stream: { op: 'actor', actor },
  });
  return result.ok ? { ...result, given } : result;
}

/** Where a new turn goes: after `parent`, perceived by `audiences` (default: the active leaf, those present). */
export interface TurnPlace {
  parent: string | null;
  audiences: string[];
}

/** `actor` takes a new turn after `place.parent`. Its history there must be complete and fresh. */
export async function actAs(
  story: Story,
  env: DriverEnv,
  actor: string,
  place: TurnPlace = { parent: activeLeaf(story.doc), audiences: presentIds(story.doc) },
): Promise<DriverResult<{ turnId: string }>> {
  return guardPrompts(async () => {
    const leaf = place.parent;
    const basis = story.views.historyThrough(actor, leaf);
    env.onPhase?.({ kind: 'acting', actor });
    const result = await generateAs(story, env, actor, leaf);
    if (!result.ok) return result;
    // Appended where it was asked for, with the basis it was asked with: a concurrent append becomes a branch.
    const turnId = appendTurn(
      story.doc,
      {
        id: env.newId(),
        parent: leaf,
        author: actor,
        audiences: place.audiences,
        text: result.value,
        origin: 'generated',
        basis,
        createdAt: isoNow(env),
        given: result.given,
      },
      env.origin,
    );
    return { ok: true, turnId };
  });
}
