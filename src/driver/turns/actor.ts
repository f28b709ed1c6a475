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
import { fitRequest, type Fitted } from '../budget/fit.ts';
import { estimateMessages, estimateTokens } from '../budget/tokens.ts';
import { MEMORY_SHARE } from '../budget/shares.ts';
import { validateActorOutput } from '../validation/index.ts';

/**
 * The request for `actor`'s turn after `leaf`: its instructions, card and persona, then the window of
 * its own history that fits the budget, and at the end what it remembers of turns before the window.
 */
export async function actorRequest(
  story: Story,
  env: DriverEnv,
  actor: string,
  leaf: string | null,
  budget: RequestBudget,
): Promise<Fitted<ChatRequest>> {
  const { views } = story;
  const language = views.meta().language;
  const cast = views.cast();
  const me = cast.get(actor);
  if (!me) throw new Error(`no participant ${actor}`);
  const entries = leaf === null ? [] : views.transcript(actor, { leaf });
  const remembered = '';
  const build = (history: readonly string[], start: number): ChatRequest => ({
    messages: [
      {
        role: 'system',
        content: renderPrompt(env.prompts, language, 'roleplay/actor', {
          name: me.name,
          style: renderPrompt(env.prompts, language, 'roleplay/character-style', {
            name: me.name,
            style: renderPrompt(env.prompts, language, 'roleplay/style', {}),
          }),
          // The card and persona are stable, so they sit before the history in the cached prefix;
          // what the character remembers changes as the story goes on, so it joins the tail.
          card: cardBlock(me, language),
          persona: personaBlock(env.prompts, language, cast.user, me.name),
          history: historyText(history, start, language),
        }),
      },
      {
        role: 'user',
        content: renderPrompt(env.prompts, language, 'roleplay/actor-task', { name: me.name, remembered }),
      },
    ],
    ...samplingFor(env, 'actor'),
  });
  return fitRequest(budget, {
    entries: entries.map((e) => formatEntry(e, cast.nameOf)),
    build,
    messages: (r) => r.messages,
    stable: estimateMessages(build([], 0).messages),
    volatile: estimateTokens(remembered),
    reserve: Math.floor(estimatedRoom(budget) * MEMORY_SHARE),
  });
}

async function generateAs(
  story: Story,
  env: DriverEnv,
  actor: string,
  leaf: string | null,
): Promise<DriverResult<{ value: string; model?: string }>> {
  const budget = await requestBudget(env, 'actor', env.models.actor);
  const fitted = await actorRequest(story, env, actor, leaf, budget);
  const cast = story.views.cast();
  const ctx = {
    actor: cast.nameOf(actor),
    others: cast.participants.filter((p) => p.id !== actor).map((p) => p.name),
    language: story.views.meta().language,
  };
  return generateValidated(env, {
    model: env.models.actor,
    language: ctx.language,
    fitted,
    validate: (text) => {
      const v = validateActorOutput(text, ctx);
      return v.ok ? { ok: true, value: v.text } : { ok: false, reason: v.reason };
    },
    stream: { op: 'actor', actor },
  });
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
      },
      env.origin,
    );
    return { ok: true, turnId };
  });
}
