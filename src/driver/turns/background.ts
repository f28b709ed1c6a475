// What the story still owes once the person has their reply: every view of the active path not
// written yet (the audiences that did not have to wait for it), then what each participant will
// remember of the turns that left its window. It runs while the person reads and writes; a new
// command stops it first (scheduler.ts), and since each result is stored whole or not at all, the
// work left is always read from the story itself: nothing is queued that a crash could lose.
import { activeLeaf } from '../doc/turns.ts';
import type { DriverEnv, DriverResult, Story } from '../env.ts';
import { freshen } from './freshen.ts';
import { projectTogether } from './turn-loop.ts';
import { windowOf } from './pov-window.ts';
import { chronicle } from './chronicler.ts';

/** Views on the active path not written yet, everyone's. */
export function pendingViews(story: Story): number {
  const leaf = activeLeaf(story.doc);
  return story.views.cast().participants.reduce((n, p) => n + story.views.missing(p.id, leaf).length, 0);
}

/**
 * The missing views of turns the turn loop began to project (one of their views is written): what a
 * background stopped mid-way left (a crash, a closed tab). A turn none of whose views is written is a
 * backlog the person has not asked for yet (a chat imported to be projected later, I7).
 */
export function interruptedViews(story: Story): number {
  return story.views.path(activeLeaf(story.doc)).reduce((n, node) => {
    const states = [...story.views.node(node.id).pov.values()].map((v) => v.state);
    return states.some((s) => s !== 'missing') ? n + states.filter((s) => s === 'missing').length : n;
  }, 0);
}

/**
 * Writes every missing view of the active path, one audience after another (the person's first; each
 * audience's in story order, so one participant's requests follow each other and share their prefix),
 * or one batched request per turn when the story asks for batches; then chronicles what left each
 * participant's window. A stale path stops it at once: that waits for the person's choice.
 */
export async function completeStory(story: Story, env: DriverEnv): Promise<DriverResult> {
  const viewed = story.views.meta().settings.batchReprojection
    ? await completeBatched(story, env)
    : await completeIsolated(story, env);
  if (!viewed.ok) return viewed;
  return rememberAll(story, env);
}

function audiencesInOrder(story: Story): string[] {
  const cast = story.views.cast();
  const user = cast.user?.id;
  return [...cast.participants]
    .sort((a, b) => Number(b.id === user) - Number(a.id === user))
    .map((p) => p.id);
}

async function completeIsolated(story: Story, env: DriverEnv): Promise<DriverResult> {
  for (const who of audiencesInOrder(story)) {
    const done = await freshen(story, env, [who], activeLeaf(story.doc));
    if (!done.ok) return done;
  }
  return { ok: true };
}

/** Turn by turn along the path, each turn's missing views in one request (histories before it are done first). */
async function completeBatched(story: Story, env: DriverEnv): Promise<DriverResult> {
  for (const node of story.views.path(activeLeaf(story.doc))) {
    const missing = [...story.views.node(node.id).pov]
      .filter(([, s]) => s.state === 'missing')
      .map(([a]) => a);
    if (!missing.length) continue;
    const ready = await freshen(story, env, missing, node.parent?.id ?? null);
    if (!ready.ok) return ready;
    const done = await projectTogether(story, env, node.id, missing);
    if (!done.ok) return done;
  }
  return { ok: true };
}

/**
 * What each participant will remember, chronicled before its requests need it (M1): the turns that
 * left its window, and those its window will drop at its next step.
 */
async function rememberAll(story: Story, env: DriverEnv): Promise<DriverResult> {
  const leaf = activeLeaf(story.doc);
  if (leaf === null) return { ok: true };
  for (const who of audiencesInOrder(story)) {
    const entries = story.views.transcript(who, { leaf });
    // A history with a view still to write is not chronicled yet (its window cannot be read).
    if (entries.some((e) => e.kind === 'missing')) continue;
    // The window the chronicler's backend plans: the projector's, which a character's follows when shared.
    const window = await windowOf(story, env, who, entries, 'projector');
    const done = await chronicle(story, env, who, entries, window, leaf);
    if (!done.ok) return done;
  }
  return { ok: true };
}
