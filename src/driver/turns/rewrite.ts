// "Rewrite from here": the stale items of a path are made again, in story order, and nothing is lost.
// Views (derived data) before the first stale model-written turn are projected again in place; from
// that turn on the story continues on a new branch beside the old one, which stays as it was, one
// swipe away: model-written turns are written again there, everything else is copied (a person's
// turns byte for byte). Whatever a person wrote or edited by hand is kept as it is, re-stamped.
import { restampPov, writePov } from '../doc/pov.ts';
import { appendTurn, restampTurn } from '../doc/turns.ts';
import { isPersonsView, type TurnSnapshot } from '../doc/schema.ts';
import { actAs } from './actor.ts';
import { isoNow, type DriverEnv, type DriverResult, type Story } from '../env.ts';
import { projectTurn } from './projection.ts';
import { projectNewTurn } from './turn-loop.ts';
import type { PathNode } from '../views/story-views.ts';

/** A stale turn that the rewrite writes again (a hand-edited one is a person's text: it is kept). */
const regenerates = (n: PathNode): boolean => n.turnState === 'stale' && !n.turn.edited;

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

/** Copies a turn after `parent` with its views and their bases, so what still fits stays fresh. */
function copyTurn(story: Story, env: DriverEnv, turn: TurnSnapshot, parent: string | null): string {
  const id = env.newId();
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
      createdAt: isoNow(env),
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
 * Rewrites the stale items of the path to `leaf`. Returns the leaf the path now ends at: `leaf`
 * itself when nothing had to move to a new branch. On a failure, what was made so far stays (the old
 * branch is untouched either way) and the path ends at the last turn completed.
 */
export async function rewriteStale(
  story: Story,
  env: DriverEnv,
  leaf: string | null,
): Promise<DriverResult<{ leaf: string | null }>> {
  const ids = story.views.path(leaf).map((n) => n.id);
  const first = story.views.staleItems(leaf)[0];
  let fork = first ? story.views.node(first.turnId).index : ids.length;
  // In place, turn by turn, each read after the ones before it were brought up to date.
  for (; fork < ids.length; fork++) {
    const n = story.views.node(ids[fork] as string);
    if (regenerates(n)) break;
    if (n.turnState === 'stale') restampTurn(story.doc, n.id, n.turnExpected, env.origin);
    const r = await refreshViews(story, env, n.id);
    if (!r.ok) return r;
  }
  if (fork === ids.length) return { ok: true, leaf };

  let at = ids[fork - 1] ?? null;
  const tail = ids.slice(fork).map((id) => story.views.node(id).turn);
  for (const old of tail) {
    const fits = old.origin === 'generated' && story.views.historyThrough(old.author, at) === old.basis;
    let made: string;
    let r: DriverResult;
    if (old.origin === 'authored' || old.edited || fits) {
      made = copyTurn(story, env, old, at);
      const copy = story.views.node(made);
      if (copy.turnState === 'stale') restampTurn(story.doc, made, copy.turnExpected, env.origin);
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
  return { ok: true, leaf: at };
}
