// Synced state is untrusted input (U1–U4): a collaborator's device writes parent cycles, a parent
// nobody has and wrong-typed fields into a story the worker host has open. The story still opens with
// what is sound and lists what is not; nothing hangs; the other stories stay listed.
import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import * as Y from 'yjs';
import type { Remote } from 'comlink';
import { startOpenAIServer } from '../support/openai-server.ts';
import { backgroundSettled, startHost, type HostHarness } from '../support/host-harness.ts';
import type { DriverApi } from '../../src/workers/api.ts';
import { createStoryStore } from '../../src/workers/store/story-store.ts';
import { mulberry32 } from '../support/prng.ts';
import {
  loopActivePath,
  randomHostileOp,
  writeDanglingLeaf,
  writeDetachedCycles,
  writeWrongTypes,
} from '../support/hostile-peer.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function host(): Promise<HostHarness> {
  const server = await startOpenAIServer({ answer: () => 'You hear a knock.' });
  cleanups.push(() => server.close());
  // The peer writes the one-document layout's turns (schema 1): a segmented root holds none to break.
  const started = await startHost(
    server,
    createStoryStore({ prefix: `test-${randomUUID()}`, segmented: false }),
  );
  cleanups.push(() => started.close());
  return started;
}

function ok<T extends object>(r: ({ ok: true } & T) | { ok: false; detail: string }): T {
  if (!r.ok) throw new Error(r.detail);
  return r;
}

/** A story with the user's `texts` and every view of them written (the background done). */
async function storyWith(harness: HostHarness, title: string, texts: string[]) {
  const { api } = harness;
  const { storyId } = ok(
    await api.createStory({
      title,
      language: 'en',
      user: { name: 'Wren' },
      characters: [{ name: 'Jane' }, { name: 'Jess' }],
    }),
  );
  for (const text of texts) ok(await api.send(storyId, { next: null, text }));
  expect((await backgroundSettled(harness, storyId)).pending).toBe(0);
  const { story } = ok(await api.openStory(storyId));
  const rows = ok(await api.transcript(storyId)).rows;
  const idOf = (name: string) => story.participants.find((p) => p.name === name)?.id ?? '';
  return {
    storyId,
    turns: rows.map((r) => r.turnId),
    user: story.userId,
    jane: idOf('Jane'),
    jess: idOf('Jess'),
  };
}

/** A second device's Y.Doc: it has the story, writes into it, and its update reaches the host's copy. */
async function fromPeer(harness: HostHarness, storyId: string, write: (peer: Y.Doc) => void) {
  const opened = await harness.store.open(storyId);
  if (!opened.ok) throw new Error(opened.detail);
  const doc = opened.story.doc;
  const peer = new Y.Doc({ guid: storyId });
  Y.applyUpdate(peer, Y.encodeStateAsUpdate(doc));
  write(peer);
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(peer, Y.encodeStateVector(doc)), 'peer');
}

const texts = async (api: Remote<DriverApi>, storyId: string) =>
  ok(await api.transcript(storyId)).rows.map((r) => r.text);

describe('a story another device wrote hostile structure into', () => {
  it('[U1][U3] parent cycles and a missing parent: the story opens, each loop is cut, nothing hangs', async () => {
    const harness = await host();
    const { api } = harness;
    const other = await storyWith(harness, 'Another story', ['I wait.']);
    const s = await storyWith(harness, 'The loop', ['One.', 'Two.', 'Three.']);
    const [first, , last] = s.turns as [string, string, string];
    await fromPeer(harness, s.storyId, (peer) => {
      loopActivePath(peer, first, last);
      writeDetachedCycles(peer, s.user);
      writeDanglingLeaf(peer, s.user);
    });

    expect(ok(await api.openStory(s.storyId)).story.length).toBe(3);
    expect(await texts(api, s.storyId)).toEqual(['One.', 'Two.', 'Three.']);
    // Listed with what cannot be read (three loops, one missing parent); the other story as it was.
    const listed = await api.listStories();
    expect(listed.map((x) => x.id).sort()).toEqual([other.storyId, s.storyId].sort());
    expect(listed.find((x) => x.id === s.storyId)).toMatchObject({ turns: 3, unreadable: 4 });
    expect(listed.find((x) => x.id === other.storyId)?.unreadable).toBeFalsy();

    // Every loop and the parentless turn can be reached as a branch, each read as far as it is sound.
    ok(await api.switchBranch(s.storyId, 'x'));
    expect(await texts(api, s.storyId)).toEqual(['loop x']);
    ok(await api.switchBranch(s.storyId, 'y'));
    expect((await texts(api, s.storyId)).sort()).toEqual(['loop y', 'loop z']);
    ok(await api.switchBranch(s.storyId, 'dangling'));
    expect(await texts(api, s.storyId)).toEqual(['A turn without a past.']);

    const { problems } = ok(await api.storyProblems(s.storyId));
    expect(problems.filter((p) => p.code === 'parent-cycle')).toHaveLength(3);
    expect(problems).toContainEqual({ code: 'missing-parent', turnId: 'dangling', parent: 'nowhere' });
    expect(ok(await api.storyProblems(other.storyId)).problems).toEqual([]);
  });

  it('[U2][U3][L8] wrong-typed fields: what is sound opens, each unreadable part is listed, a view not written yet is written, playing goes on', async () => {
    const harness = await host();
    const { api } = harness;
    const other = await storyWith(harness, 'Another story', ['I wait.']);
    const s = await storyWith(harness, 'Typed wrong', ['One.', 'Two.', 'Three.', 'Four.']);
    const [t1, t2, t3, t4] = s.turns as [string, string, string, string];
    await fromPeer(harness, s.storyId, (peer) =>
      writeWrongTypes(peer, { turns: [t2, t3, t4], participant: s.jess, audience: s.jane }),
    );

    // What cannot be read is listed as it arrives, before the story is opened.
    const unreadableView = { code: 'unreadable-view', turnId: t4, audience: s.jane, field: 'view' };
    const { problems } = ok(await api.storyProblems(s.storyId));
    expect(problems).toEqual(
      expect.arrayContaining([
        { code: 'unreadable-meta', field: 'title' },
        { code: 'unreadable-meta', field: 'settings' },
        { code: 'unreadable-participant', participantId: s.jess, field: 'name' },
        { code: 'unreadable-participant', participantId: 'ghost', field: 'participant' },
        { code: 'unreadable-turn', turnId: t2, field: 'source' },
        { code: 'unreadable-turn', turnId: t3, field: 'audiences' },
        { code: 'unreadable-turn', turnId: 'number-turn', field: 'turn' },
        unreadableView,
        { code: 'unreadable-view', turnId: t4, audience: 'someone-else', field: 'basis' },
        { code: 'unreadable-chronicle', participantId: s.jane, part: 'entries', key: 'e1' },
      ]),
    );
    expect(problems).toHaveLength(10);

    const { story } = ok(await api.openStory(s.storyId));
    expect(story.title).toBe('');
    expect(story.settings).toMatchObject({ batchReprojection: false, turnSelection: 'auto' });
    expect(story.participants.map((p) => p.name)).toEqual(['Wren', 'Jane']);
    // t2 and t3 cannot be read: the path reads back as far as it is sound (like a parent not arrived).
    expect(await texts(api, s.storyId)).toEqual(['Four.']);
    ok(await api.inspectTurn(s.storyId, t4));
    ok(await api.memory(s.storyId, s.jane));
    // Jane's unreadable view of Four. counts as not written yet (U2): opening the story resumes its
    // background (L8), which writes it, on Jane's history before Four. (none, and nothing stale).
    expect((await backgroundSettled(harness, s.storyId)).pending).toBe(0);
    const healed = ok(await api.storyProblems(s.storyId)).problems;
    expect(healed).not.toContainEqual(unreadableView);
    expect(healed).toHaveLength(9);
    const four = ok(await api.inspectTurn(s.storyId, t4)).turn;
    expect(four.variants.find((v) => v.audience === s.jane)).toMatchObject({
      text: 'You hear a knock.',
      badge: 'fresh',
    });
    // Jess, left out of the cast, keeps her view of Four.: it rested on turns now cut away.
    expect(four.variants.find((v) => v.audience === s.jess)?.badge).toBe('stale');
    expect((await api.listStories()).map((x) => x.id).sort()).toEqual([other.storyId, s.storyId].sort());

    // The story goes on from what is sound: a new turn follows the last readable one. Jess's view of
    // Four. is stale: the person says to keep it.
    expect(await api.send(s.storyId, { next: null, text: 'Five.' })).toMatchObject({ code: 'stale-history' });
    ok(await api.send(s.storyId, { next: null, text: 'Five.', stale: 'keep' }));
    expect(await texts(api, s.storyId)).toEqual(['Four.', 'Five.']);
    // A turn before the unreadable ones is still there, a branch of its own.
    ok(await api.switchBranch(s.storyId, t1));
    expect(await texts(api, s.storyId)).toEqual(['One.']);
  });

  // Seeds 3 and 4 once left the active leaf on an unreadable turn, and sending a turn threw.
  for (const seed of [3, 4, 19])
    it(`[U2][U3] seed ${seed}: random structure from a peer; every read the story screen makes and sending a turn answer, none throws`, async () => {
      const harness = await host();
      const { api } = harness;
      const other = await storyWith(harness, 'Another story', ['I wait.']);
      const s = await storyWith(harness, 'Random', ['One.', 'Two.', 'Three.', 'Four.', 'Five.']);
      const rng = mulberry32(seed);
      for (let round = 0; round < 6; round++) {
        await fromPeer(harness, s.storyId, (peer) => {
          for (let i = 0; i < 8; i++) randomHostileOp(peer, rng, round * 8 + i);
        });
        // Each read answers: a value or an expected failure ({ ok: false }), never a throw.
        const { story } = ok(await api.openStory(s.storyId));
        const rows = ok(await api.transcript(s.storyId)).rows;
        for (const p of story.participants) {
          await api.transcript(s.storyId, {}, p.id);
          await api.memory(s.storyId, p.id);
          await api.exportStoryMarkdown(s.storyId, p.id);
        }
        for (const r of rows) {
          await api.inspectTurn(s.storyId, r.turnId);
          await api.turnRequest(s.storyId, r.turnId);
        }
        ok(await api.storyProblems(s.storyId));
        await api.storyWorld(s.storyId);
        await api.storyPreset(s.storyId);
        await api.generationDefaults(s.storyId);
        await api.listPrompts('en', s.storyId);
        ok(await api.exportStory(s.storyId));
        // Playing on answers too: a turn is stored, or the failure says why.
        await api.send(s.storyId, { next: null, text: `Round ${round}.`, stale: 'keep' });
        expect((await api.listStories()).map((x) => x.id).sort()).toEqual([other.storyId, s.storyId].sort());
      }
      expect(ok(await api.storyProblems(s.storyId)).problems.length).toBeGreaterThan(0);
    });
});
