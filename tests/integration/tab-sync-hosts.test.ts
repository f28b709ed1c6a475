// Two tabs of one device without a sync server: worker hosts on the same IndexedDB prefix (one
// fake-indexeddb), their stores linked over Node's BroadcastChannel as the worker links them. Library
// and story changes reach the other tab live and are pushed; a tab that links later, or wrote while
// unlinked, converges; junk on the channel is ignored; other prefixes (devices) hear nothing. A story
// deleted in one tab is closed and told in the other (never one only not listed yet), and Undo restores it.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { DriverApi } from '../../src/workers/api.ts';
import { createStory, metaMap } from '../../src/driver/doc/story-doc.ts';
import { createStoryStore } from '../../src/workers/store/story-store.ts';
import { newStory, startHost, type HostHarness } from '../support/host-harness.ts';
import { startOpenAIServer, type ChatBody, type OpenAIServer } from '../support/openai-server.ts';
import { eventually, ok } from '../support/sync-devices.ts';
import { bodyKind } from '../support/body-kinds.ts';

const PROJECTION = 'You see Jane raise her lantern.';
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function answer(body: ChatBody): string {
  const format = (body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name;
  if (format === 'next_actor') return JSON.stringify({ next: 'Jane' });
  if (bodyKind(body) === 'project') return PROJECTION;
  return 'I raise my lantern.';
}

async function model(): Promise<OpenAIServer> {
  const server = await startOpenAIServer({ answer });
  cleanups.push(() => server.close());
  return server;
}

/** A tab of the device `prefix`: its own worker host, linked to the others unless `linked` is false. */
async function tab(server: OpenAIServer, prefix: string, linked = true): Promise<HostHarness> {
  const store = createStoryStore({ prefix, ...(linked ? { broadcast: BroadcastChannel } : {}) });
  const host = await startHost(server, store);
  cleanups.push(() => host.close());
  return host;
}

const device = () => `tabs-${randomUUID()}`;
/** Lets the channel deliver what is in flight, before asserting that nothing arrived. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
const texts = async (api: DriverApi, storyId: string) =>
  ok(await api.transcript(storyId)).rows.map((r) => r.text);
/** Waits until the story's transcript in `api` holds `text`. */
const transcriptShows = (api: DriverApi, storyId: string, text: string, what: string) =>
  eventually(
    () => texts(api, storyId),
    (t) => t.includes(text),
    what,
  );
const pov = async (api: DriverApi, storyId: string, turnId: string, audience: string) =>
  ok(await api.inspectTurn(storyId, turnId)).turn.variants.find((v) => v.audience === audience)?.text;
/** Waits for a story-changed push (events cross their own port, so they may trail a read). */
const storyChanged = (host: HostHarness, storyId: string) =>
  eventually(
    () => host.events.some((e) => e.kind === 'story-changed' && e.storyId === storyId),
    Boolean,
    'a story-changed push',
  );
const ids = async (api: DriverApi) => (await api.listStories()).map((s) => s.id);

/** Waits until `host` lists the story, so it can open it. */
const listed = (host: HostHarness, storyId: string) =>
  eventually(
    () => ids(host.api),
    (list) => list.includes(storyId),
    'the story in the other tab’s list',
  );

/** Two tabs of one device, a story made in the first and open in both. */
async function twoTabsOnOneStory() {
  const server = await model();
  const prefix = device();
  const a = await tab(server, prefix);
  const b = await tab(server, prefix);
  const storyId = await newStory(a.api);
  await listed(b, storyId);
  ok(await b.api.openStory(storyId));
  return { server, prefix, a, b, storyId };
}

describe('tabs of one device, no server', () => {
  it('[T1][T2] a story created in one tab is listed in the other, pushed as library-changed', async () => {
    const server = await model();
    const prefix = device();
    const a = await tab(server, prefix);
    const b = await tab(server, prefix);
    expect(await ids(b.api)).toEqual([]);
    await settle();
    b.events.length = 0;
    const storyId = await newStory(a.api);
    await listed(b, storyId);
    await eventually(
      () => b.events.filter((e) => e.kind === 'library-changed').length,
      (n) => n > 0,
      'library-changed in B',
    );
  });

  it('[T1] a turn and a variant edit in one tab reach the other’s open story live; its edit comes back', async () => {
    const { a, b, storyId } = await twoTabsOnOneStory();

    b.events.length = 0;
    ok(await a.api.send(storyId, { next: null, text: 'I knock on the gate.' }));
    await transcriptShows(b.api, storyId, 'I knock on the gate.', 'A’s turn in B');
    await storyChanged(b, storyId);

    const { turnIds } = ok(await a.api.act(storyId, { auto: true }));
    const janeTurn = turnIds[0] ?? '';
    await transcriptShows(b.api, storyId, PROJECTION, 'Jane’s turn in B');
    const jane = ok(await b.api.inspectTurn(storyId, janeTurn)).turn.author;
    const userTurn = ok(await a.api.transcript(storyId)).rows[0]?.turnId ?? '';

    b.events.length = 0;
    ok(await a.api.editPov(storyId, userTurn, jane, [{ insert: 'Late at night: ' }]));
    await eventually(
      () => pov(b.api, storyId, userTurn, jane),
      (text) => text === `Late at night: ${PROJECTION}`,
      'A’s edit in B’s inspector',
    );
    await storyChanged(b, storyId);

    a.events.length = 0;
    ok(
      await b.api.editPov(storyId, userTurn, jane, [
        { retain: 15 + PROJECTION.length },
        { insert: ' Twice.' },
      ]),
    );
    await eventually(
      () => pov(a.api, storyId, userTurn, jane),
      (text) => text === `Late at night: ${PROJECTION} Twice.`,
      'B’s edit in A',
    );
    await storyChanged(a, storyId);
  });

  it('[T1][T2] a tab that opens the story later has it, and its turn reaches the tabs already open', async () => {
    const server = await model();
    const prefix = device();
    const a = await tab(server, prefix);
    const b = await tab(server, prefix);
    const storyId = await newStory(a.api);
    await listed(b, storyId);
    ok(await a.api.send(storyId, { next: null, text: 'I knock on the gate.' }));
    await transcriptShows(b.api, storyId, 'I knock on the gate.', 'the turn in B');
    // A's background writes the others' views after the send (an export waits for it): done before C comes.
    ok(await a.api.exportStory(storyId));
    await settle();

    a.events.length = 0;
    const c = await tab(server, prefix);
    expect(await texts(c.api, storyId)).toEqual(await texts(a.api, storyId));
    // Answering C's hello brought A nothing new: no list re-read is pushed for it.
    await settle();
    expect(a.events.filter((e) => e.kind === 'library-changed')).toEqual([]);
    ok(await c.api.send(storyId, { next: null, text: 'I knock again.' }));
    for (const other of [a, b]) await transcriptShows(other.api, storyId, 'I knock again.', 'C’s turn');
  });

  it('[T1] a tab that wrote while unlinked brings its changes when it links', async () => {
    const server = await model();
    const prefix = device();
    const a = await tab(server, prefix);
    const storyId = await newStory(a.api);
    ok(await a.api.openStory(storyId));

    // Without the channel (the store's default) a second tab on the same databases hears nothing.
    const unlinked = await tab(server, prefix, false);
    ok(await unlinked.api.send(storyId, { next: null, text: 'I wrote this alone.' }));
    await settle();
    expect(await texts(a.api, storyId)).not.toContain('I wrote this alone.');

    // The same tab reloaded, now linked (the unlinked one stays open and unheard until the test ends).
    a.events.length = 0;
    const relinked = await tab(server, prefix);
    ok(await relinked.api.openStory(storyId));
    await transcriptShows(a.api, storyId, 'I wrote this alone.', 'the turn in A');
    await storyChanged(a, storyId);
    ok(await a.api.send(storyId, { next: null, text: 'I answer.' }));
    await transcriptShows(relinked.api, storyId, 'I answer.', 'A’s turn back');
  });

  it('[T3] junk posted on a tab channel is ignored', async () => {
    const { prefix, a, b, storyId } = await twoTabsOnOneStory();
    for (const name of [`tabs:${prefix}-library`, `tabs:${prefix}-story-${storyId}`]) {
      const intruder = new BroadcastChannel(name);
      for (const junk of [
        null,
        { kind: 'update', from: 'x', update: new Uint8Array([1, 2, 3]) },
        { kind: 'update', from: 'x', update: 'text' },
        { kind: 'hello', from: 'x', vector: 'text' },
      ])
        intruder.postMessage(junk);
      intruder.close();
    }
    await settle();
    expect(await ids(b.api)).toEqual([storyId]);
    ok(await a.api.send(storyId, { next: null, text: 'Still here.' }));
    await transcriptShows(b.api, storyId, 'Still here.', 'the turn in B');
  });

  it('[T4] stores with different prefixes (devices) exchange nothing', async () => {
    const server = await model();
    const x = await tab(server, device());
    const y = await tab(server, device());
    const xStory = await newStory(x.api);
    const yStory = await newStory(y.api);
    await settle();
    expect(await ids(x.api)).toEqual([xStory]);
    expect(await ids(y.api)).toEqual([yStory]);
  });
});

describe('a story deleted in another tab', () => {
  const deletedPush = (host: HostHarness, storyId: string) =>
    eventually(
      () => host.events.some((e) => e.kind === 'story-deleted' && e.storyId === storyId),
      Boolean,
      'a story-deleted push',
    );

  it('[SV12] is closed in the tab that has it open, which is told; its stored copy is gone', async () => {
    const { prefix, a, b, storyId } = await twoTabsOnOneStory();
    ok(await a.api.send(storyId, { next: null, text: 'I knock on the gate.' }));
    await transcriptShows(b.api, storyId, 'I knock on the gate.', 'the turn in B');
    ok(await a.api.deleteStory(storyId));
    await deletedPush(b, storyId);
    expect(await ids(b.api)).toEqual([]);
    expect((await b.api.openStory(storyId)).ok).toBe(false);
    // B's next write finds no story rather than keeping an orphan alive.
    expect((await b.api.send(storyId, { next: null, text: 'Hello?' })).ok).toBe(false);
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain(`${prefix}-story-${storyId}`);
    // The deleting tab is not told its own delete.
    expect(a.events.some((e) => e.kind === 'story-deleted')).toBe(false);
  });

  it('[SV12] leaves a story the tab is opening before its entry arrives', async () => {
    const server = await model();
    const prefix = device();
    const a = await tab(server, prefix);
    const b = await tab(server, prefix);
    // B opens (and fills) a story no library lists yet, as a story does while its entry is on the way.
    const early = await b.store.open('early');
    if (!early.ok) throw new Error(early.detail);
    createStory(early.story.doc, { title: 'Early', language: 'en', createdAt: new Date().toISOString() });
    const gone = await newStory(a.api);
    await listed(b, gone);
    ok(await a.api.deleteStory(gone));
    await deletedPush(b, gone);
    await settle();
    expect(b.events.some((e) => e.kind === 'story-deleted' && e.storyId === 'early')).toBe(false);
    const again = await b.store.open('early');
    expect(again.ok && again.story).toBe(early.story);
    expect(again.ok && metaMap(again.story.doc).size).toBeGreaterThan(0);
    expect((await indexedDB.databases()).map((d) => d.name)).toContain(`${prefix}-story-early`);
  });

  it('[SV12][T1] Undo (re-importing the exported story) lists it again in both tabs, open and live', async () => {
    const { a, b, storyId } = await twoTabsOnOneStory();
    ok(await a.api.send(storyId, { next: null, text: 'I knock on the gate.' }));
    const kept = ok(await a.api.exportStory(storyId)).story;
    ok(await a.api.deleteStory(storyId));
    await deletedPush(b, storyId);

    expect(ok(await a.api.importStory(kept)).storyId).toBe(storyId);
    await listed(b, storyId);
    expect(await texts(b.api, storyId)).toContain('I knock on the gate.');
    b.events.length = 0;
    ok(await a.api.send(storyId, { next: null, text: 'I knock again.' }));
    await transcriptShows(b.api, storyId, 'I knock again.', 'the new turn in B');
    await storyChanged(b, storyId);
  });
  it('[SV12] an Undo right after the delete is still stored once the other tab has heard and the tab is closed', async () => {
    const { prefix, a, b, storyId } = await twoTabsOnOneStory();
    ok(await a.api.send(storyId, { next: null, text: 'I knock on the gate.' }));
    const kept = ok(await a.api.exportStory(storyId)).story;
    ok(await a.api.deleteStory(storyId));
    expect(ok(await a.api.importStory(kept)).storyId).toBe(storyId);
    await deletedPush(b, storyId);
    await settle();
    await a.close();
    await settle();
    const server = await model();
    const later = await tab(server, prefix, false);
    expect(await texts(later.api, storyId)).toContain('I knock on the gate.');
  });
});
