// "Continue": a character's generated turn that stopped too soon is taken further by its own actor.
// The actor is asked as for a new turn, its history running through that very turn (its own text so
// far is the newest entry), with an instruction to go on from where it stops. The extended text is a
// new alternative at the turn's place (the old one stays one ‹ › away), projected for every audience.
import { activeLeaf, appendTurn } from '../doc/turns.ts';
import { isoNow, type DriverEnv, type DriverResult, type Story } from '../env.ts';
import type { Language } from '../doc/schema.ts';
import type { ChatRequest } from '../model.ts';
import { tr } from '../i18n/messages.ts';
import { renderPrompt } from '../prompts/render.ts';
import { validateActorOutput } from '../validation/index.ts';
import type { StaleChoice } from './stale-history.ts';
import { prepareActor } from './actor.ts';
import { actorContext } from './actor-checks.ts';
import { withServed } from './given.ts';
import { cacheKeyOf } from './point-of-view.ts';
import { settleStale } from './commands.ts';
import { freshen } from './freshen.ts';
import { generateValidated, guardPrompts } from './generate.ts';
import { projectForReader } from './turn-loop.ts';
import { withRolls } from '../dice/roll-tool.ts';
import { joinContinuation } from './join-continuation.ts';

/** The actor's request with the instruction to continue added to its last message (the prefix stays cached). */
function continuing(request: ChatRequest, instruction: string): ChatRequest {
  const last = request.messages.at(-1);
  if (!last) return { ...request, messages: [{ role: 'user', content: instruction }] };
  return {
    ...request,
    messages: [...request.messages.slice(0, -1), { ...last, content: `${last.content}\n\n${instruction}` }],
  };
}

/**
 * Continues `turnId`, the last turn of the active path, written by a character's model. Refused with
 * nothing stored when it is not, or while the history is stale and no choice was given; a failed or
 * cancelled continuation stores nothing. Answers the new alternative's id.
 */
export async function continueTurn(
  story: Story,
  env: DriverEnv,
  turnId: string,
  opts: { stale?: StaleChoice } = {},
): Promise<DriverResult<{ turnId: string }>> {
  const language = story.views.meta().language;
  const refusal = continueRefusal(story, turnId, language);
  if (refusal) return { ok: false, code: 'invalid', detail: refusal };
  const settled = await settleStale(story, env, turnId, opts.stale);
  if (!settled.ok) return settled;
  // A rewrite may have written the turn again on a new branch: that one is continued.
  const target = settled.leaf ?? turnId;
  const moved = continueRefusal(story, target, language);
  if (moved) return { ok: false, code: 'invalid', detail: moved };
  const turn = story.views.node(target).turn;
  const ready = await freshen(story, env, [turn.author], target);
  if (!ready.ok) return ready;
  return guardPrompts(async () => {
    const parent = turn.parent;
    const basis = story.views.historyThrough(turn.author, parent);
    env.onPhase?.({ kind: 'acting', actor: turn.author });
    const prepared = await prepareActor(story, env, turn.author, target);
    if (!prepared.ok) return prepared;
    const name = story.views.cast().nameOf(turn.author);
    const instruction = renderPrompt(env.prompts, language, 'roleplay/actor-continue', { name });
    const ctx = actorContext(story, turn.author);
    // The turn's dice stand: given back as answered calls, and kept with the continued turn (DI5).
    const dice = { rolls: [...(turn.rolls ?? [])] };
    const result = await generateValidated(env, {
      model: withRolls(env.models.actor, dice, language, env.random),
      language,
      fitted: { ...prepared.fitted, request: continuing(prepared.fitted.request, instruction) },
      validate: (text) => {
        const v = validateActorOutput(text, ctx);
        return v.ok ? { ok: true, value: v.text } : { ok: false, reason: v.reason };
      },
      stream: { op: 'actor', actor: turn.author },
      cacheKey: cacheKeyOf(story, turn.author),
      prose: true,
    });
    if (!result.ok) return result;
    const extended = appendTurn(
      story.doc,
      {
        id: env.newId(),
        parent,
        author: turn.author,
        audiences: turn.audiences,
        text: joinContinuation(turn.source, result.value, language),
        origin: 'generated',
        basis,
        // The person's words in an edited turn are in the continued one too: a rewrite keeps them (H4).
        ...(turn.edited ? { edited: true } : {}),
        createdAt: isoNow(env),
        given: withServed(prepared.given, result.served),
        // Its text so far was written from them, offered the tool now or not.
        rolls: dice.rolls,
        ...(result.cut ? { cut: true } : {}),
      },
      env.origin,
    );
    const projected = await projectForReader(story, env, extended);
    return projected.ok ? { ok: true, turnId: extended } : { ...projected, turnId: extended };
  });
}

/** Why `turnId` cannot be continued, in the story's language, or null. */
function continueRefusal(story: Story, turnId: string, language: Language): string | null {
  if (activeLeaf(story.doc) !== turnId)
    return tr(language, 'Only the last turn of the story can be continued.');
  const turn = story.views.node(turnId).turn;
  if (turn.origin !== 'generated' || story.views.cast().get(turn.author)?.kind !== 'character')
    return tr(language, "Only a character's turn written by the model can be continued.");
  return null;
}
