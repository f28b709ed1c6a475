// "Rewrite from here": the stale items of a path are made again, in story order, and nothing is lost.
// Views (derived data) before the first stale model-written turn are projected again in place; from
// that turn on the story continues on a new branch beside the old one, which stays as it was, one
// swipe away: model-written turns are written again there, and a person's turns are copied (byte for
// byte, re-stamped) only where the person asked, since each answered a story that changed (H9).
import { restampPov, writePov } from '../doc/pov.ts';
import { appendTurn, restampTurn, turnGiven } from '../doc/turns.ts';
import { isPersonsView, type TurnSnapshot } from '../doc/schema.ts';
import { actAs } from './actor.ts';
import { isoNow, type DriverEnv, type DriverResult, type Story } from '../env.ts';
import { projectTurn } from './projection.ts';
import { projectNewTurn } from './turn-loop.ts';
import { isHandTurn, rewrites } from './stale-history.ts';

/** Brings one turn's views up to date in place: stale ones projected again, the person's (edited, imported) kept. */
async function refreshViews(story: Story, env: DriverEnv, turnId: string): Promise<DriverResult> {
  for (;;) {
    const node = story.views.node(turnId);
    const stale = [...node.pov].find(([, s]) => s.state === 'stale');
    if (!stale) return { ok: true };
    const [audience, { expected }] = stale;
    const rec = node.turn.pov[audience];
    if (rec && isPersonsView(rec.origin)) {
      restampPov(story.doc, turnId, audience, expected, env.origin);
      continue;
    }
    env.onPhase?.({ kind: 'projecting', turnId, audiences: [audience] });
    const r = await projectTurn(story, env, turnId, audience);
    if (!r.ok) return r;
  }
}

/**
 * Copies a turn after `parent` with its views and their bases, so what still fits stays fresh, and
 * with what tells where it came from (who wrote it, when, what its request was given, its dice).
 */
function copyTurn(story: Story, env: DriverEnv, turn: TurnSnapshot, parent: string | null): string {
  const id = env.newId();
  const given = turnGiven(story.doc, turn.id);
  story.doc.transact(() => {
    appendTurn(story.doc, {
      id,
      parent,
      author: turn.author,
      audiences: turn.audiences,
      text: turn.source,
      origin: turn.origin,
      ...(turn.basis !== undefined ? { basis: turn.basis } : {}),
      edited: turn.edited,
      ...(turn.writtenBy !== undefined ? { writtenBy: turn.writtenBy } : {}),
      createdAt: turn.createdAt || isoNow(env),
      ...(given ? { given } : {}),
      ...(turn.rolls ? { rolls: turn.rolls } : {}),
    });
    for (const [audience, rec] of Object.entries(turn.pov))
      writePov(story.doc, id, audience, {
        perceived: rec.perceived,
        text: rec.text,
        basis: rec.basis,
        origin: rec.origin,
        createdAt: rec.createdAt ?? isoNow(env),
        ...(rec.model !== undefined ? { model: rec.model } : {}),
      });
  }, env.origin);
  return id;
}

/**
 * Rewrites the stale items of the path to `leaf`, copying onto the new branch the person's turns in
 * `copy`; the others are `left` on the old branch. Returns the leaf the path now ends at: `leaf`
 * itself when nothing had to move to a new branch. On a failure, what was made so far stays (the old
 * branch is untouched either way) and the path ends at the last turn completed.
 */
export async function rewriteStale(
  story: Story,
  env: DriverEnv,
  leaf: string | null,
  copy: ReadonlySet<string>,
): Promise<DriverResult<{ leaf: string | null; left: string[] }>> {
  const ids = story.views.path(leaf).map((n) => n.id);
  const first = story.views.staleItems(leaf)[0];
  let fork = first ? story.views.node(first.turnId).index : ids.length;
  // In place, turn by turn, each read after the ones before it were brought up to date.
  for (; fork < ids.length; fork++) {
    const n = story.views.node(ids[fork] as string);
    if (rewrites(n)) break;
    if (n.turnState === 'stale') restampTurn(story.doc, n.id, n.turnExpected, env.origin);
    const r = await refreshViews(story, env, n.id);
    if (!r.ok) return r;
  }
  if (fork === ids.length) return { ok: true, leaf, left: [] };

  let at = ids[fork - 1] ?? null;
  const left: string[] = [];
  for (const node of ids.slice(fork).map((id) => story.views.node(id))) {
    const old = node.turn;
    if (isHandTurn(node) && !copy.has(old.id)) {
      left.push(old.id);
      continue;
    }
    const fits = old.origin === 'generated' && story.views.historyThrough(old.author, at) === old.basis;
    let made: string;
    let r: DriverResult;
    if (isHandTurn(node) || fits) {
      made = copyTurn(story, env, old, at);
      const copied = story.views.node(made);
      if (copied.turnState === 'stale') restampTurn(story.doc, made, copied.turnExpected, env.origin);
      r = await refreshViews(story, env, made);
    } else {
      const acted = await actAs(story, env, old.author, { parent: at, audiences: old.audiences }, old.rolls);
      if (!acted.ok) return acted;
      made = acted.turnId;
      // A new turn, projected to everyone who perceived the old one, like any new turn.
      r = await projectNewTurn(story, env, made);
    }
    if (!r.ok) return r;
    at = made;
  }
  return { ok: true, leaf: at, left };
}
