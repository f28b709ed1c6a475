// What a person asks of a story, as the app and `rashomon run` both ask it: send a turn (and let the
// next character act), let the characters continue, regenerate a turn or one view of it. Every rule of
// the turn loop lives here; each command first settles stale history with the person's choice, so no
// command ever builds on an earlier version of the story, or rewrites one, without being asked.
import { activeLeaf, appendTurn } from '../doc/turns.ts';
import { setActiveLeaf } from '../doc/tree.ts';
import { isPersonsView } from '../doc/schema.ts';
import { listParticipants } from '../doc/participants.ts';
import { isoNow, type DriverEnv, type DriverResult, type Story } from '../env.ts';
import { freshen } from './freshen.ts';
import { projectTurn } from './projection.ts';
import { rewriteStale } from './rewrite.ts';
import {
  rewriteOf,
  staleChronicles,
  staleHistory,
  staleRefusal,
  type StaleChoice,
  type StaleChronicle,
} from './stale-history.ts';
import { deleteRecords, writeRecords, type Correction } from '../doc/chronicle.ts';
import { acceptStale } from '../views/keep.ts';
import { authorTurn, projectForReader, takeTurn, type ActorChoice } from './turn-loop.ts';

/**
 * Settles the stale history of the path to `leaf`: nothing stale, or the person's choice applied.
 * Returns the leaf to continue from (a rewrite may end the path on a new branch) and, after a rewrite,
 * the person's turns it `left` on the old branch (H9).
 */
export async function settleStale(
  story: Story,
  env: DriverEnv,
  leaf: string | null,
  choice: StaleChoice | undefined,
): Promise<DriverResult<{ leaf: string | null; left?: string[] }>> {
  const stale = staleHistory(story, leaf);
  if (!stale) return { ok: true, leaf };
  if (choice === undefined) return staleRefusal(story, stale);
  // Keeping or rewriting reads what the prompts read (a story opened for its rows has only the leaf's band).
  await env.window?.();
  const rewrite = rewriteOf(choice);
  if (!rewrite) {
    const chronicles = staleChronicles(story, leaf);
    story.doc.transact(() => {
      acceptStale(story.doc, story.views, story.views.staleItems(leaf));
      for (const c of chronicles)
        writeRecords(story.doc, c.participant, 'entries', [{ ...c.entry, basis: c.expected }]);
    }, env.origin);
    return { ok: true, leaf };
  }
  const rewritten = await rewriteStale(story, env, leaf, rewrite.copy);
  if (!rewritten.ok) return rewritten;
  // What someone remembers of turns that changed is forgotten, to be chronicled again when it leaves
  // the window; an amended value, the person's words, stays as a correction.
  forgetChronicles(story, env, staleChronicles(story, rewritten.leaf));
  return rewritten;
}

/** Drops stale chronicle entries; the person's amended values in them become corrections. */
function forgetChronicles(story: Story, env: DriverEnv, stale: readonly StaleChronicle[]): void {
  story.doc.transact(() => {
    for (const { participant, entry } of stale) {
      const reviews = story.views.chronicle(participant).reviews;
      const amended: Correction[] = entry.changes.flatMap((change) => {
        const review = reviews.find((r) => r.changeId === change.id && r.decision === 'amended');
        return review?.value
          ? [
              {
                id: env.newId(),
                subject: change.subject,
                domain: change.domain,
                value: review.value,
                turnId: change.turnId,
                at: isoNow(env),
              },
            ]
          : [];
      });
      if (amended.length) writeRecords(story.doc, participant, 'corrections', amended);
      deleteRecords(story.doc, participant, 'entries', [entry.id]);
    }
  }, env.origin);
}

export interface SendInput {
  /** Who wrote it: the user, or a character whose turn the person writes by hand. */
  author: string;
  text: string;
  /**
   * Who acts after the user's turn when the story goes on by itself (turn selection `auto`; with
   * `manual` nobody does): unset, the selector chooses; null, nobody acts.
   */
  next?: ActorChoice | null;
  stale?: StaleChoice;
  /**
   * The turn an earlier send stored before it failed (its projection, or the next actor's turn):
   * `text` is not stored again; what followed the turn is finished instead (resumeSend).
   */
  resume?: string;
}

/**
 * A turn written by a person is stored and projected; after the user's own turn, in a story whose
 * turns are chosen automatically, the next character acts. A turn written by hand for a character
 * is that character's move: nobody acts after it. Refused with nothing stored while the history is
 * stale and no choice was given.
 */
export async function send(
  story: Story,
  env: DriverEnv,
  input: SendInput,
): Promise<DriverResult<{ turnId: string; acted?: string }>> {
  if (input.resume !== undefined) return resumeSend(story, env, input.resume, input);
  const settled = await settleStale(story, env, activeLeaf(story.doc), input.stale);
  if (!settled.ok) return settled;
  const authored = await authorTurn(story, env, input.author, input.text, story.views.cast().user?.id);
  if (!authored.ok) return authored;
  const next = nextAfter(story, input);
  if (!next) return authored;
  const acted = await takeTurn(story, env, next);
  return acted.ok ? { ...authored, acted: acted.turnId } : { ...acted, turnId: authored.turnId };
}

/**
 * What a send still owed after its turn `turnId` was stored: the next actor's turn, chosen by the same
 * rule as after a send (it completes the views it rests on first, as `continueFor` does), or, when
 * nobody acts after it, the views of every participant on the active path.
 */
async function resumeSend(
  story: Story,
  env: DriverEnv,
  turnId: string,
  input: SendInput,
): Promise<DriverResult<{ turnId: string; acted?: string }>> {
  const next = nextAfter(story, input);
  if (!next) {
    const who = listParticipants(story.doc).map((p) => p.id);
    const done = await freshen(story, env, who, activeLeaf(story.doc));
    return done.ok ? { ok: true, turnId } : done;
  }
  const acted = await continueFor(story, env, {
    choice: next,
    turns: 1,
    ...(input.stale ? { stale: input.stale } : {}),
  });
  return acted.ok ? { ok: true, turnId, ...(acted.turnIds[0] ? { acted: acted.turnIds[0] } : {}) } : acted;
}

function nextAfter(story: Story, input: SendInput): ActorChoice | null {
  const cast = story.views.cast();
  if (input.author !== cast.user?.id || input.next === null) return null;
  if (story.views.meta().settings.turnSelection !== 'auto') return null;
  // Alone in the scene, the user goes on alone.
  const someone = cast.participants.some((p) => p.kind === 'character' && p.present);
  return someone ? (input.next ?? { auto: true }) : null;
}

/**
 * `turns` turns in a row by `choice` (the selector each time, or one character). A cancel after at
 * least one turn ends with what was made; any other failure is returned.
 */
export async function continueFor(
  story: Story,
  env: DriverEnv,
  input: { choice: ActorChoice; turns: number; stale?: StaleChoice },
): Promise<DriverResult<{ turnIds: string[] }>> {
  const settled = await settleStale(story, env, activeLeaf(story.doc), input.stale);
  if (!settled.ok) return settled;
  const turnIds: string[] = [];
  for (let i = 0; i < Math.max(1, input.turns); i++) {
    if (env.signal?.aborted) break;
    const r = await takeTurn(story, env, input.choice);
    if (!r.ok) return turnIds.length && r.code === 'cancelled' ? { ok: true, turnIds } : r;
    turnIds.push(r.turnId);
  }
  return { ok: true, turnIds };
}

/**
 * Regenerates a turn. A model-written one gets a new alternative by its author at its place (a
 * sibling; the old one and what followed it stay on their branch). A hand-written one keeps its
 * source and is projected again for every audience, except the person's views (edited by hand or
 * imported). Either way the history before it is completed first, and settled with the person's
 * choice when stale.
 */
export async function regenerate(
  story: Story,
  env: DriverEnv,
  turnId: string,
  opts: { stale?: StaleChoice } = {},
): Promise<DriverResult<{ turnId: string }>> {
  const node = story.views.node(turnId);
  const turn = node.turn;
  const before = node.parent?.id ?? null;
  const settled = await settleStale(story, env, before, opts.stale);
  if (!settled.ok) return settled;
  // A rewrite that moved to a new branch continues there: the turn is made again at its end.
  const moved = settled.leaf !== before;
  if (turn.origin === 'generated') {
    const left = activeLeaf(story.doc);
    setActiveLeaf(story.doc, settled.leaf, env.origin);
    // Its dice stand: the new alternative is written from the same rolls (DI5).
    const acted = await takeTurn(story, env, { actor: turn.author }, turn.rolls);
    if (!acted.ok && !moved) setActiveLeaf(story.doc, left, env.origin);
    return acted;
  }
  if (moved) {
    const target = appendTurn(
      story.doc,
      {
        id: env.newId(),
        parent: settled.leaf,
        author: turn.author,
        audiences: turn.audiences,
        text: turn.source,
        origin: 'authored',
        ...(turn.writtenBy !== undefined ? { writtenBy: turn.writtenBy } : {}),
        createdAt: isoNow(env),
      },
      env.origin,
    );
    const projected = await projectForReader(story, env, target);
    return projected.ok ? { ok: true, turnId: target } : projected;
  }
  const audiences = [...node.pov.keys()];
  const ready = await freshen(story, env, audiences, before);
  if (!ready.ok) return ready;
  for (const audience of audiences) {
    const rec = turn.pov[audience];
    if (rec && isPersonsView(rec.origin)) continue;
    env.onPhase?.({ kind: 'projecting', turnId, audiences: [audience] });
    const r = await projectTurn(story, env, turnId, audience);
    if (!r.ok) return r;
  }
  return { ok: true, turnId };
}

/**
 * Projects one view of a turn again, from that audience's own history, completed first (a stale one
 * refuses: the story's stale-history question comes first). The person asked for this very view, so
 * one edited by hand is replaced too.
 */
export async function regenerateView(
  story: Story,
  env: DriverEnv,
  turnId: string,
  audience: string,
): Promise<DriverResult> {
  const ready = await freshen(story, env, [audience], story.views.node(turnId).parent?.id ?? null);
  if (!ready.ok) return ready;
  env.onPhase?.({ kind: 'projecting', turnId, audiences: [audience] });
  return projectTurn(story, env, turnId, audience);
}
