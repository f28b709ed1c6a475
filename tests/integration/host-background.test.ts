// The worker's scheduling of a story's model work (L8) against the real host over fake-indexeddb, with
// a scripted model the test holds, answers and fails request by request: a command stops the background
// first (its request aborted, nothing of it stored) and the background resumes after it; what the
// background tells; a worker gone mid-request, resumed when the story opens again; Export waiting for
// it; Cancel holding it until the next command or `resumeBackground`.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createScriptedModel, modelFailure, type ScriptedAnswer } from '../support/scripted-model.ts';
import { kindOf, subjectOf } from '../support/driver-env.ts';
import {
  backgroundSettled,
  startScriptedHost,
  type BackgroundEvent,
  type HostHarness,
} from '../support/host-harness.ts';
import { createStoryStore, type StoryStore } from '../../src/workers/store/story-store.ts';
import type { ChatRequest } from '../../src/driver/model.ts';
import type { Result } from '../../src/workers/api.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const KNOCK = 'I knock at the gate.';
const ASK = 'Who is there?';
const JANE_ANSWERS = 'I lift my lantern and answer.';

/** A request as the log tells it: its kind, whom it is for, and a projection's source. */
function labelOf(request: ChatRequest): string {
  const kind = kindOf(request);
  const who = subjectOf(request) ?? '';
  if (kind !== 'project') return `${kind} ${who}`.trim();
  const task = request.messages.at(-1)?.content ?? '';
  return `project ${who}: ${task.slice(task.lastIndexOf('\n\n') + 2)}`;
}

/** A request the model holds until the test releases it (or its signal fires). */
interface Held {
  label: string;
  aborted: boolean;
  release(answer: ScriptedAnswer): void;
}

/**
 * The scripted model of these tests: it logs every request (and every abort, as `aborted <label>`),
 * holds the ones `hold` names, fails the ones `fail` names, and answers the rest. A projection's
 * answer carries the request's number, so a test can tell which request wrote a view.
 */
function gatedModel() {
  const log: string[] = [];
  const held: Held[] = [];
  const rules = {
    hold: (_label: string) => false,
    fail: (_label: string) => false,
    /** Runs before a request is answered (the command or background that made it is still waiting). */
    before: async (_label: string) => {},
  };
  const answer = (request: ChatRequest, n: number): string => {
    switch (kindOf(request)) {
      case 'selector':
        return JSON.stringify({ next: 'Jane' });
      case 'project':
        return `${subjectOf(request)} notices it (request ${n}).`;
      case 'chronicle':
        return JSON.stringify({ memories: [], events: [], changes: [], uncertainties: [] });
      default:
        return JANE_ANSWERS;
    }
  };
  const model = createScriptedModel(async (request, n) => {
    const label = labelOf(request);
    log.push(label);
    await rules.before(label);
    if (rules.fail(label)) return modelFailure('server', `scripted failure of ${label}`);
    if (!rules.hold(label)) return answer(request, n);
    return new Promise<ScriptedAnswer>((resolve) => {
      const entry: Held = { label, aborted: false, release: resolve };
      request.signal?.addEventListener('abort', () => {
        entry.aborted = true;
        log.push(`aborted ${label}`);
      });
      held.push(entry);
    });
  });
  /** The held request labelled `label`, once it has been made. */
  const heldAt = (label: string) =>
    vi.waitFor(
      () => {
        const found = held.find((h) => h.label === label);
        if (!found) throw new Error(`${label} was not asked for yet; the log: ${JSON.stringify(log)}`);
        return found;
      },
      { timeout: 5_000, interval: 5 },
    );
  return { model, log, rules, heldAt };
}

function ok<T extends object>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.code}: ${r.detail}`);
  return r;
}

/** A story with the user Wren and the characters Jane and Jess (each the other's witness). */
async function story(host: HostHarness) {
  const { storyId } = ok(
    await host.api.createStory({
      title: 'The gate',
      language: 'en',
      user: { name: 'Wren' },
      characters: [{ name: 'Jane' }, { name: 'Jess' }],
    }),
  );
  const { story: overview } = ok(await host.api.openStory(storyId));
  const idOf = (name: string) => overview.participants.find((p) => p.name === name)?.id ?? '';
  return { storyId, jane: idOf('Jane'), jess: idOf('Jess') };
}

async function start(store?: StoryStore) {
  const gated = gatedModel();
  const started = await startScriptedHost(gated.model, store);
  let closing: Promise<void> | undefined;
  // A test may close it first (a worker gone); the cleanup then has nothing left to do.
  const host = { ...started, close: () => (closing ??= started.close()) };
  cleanups.push(() => host.close());
  return { ...gated, host, api: host.api };
}

/** Each audience's view of a turn, by name: its badge and text. */
async function viewsOf(host: HostHarness, storyId: string, turnId: string) {
  const { turn } = ok(await host.api.inspectTurn(storyId, turnId));
  return Object.fromEntries(turn.variants.map((v) => [v.name, [v.badge, v.text]]));
}

const toldOf = (host: HostHarness, storyId: string, from = 0) =>
  host.events
    .slice(from)
    .filter((e): e is BackgroundEvent => e.kind === 'background' && e.storyId === storyId);

describe('[L8] the story’s background through the worker', () => {
  it('[L8] a Send while the background writes a view aborts that request, stores nothing of it, runs at once; the view is written after', async () => {
    const { host, api, log, rules, heldAt } = await start();
    const { storyId, jane } = await story(host);
    rules.hold = (label) => label === `project Jess: ${KNOCK}`;
    const knock = ok(await api.send(storyId, { next: null, text: KNOCK }));
    // The person's own turn needs nothing: both views are the background's, Jane's first.
    const held = await heldAt(`project Jess: ${KNOCK}`);
    expect(log).toEqual([`project Jane: ${KNOCK}`, `project Jess: ${KNOCK}`]);
    rules.hold = () => false;

    let jessDuringSend: unknown;
    rules.before = async (label) => {
      if (label === 'actor Jane' && jessDuringSend === undefined)
        jessDuringSend = (await viewsOf(host, storyId, knock.turnId))['Jess'];
    };
    const asked = ok(await api.send(storyId, { next: { actor: jane }, text: ASK }));
    // Stopped before the Send's first request; nothing of it was stored while the Send ran.
    expect(held.aborted).toBe(true);
    expect(jessDuringSend).toEqual(['missing', '']);
    expect((await backgroundSettled(host, storyId)).pending).toBe(0);
    expect(log).toEqual([
      `project Jane: ${KNOCK}`,
      `project Jess: ${KNOCK}`,
      `aborted project Jess: ${KNOCK}`,
      // The Send: Jane's history completed, her turn, and Wren's view of it.
      `project Jane: ${ASK}`,
      'actor Jane',
      `project Wren: ${JANE_ANSWERS}`,
      // The background, resumed: Jess's views in story order, the aborted one first.
      `project Jess: ${KNOCK}`,
      `project Jess: ${ASK}`,
      `project Jess: ${JANE_ANSWERS}`,
    ]);
    expect(await viewsOf(host, storyId, knock.turnId)).toEqual({
      Jane: ['fresh', 'Jane notices it (request 1).'],
      Jess: ['fresh', 'Jess notices it (request 6).'],
    });
    expect(await viewsOf(host, storyId, asked.acted ?? '')).toEqual({
      Wren: ['fresh', 'Wren notices it (request 5).'],
      Jess: ['fresh', 'Jess notices it (request 8).'],
    });
  });

  it('[L8] after a Send the background tells it runs, then that it stopped with nothing pending; every view exists', async () => {
    const { host, api, log } = await start();
    const { storyId, jane } = await story(host);
    const from = host.events.length;
    const sent = ok(await api.send(storyId, { next: { actor: jane }, text: KNOCK }));
    const end = await backgroundSettled(host, storyId);
    expect(end).toEqual({ kind: 'background', storyId, pending: 0, running: false });
    const told = toldOf(host, storyId, from);
    expect(told.slice(0, -1).length).toBeGreaterThan(0);
    expect(told.slice(0, -1).every((e) => e.running)).toBe(true);
    // Jess's two views were left to it; the count only goes down.
    expect(told[0]?.pending).toBe(2);
    const pending = told.map((e) => e.pending);
    expect(pending).toEqual([...pending].sort((a, b) => b - a));
    expect(await viewsOf(host, storyId, sent.turnId)).toEqual({
      Jane: ['fresh', 'Jane notices it (request 1).'],
      Jess: ['fresh', 'Jess notices it (request 4).'],
    });
    expect(await viewsOf(host, storyId, sent.acted ?? '')).toEqual({
      Wren: ['fresh', 'Wren notices it (request 3).'],
      Jess: ['fresh', 'Jess notices it (request 5).'],
    });
    expect(log.slice(3)).toEqual([`project Jess: ${KNOCK}`, `project Jess: ${JANE_ANSWERS}`]);
  });

  it('[L8][L5] a worker gone mid-request stores nothing of it; the story opened again resumes its background, which writes it', async () => {
    const prefix = `test-${randomUUID()}`;
    const first = await start(createStoryStore({ prefix }));
    const { storyId } = await story(first.host);
    first.rules.hold = (label) => label === `project Jess: ${KNOCK}`;
    const knock = ok(await first.api.send(storyId, { next: null, text: KNOCK }));
    await first.heldAt(`project Jess: ${KNOCK}`);
    // The worker goes away while Jess's view is asked for (a closed tab): its store closes under it.
    await first.host.close();

    const second = await start(createStoryStore({ prefix }));
    // Read without opening it: Jane's view was stored whole, Jess's not at all.
    expect(await viewsOf(second.host, storyId, knock.turnId)).toEqual({
      Jane: ['fresh', 'Jane notices it (request 1).'],
      Jess: ['missing', ''],
    });
    expect(second.log).toEqual([]);
    // One view missing is what an interrupted run leaves: opening the story resumes the background.
    ok(await second.api.openStory(storyId));
    expect((await backgroundSettled(second.host, storyId)).pending).toBe(0);
    expect(second.log).toEqual([`project Jess: ${KNOCK}`]);
    expect(await viewsOf(second.host, storyId, knock.turnId)).toEqual({
      Jane: ['fresh', 'Jane notices it (request 1).'],
      Jess: ['fresh', 'Jess notices it (request 1).'],
    });
  });

  it('[L8] Export waits for the background, and its file has every view', async () => {
    const { host, api, rules, heldAt } = await start();
    const { storyId, jane, jess } = await story(host);
    rules.hold = (label) => label === `project Jess: ${KNOCK}`;
    const knock = ok(await api.send(storyId, { next: null, text: KNOCK }));
    const held = await heldAt(`project Jess: ${KNOCK}`);
    let exported: Awaited<ReturnType<typeof api.exportStory>> | undefined;
    const exporting = api.exportStory(storyId).then((r) => (exported = r));
    // Asked twice over the worker's port: still waiting while Jess's view is.
    await api.listStories();
    await api.listStories();
    expect(exported).toBeUndefined();
    held.release('You hear a knock at the gate.');
    const file = ok(await exporting);
    expect(file.unwritten).toBe(0);
    const turn = file.story.turns.find((t) => t.id === knock.turnId);
    expect(turn?.pov[jane]?.text).toBe('Jane notices it (request 1).');
    expect(turn?.pov[jess]?.text).toBe('You hear a knock at the gate.');
  });

  it('[L8] with the model failing in the background, Export says how many views its file goes without', async () => {
    const { host, api, rules } = await start();
    const { storyId, jane, jess } = await story(host);
    rules.fail = (label) => label.startsWith('project Jess');
    const knock = ok(await api.send(storyId, { next: null, text: KNOCK }));
    const file = ok(await api.exportStory(storyId));
    expect(file.unwritten).toBe(1);
    const turn = file.story.turns.find((t) => t.id === knock.turnId);
    expect(Object.keys(turn?.pov ?? {})).toEqual([jane]);
    expect(turn?.pov[jess]).toBeUndefined();
    const end = await backgroundSettled(host, storyId);
    expect(end).toMatchObject({ pending: 1, running: false, failure: expect.stringContaining('scripted') });
  });

  it('[L8] Cancel holds the background until resumeBackground, and until the next command', async () => {
    const { host, api, log, rules, heldAt } = await start();
    const { storyId, jane } = await story(host);
    rules.hold = (label) => label.startsWith('project Jess');
    const knock = ok(await api.send(storyId, { next: null, text: KNOCK }));
    const held = await heldAt(`project Jess: ${KNOCK}`);
    rules.hold = () => false;
    await api.cancel(storyId);
    expect(held.aborted).toBe(true);
    // Stopped, not failed: Jess's view waits, and nothing asks for it.
    expect(await backgroundSettled(host, storyId)).toEqual({
      kind: 'background',
      storyId,
      pending: 1,
      running: false,
    });
    await api.listStories();
    expect(log).toEqual([
      `project Jane: ${KNOCK}`,
      `project Jess: ${KNOCK}`,
      `aborted project Jess: ${KNOCK}`,
    ]);
    await api.resumeBackground(storyId);
    expect((await backgroundSettled(host, storyId)).pending).toBe(0);
    expect((await viewsOf(host, storyId, knock.turnId))['Jess']).toEqual([
      'fresh',
      'Jess notices it (request 3).',
    ]);

    // Held again: the next command starts it after itself.
    rules.hold = (label) => label === `project Jess: ${ASK}`;
    const asked = ok(await api.send(storyId, { next: null, text: ASK }));
    const again = await heldAt(`project Jess: ${ASK}`);
    rules.hold = () => false;
    await api.cancel(storyId);
    expect(again.aborted).toBe(true);
    expect((await backgroundSettled(host, storyId)).pending).toBe(1);
    const before = log.length;
    const acted = ok(await api.act(storyId, { actor: jane }));
    expect((await backgroundSettled(host, storyId)).pending).toBe(0);
    expect(log.slice(before)).toEqual([
      'actor Jane',
      `project Wren: ${JANE_ANSWERS}`,
      `project Jess: ${ASK}`,
      `project Jess: ${JANE_ANSWERS}`,
    ]);
    expect((await viewsOf(host, storyId, asked.turnId))['Jess']?.[0]).toBe('fresh');
    expect((await viewsOf(host, storyId, acted.turnIds[0] ?? ''))['Jess']?.[0]).toBe('fresh');
  });
});
