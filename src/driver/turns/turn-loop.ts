// The turn loop: a new source is projected to every present audience before anything else (the user
// first, for display); the next actor's history is completed and refreshed; it acts; repeat.
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
  let isolated = ordered;
  if (story.views.meta().settings.batchReprojection && ordered.length > 1) {
    env.onPhase?.({ kind: 'projecting', turnId, audiences: ordered });
    const batch = await projectBatch(story, env, turnId, ordered);
    if (!batch.ok) return batch;
    isolated = batch.remaining;
  }
  const [first, ...rest] = isolated;
  if (first === undefined) return { ok: true };
  const one = (a: string) => () => {
    env.onPhase?.({ kind: 'projecting', turnId, audiences: [a] });
    return projectTurn(story, env, turnId, a);
  };
  // The user's projection first, so the turn can be shown while the others are still projected.
  if (first === user) {
    const r = await one(first)();
    if (!r.ok) return r;
    return pool(rest.map(one), env.concurrency ?? DEFAULT_CONCURRENCY);
  }
  return pool(isolated.map(one), env.concurrency ?? DEFAULT_CONCURRENCY);
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
  const projected = await projectNewTurn(story, env, turnId);
  // The authored turn is stored even when a projection fails: the failure says which turn it was.
  return projected.ok ? { ok: true, turnId } : { ...projected, turnId };
}

export type ActorChoice = { auto: true } | { actor: string };

/**
 * The chosen (or selected) character acts on a complete history (a stale one refuses: see
 * turn-commands.ts for the person's choice); its turn is then projected. `stand`: the rolls of the
 * turn it writes again, which stand (DI5).
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
  const projected = await projectNewTurn(story, env, acted.turnId);
  return projected.ok ? { ok: true, turnId: acted.turnId, actor } : projected;
}
