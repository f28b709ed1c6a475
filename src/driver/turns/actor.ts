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
import { cacheKeyOf, joinParts, povMessage, promptsOf } from './point-of-view.ts';
import { estimatedRoom, requestBudget, type RequestBudget } from '../budget/request-budget.ts';
import {
  fitRequest,
  SHORT_WINDOW_TOKENS,
  plannedStart,
  plannedWindow,
  type Fitted,
  type HistoryFit,
} from '../budget/fit.ts';
import { pathIndexOf } from './chronicler.ts';
import { rememberedBlock } from '../memory/remembered.ts';
import { givenOf, withLore, withServed } from './given.ts';
import type { Given } from '../doc/given.ts';
import type { TranscriptEntry } from '../views/path-node.ts';
import { estimateMessages, estimateTokens } from '../budget/tokens.ts';
import { MEMORY_SHARE, WORLD_SHARE } from '../budget/shares.ts';
import { withNotes, type DepthNote } from '../lore/placement.ts';
import { loreCandidates, loreRoom, participantLore } from '../lore/participant-lore.ts';
import { knownWorld } from '../world/known-world.ts';
import { worldBlock } from '../world/world-block.ts';
import { validateActorOutput } from '../validation/index.ts';
import { actorContext } from './actor-checks.ts';
import { authorNoteLines } from './author-note.ts';
import { ROLL_TOOL, diceOffered, withRolls } from '../dice/roll-tool.ts';
import type { DiceRoll } from '../doc/turn-rolls.ts';

/** What an actor's request holds after its window: the world it knows, the lore that fired, what it remembers. */
export interface ActorTail {
  world: string;
  lore: string;
  remembered: string;
  /** Lore told inside the window, at a depth from its end. */
  notes: readonly DepthNote[];
}

const NO_TAIL: ActorTail = { world: '', lore: '', remembered: '', notes: [] };

/** The room the window leaves for the tail: memories always; the world and lore when the story has them. */
function tailReserve(story: Story, actor: string, budget: RequestBudget): number {
  const room = estimatedRoom(budget);
  const world = story.views.world()?.nodes.length ? Math.floor(room * WORLD_SHARE) : 0;
  const lore = loreCandidates(story, actor).length ? loreRoom(story, room) : 0;
  return memoryRoom(budget) + world + lore;
}

/**
 * How `actor`'s request after `leaf` is laid out: its instructions, card and persona, then the window
 * of its own history that fits the budget (with lore placed at a depth in it), and at the end `tail`:
 * the world as it knows it, the lore that fired, and what it remembers of turns before the window,
 * each within a share of the room.
 */
export function actorFit(
  story: Story,
  env: DriverEnv,
  actor: string,
  entries: readonly TranscriptEntry[],
  budget: RequestBudget,
  tail: ActorTail,
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
  // The card and persona are the actor's alone: the projector and the chronicler never see them (O2,
  // M1), so they follow the window that every request of this participant shares, in the last message.
  const card = cardBlock(me, language, cast.user?.name ?? '');
  const persona = personaBlock(env.prompts, language, cast.user, me.name);
  const rules = renderPrompt(env.prompts, language, 'roleplay/actor', {
    name: me.name,
    style,
    card,
    persona,
    history: '',
  });
  // The dice are told after the task, only when the tool is offered with the request (DI4).
  const dice = diceOffered(story, env);
  const diceTold = dice ? renderPrompt(env.prompts, language, 'roleplay/dice', { name: me.name }) : '';
  const task = (t: ActorTail) =>
    joinParts(
      renderPrompt(env.prompts, language, 'roleplay/actor-task', {
        name: me.name,
        world: [t.world, t.lore].filter(Boolean).join('\n\n'),
        remembered: t.remembered,
      }),
      diceTold,
    );
  const build = (history: readonly string[], start: number, t: ActorTail = tail): ChatRequest => ({
    messages: [
      povMessage(env, language, me.name, withNotes(history, t.notes), start, rules),
      { role: 'user', content: task(t) },
    ],
    ...samplingFor(env, 'actor'),
    ...(dice ? { tools: [ROLL_TOOL] } : {}),
  });
  return {
    entries: entries.map((e) => formatEntry(e, cast.nameOf)),
    build: (history, start) => build(history, start),
    messages: (r) => r.messages,
    stable: estimateMessages(build([], 0, NO_TAIL).messages),
    volatile:
      estimateTokens([tail.world, tail.lore, tail.remembered].join('\n\n')) +
      tail.notes.reduce((n, note) => n + estimateTokens(note.text) + 1, 0),
    reserve: tailReserve(story, actor, budget),
    parts: { card, persona, task: task(NO_TAIL) },
  };
}

/** The actor's request after `leaf`, fitted to `budget`, with nothing at its tail. */
export function actorRequest(
  story: Story,
  env: DriverEnv,
  actor: string,
  leaf: string | null,
  budget: RequestBudget,
): Promise<Fitted<ChatRequest>> {
  const entries = leaf === null ? [] : story.views.transcript(actor, { leaf });
  return fitRequest(budget, actorFit(story, env, actor, entries, budget, NO_TAIL));
}

/** The actor's memories and state where windows are short (`shortWindows`): half a window's room. */
const SHORT_MEMORY_TOKENS = SHORT_WINDOW_TOKENS / 2;

/**
 * What the actor's tail may take (and the window leaves room for, whatever this one takes). Where the
 * server keeps too few prompts, the tail is read again with every turn, like the window: it is kept short.
 */
const memoryRoom = (budget: RequestBudget): number =>
  Math.min(
    Math.floor(estimatedRoom(budget) * MEMORY_SHARE),
    budget.shortWindows ? SHORT_MEMORY_TOKENS : Infinity,
  );

export interface PreparedActor {
  fitted: Fitted<ChatRequest>;
  /** Its itemisation, stored with the turn it makes. */
  given: Given;
}

/** `actor`'s acting window over `entries`: its coarse step (B3), in the room its tail leaves. */
export async function actorWindow(
  story: Story,
  env: DriverEnv,
  actor: string,
  entries: readonly TranscriptEntry[],
): Promise<{ start: number; room: number }> {
  const budget = await requestBudget(env, 'actor', env.models.actor, promptsOf(story));
  return plannedWindow(budget, actorFit(story, env, actor, entries, budget, NO_TAIL));
}

/**
 * `actor`'s request after `leaf`, as it is asked: fitted to the budget, with what it remembers at the
 * tail. What it remembers is what its chronicle holds now: the chronicler runs in the background
 * (background.ts), never on the way to a turn.
 */
export async function prepareActor(
  story: Story,
  env: DriverEnv,
  actor: string,
  leaf: string | null,
): Promise<DriverResult<PreparedActor>> {
  const budget = await requestBudget(env, 'actor', env.models.actor, promptsOf(story));
  const entries = leaf === null ? [] : story.views.transcript(actor, { leaf });
  const plan = actorFit(story, env, actor, entries, budget, NO_TAIL);
  const start = plannedStart(budget, plan);
  const index = pathIndexOf(story, leaf);
  const remembered = rememberedBlock({
    story,
    who: actor,
    transcript: entries,
    windowStart: start,
    index,
    room: memoryRoom(budget),
  });
  const language = story.views.meta().language;
  const room = estimatedRoom(budget);
  const world = story.views.world();
  const cast = story.views.cast();
  const known = world
    ? worldBlock(
        knownWorld(world, actor, remembered.commits),
        entries.slice(start).map((e) => e.text),
        Math.floor(room * WORLD_SHARE),
        language,
        { name: cast.nameOf(actor), user: cast.user?.name ?? '' },
      )
    : { text: '', nodes: [] };
  const lore = participantLore({
    story,
    who: actor,
    transcript: entries,
    windowStart: start,
    formatted: plan.entries,
    room: loreRoom(story, room),
    place: leaf ?? '',
  });
  const authorNote = authorNoteLines(
    story.views.meta().settings,
    { user: cast.user?.name ?? '', self: cast.nameOf(actor) },
    language,
  );
  const tail = {
    world: known.text,
    lore: lore.placed.tail,
    remembered: remembered.text,
    notes: [...lore.placed.notes, ...authorNote],
  };
  const fit = actorFit(story, env, actor, entries, budget, tail);
  const fitted = await fitRequest(budget, fit);
  const given = withLore(
    givenOf(fitted, {
      ...fit.parts,
      // The author's note sits in the window, so it counts with the history.
      history: historyText(withNotes(fit.entries.slice(fitted.start), authorNote), fitted.start, language),
      memories: remembered.memories,
      state: remembered.state,
      world: known.text,
      lore: [lore.placed.tail, ...lore.placed.notes.map((n) => n.text)].join('\n\n'),
    }),
    lore,
  );
  return { ok: true, fitted, given };
}

async function generateAs(
  story: Story,
  env: DriverEnv,
  actor: string,
  leaf: string | null,
  stand: readonly DiceRoll[],
): Promise<DriverResult<{ value: string; model?: string; given: Given; rolls: DiceRoll[]; cut?: true }>> {
  const prepared = await prepareActor(story, env, actor, leaf);
  if (!prepared.ok) return prepared;
  const { fitted, given } = prepared;
  const ctx = actorContext(story, actor);
  const dice = { rolls: [...stand] };
  const result = await generateValidated(env, {
    model: withRolls(env.models.actor, dice, ctx.language, env.random),
    language: ctx.language,
    fitted,
    validate: (text) => {
      const v = validateActorOutput(text, ctx);
      return v.ok ? { ok: true, value: v.text } : { ok: false, reason: v.reason };
    },
    stream: { op: 'actor', actor },
    cacheKey: cacheKeyOf(story, actor),
    prose: true,
  });
  // Rolls are kept only where the model was given them: without the tool, the turn is written without dice.
  const rolls = diceOffered(story, env) ? dice.rolls : [];
  return result.ok ? { ...result, given: withServed(given, result.served), rolls } : result;
}

/** Where a new turn goes: after `parent`, perceived by `audiences` (default: the active leaf, those present). */
export interface TurnPlace {
  parent: string | null;
  audiences: string[];
}

/**
 * `actor` takes a new turn after `place.parent`. Its history there must be complete and fresh.
 * `stand`: the rolls of the turn it writes again (a regeneration or rewrite), given back, not rolled again.
 */
export async function actAs(
  story: Story,
  env: DriverEnv,
  actor: string,
  place: TurnPlace = { parent: activeLeaf(story.doc), audiences: presentIds(story.doc) },
  stand: readonly DiceRoll[] = [],
): Promise<DriverResult<{ turnId: string }>> {
  return guardPrompts(async () => {
    const leaf = place.parent;
    const basis = story.views.historyThrough(actor, leaf);
    env.onPhase?.({ kind: 'acting', actor });
    const result = await generateAs(story, env, actor, leaf, stand);
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
        rolls: result.rolls,
        ...(result.cut ? { cut: true } : {}),
      },
      env.origin,
    );
    return { ok: true, turnId };
  });
}
