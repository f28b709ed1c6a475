// The turn loop, on the critical path of the person's wait: the next actor is chosen, its history is
// completed (the new turn projected to it), it acts, and the person's own view of its turn is written.
// Every other audience's view waits for the background (background.ts), which runs while the person
// reads; none of them acts before its own history is complete (freshen).
import { activeLeaf, appendTurn } from '../doc/turns.ts';
import { presentIds } from '../doc/participants.ts';
import { DEFAULT_CONCURRENCY, isoNow, type DriverEnv, type DriverResult, type Story } from '../env.ts';
import { actAs } from './actor.ts';
import { projectBatch } from './batch-projection.ts';
import { freshen } from './freshen.ts';
import { tr } from '../i18n/messages.ts';
import { projectTurn } from './projection.ts';
import { selectNextActor } from './selection.ts';
import type { DiceRoll } from '../doc/turn-rolls.ts';

/** Runs `tasks` with at most `limit` in flight; the first failure is returned after all settle. */
async function pool(tasks: Array<() => Promise<DriverResult>>, limit: number): Promise<DriverResult> {
  let next = 0;
  let failure: DriverResult | undefined;
  const worker = async () => {
    while (next < tasks.length) {
      const r = await (tasks[next++] as () => Promise<DriverResult>)();
      if (!r.ok) failure ??= r;
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return failure ?? { ok: true };
}

/** Projects turn `turnId` to every audience that has no fresh record of it. */
export async function projectNewTurn(story: Story, env: DriverEnv, turnId: string): Promise<DriverResult> {
  const node = story.views.node(turnId);
  const targets = [...node.pov].filter(([, s]) => s.state !== 'fresh').map(([a]) => a);
  if (!targets.length) return { ok: true };
  // Every target's history before the turn must be complete and fresh first (done once, in order,
  // so shared dependencies are not regenerated twice by parallel requests).
  const ready = await freshen(story, env, targets, node.parent?.id ?? null);
  if (!ready.ok) return ready;
  const user = story.views.cast().user?.id;
  const ordered = [...targets].sort((a, b) => (a === user ? -1 : b === user ? 1 : 0));
  const [first, ...rest] = ordered;
  // The user's view first, alone: it is what the person reads (and a batch would make them wait for everyone's).
  if (first !== undefined && first === user) {
    const r = await projectOne(story, env, turnId, first);
    if (!r.ok) return r;
    return projectTogether(story, env, turnId, rest);
  }
  return projectTogether(story, env, turnId, ordered);
}

function projectOne(story: Story, env: DriverEnv, turnId: string, audience: string): Promise<DriverResult> {
  env.onPhase?.({ kind: 'projecting', turnId, audiences: [audience] });
  return projectTurn(story, env, turnId, audience);
}

/**
 * Projects a turn to `audiences`, whose histories before it are complete: one batched request when the
 * story asks for it, else isolated requests in parallel (bounded).
 */
export async function projectTogether(
  story: Story,
  env: DriverEnv,
  turnId: string,
  audiences: string[],
): Promise<DriverResult> {
  let isolated = audiences;
  if (story.views.meta().settings.batchReprojection && audiences.length > 1) {
    env.onPhase?.({ kind: 'projecting', turnId, audiences });
    const batch = await projectBatch(story, env, turnId, audiences);
    if (!batch.ok) return batch;
    isolated = batch.remaining;
  }
  return pool(
    isolated.map((a) => () => projectOne(story, env, turnId, a)),
    env.concurrency ?? DEFAULT_CONCURRENCY,
  );
}

/**
 * Writes the view of a new turn that the person reads it by, at once: the user's, unless the user
 * wrote it (their own turn, or one they wrote for a character: their transcript shows the source).
 * Everyone else's view is left to the background, and completed before that audience acts.
 */
export async function projectForReader(story: Story, env: DriverEnv, turnId: string): Promise<DriverResult> {
  const node = story.views.node(turnId);
  const user = story.views.cast().user?.id;
  if (user === undefined || node.turn.writtenBy === user) return { ok: true };
  if (node.pov.get(user)?.state !== 'missing') return { ok: true };
  const ready = await freshen(story, env, [user], node.parent?.id ?? null);
  if (!ready.ok) return ready;
  return projectOne(story, env, turnId, user);
}

/**
 * A participant authors a turn by hand (the user, or the user writing as a character: `writtenBy`
 * says who wrote it, so the user's transcript shows what they wrote).
 */
export async function authorTurn(
  story: Story,
  env: DriverEnv,
  author: string,
  text: string,
  writtenBy?: string,
): Promise<DriverResult<{ turnId: string }>> {
  const language = story.views.meta().language;
  if (!story.views.cast().get(author))
    return {
      ok: false,
      code: 'unknown-participant',
      detail: tr(language, 'No participant {id} in this story.', { id: author }),
    };
  if (!text.trim()) return { ok: false, code: 'invalid', detail: tr(language, 'A turn needs some text.') };
  const turnId = appendTurn(
    story.doc,
    {
      id: env.newId(),
      author,
      text,
      origin: 'authored',
      audiences: presentIds(story.doc),
      ...(writtenBy !== undefined && writtenBy !== author ? { writtenBy } : {}),
      createdAt: isoNow(env),
    },
    env.origin,
  );
  await env.window?.();
  const projected = await projectForReader(story, env, turnId);
  // The authored turn is stored even when a projection fails: the failure says which turn it was.
  return projected.ok ? { ok: true, turnId } : { ...projected, turnId };
}

export type ActorChoice = { auto: true } | { actor: string };

/**
 * The chosen (or selected) character acts on a complete history (a stale one refuses: see
 * commands.ts for the person's choice); the person's view of its turn is then written. `stand`: the
 * rolls of the turn it writes again, which stand (DI5).
 */
export async function takeTurn(
  story: Story,
  env: DriverEnv,
  choice: ActorChoice,
  stand: readonly DiceRoll[] = [],
): Promise<DriverResult<{ turnId: string; actor: string }>> {
  let actor: string;
  if ('auto' in choice) {
    const selected = await selectNextActor(story, env);
    if (!selected.ok) return selected;
    actor = selected.actor;
  } else actor = choice.actor;
  const language = story.views.meta().language;
  const who = story.views.cast().get(actor);
  if (!who)
    return {
      ok: false,
      code: 'unknown-participant',
      detail: tr(language, 'No participant {id} in this story.', { id: actor }),
    };
  if (who.kind !== 'character')
    return {
      ok: false,
      code: 'invalid',
      detail: tr(language, '{name} is played by you: write their turn instead.', { name: who.name }),
    };
  if (!who.present)
    return {
      ok: false,
      code: 'not-present',
      detail: tr(language, '{name} is not in the scene. Bring them in before they act.', { name: who.name }),
    };
  const ready = await freshen(story, env, [actor], activeLeaf(story.doc));
  if (!ready.ok) return ready;
  const acted = await actAs(story, env, actor, undefined, stand);
  if (!acted.ok) return acted;
  const projected = await projectForReader(story, env, acted.turnId);
  return projected.ok ? { ok: true, turnId: acted.turnId, actor } : projected;
}
