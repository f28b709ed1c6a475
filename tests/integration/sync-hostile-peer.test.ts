// A collaborator with only a room token runs a modified client (a bare y-websocket provider) and writes
// parent loops and wrong-typed fields into the shared story, through the real sync server. The owner's
// worker host still answers, opens the story with what is sound, lists what is not, and keeps its other
// story listed and playable (U1–U3).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { startSyncServer, type SyncServer } from '../../sync-server/server.ts';
import { roomToken } from '../../sync-server/tokens.ts';
import type { DriverApi } from '../../src/workers/api.ts';
import { eventually, ok, startDevice, type Device } from '../support/sync-devices.ts';
import { syncClient, type SyncClient } from '../support/sync-clients.ts';
import { loopActivePath, writeDetachedCycles, writeWrongTypes } from '../support/hostile-peer.ts';
import { backgroundSettled } from '../support/host-harness.ts';

const work = mkdtempSync(join(tmpdir(), 'rashomon-sync-hostile-'));
const servers: SyncServer[] = [];
const devices: Device[] = [];
const clients: SyncClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  for (const device of devices.splice(0)) await device.close();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A story with the user's `texts` and every view of them written (the background done). */
async function story(device: Device, title: string, texts: string[]) {
  const { api } = device;
  const { storyId } = ok(
    await api.createStory({
      title,
      language: 'en',
      user: { name: 'Wren' },
      characters: [{ name: 'Jane' }, { name: 'Jess' }],
    }),
  );
  for (const text of texts) ok(await api.send(storyId, { next: null, text }));
  expect((await backgroundSettled(device, storyId)).pending).toBe(0);
  return storyId;
}

const texts = async (api: DriverApi, storyId: string) =>
  ok(await api.transcript(storyId)).rows.map((r) => r.text);

describe('a collaborator’s device writing hostile structure through the sync server', () => {
  it('[U1][U2][U3] the owner opens the story with what is sound, lists what is not, and keeps its other story', async () => {
    const server = await startSyncServer(
      { host: '127.0.0.1', port: 0, dataDir: join(work, 'data'), staticRoot: null },
      () => undefined,
    );
    servers.push(server);
    // The collaborator writes the one-document layout's turns (schema 1) into the story's room.
    const owner = await startDevice(
      'owner',
      { serverURL: server.url, token: server.data.secrets.ownerToken },
      { segmented: false },
    );
    devices.push(owner);
    const shared = await story(owner, 'The shared road', ['One.', 'Two.', 'Three.', 'Four.']);
    const mine = await story(owner, 'My own story', ['Only mine.']);
    const { story: overview } = ok(await owner.api.openStory(shared));
    const idOf = (name: string) => overview.participants.find((p) => p.name === name)?.id ?? '';
    const turns = ok(await owner.api.transcript(shared)).rows.map((r) => r.turnId);
    const [first, , , last] = turns as [string, string, string, string];
    await eventually(
      () => owner.api.syncStatus(),
      (s) =>
        s.status === 'connected' && !!s.rooms?.some((r) => r.room === shared && r.status === 'connected'),
      'the shared story to upload',
    );

    // The collaborator's client: a room token, and Yjs written by hand.
    const hostile = syncClient(
      server.url,
      shared,
      roomToken(server.data.secrets.roomSecret, shared),
      new Y.Doc({ guid: shared }),
    );
    clients.push(hostile);
    await hostile.synced();
    await eventually(
      () => hostile.doc.getMap('turns').size,
      (n) => n === 4,
      'the shared story at the collaborator',
    );
    loopActivePath(hostile.doc, first, last);
    writeDetachedCycles(hostile.doc, overview.userId);
    writeWrongTypes(hostile.doc, {
      turns: ['', '', last],
      participant: idOf('Jess'),
      audience: idOf('Jane'),
    });

    // The owner's worker keeps answering: the list shows both stories, the shared one with what it lacks.
    const listed = await eventually(
      () => owner.api.listStories(),
      (list) => (list.find((s) => s.id === shared)?.unreadable ?? 0) >= 10,
      'the collaborator’s writes at the owner',
    );
    expect(listed.map((s) => s.id).sort()).toEqual([shared, mine].sort());
    const { problems } = ok(await owner.api.storyProblems(shared));
    expect(listed.find((s) => s.id === shared)?.unreadable).toBe(problems.length);
    expect(problems.filter((p) => p.code === 'parent-cycle')).toHaveLength(3);
    expect(problems).toEqual(
      expect.arrayContaining([
        { code: 'unreadable-meta', field: 'title' },
        { code: 'unreadable-participant', participantId: idOf('Jess'), field: 'name' },
        { code: 'unreadable-view', turnId: last, audience: idOf('Jane'), field: 'view' },
        { code: 'unreadable-turn', turnId: 'number-turn', field: 'turn' },
      ]),
    );
    // The loop through the whole path is cut where it closes: every turn still reads, in order.
    expect(await texts(owner.api, shared)).toEqual(['One.', 'Two.', 'Three.', 'Four.']);
    expect(ok(await owner.api.storyProblems(mine)).problems).toEqual([]);
    ok(await owner.api.send(mine, { next: null, text: 'Still mine.' }));
    expect(await texts(owner.api, mine)).toEqual(['Only mine.', 'Still mine.']);
    // And the shared story goes on from what is sound: Jane perceives the new turn (the background).
    const five = ok(await owner.api.send(shared, { next: null, text: 'Five.', stale: 'keep' }));
    expect((await texts(owner.api, shared)).at(-1)).toBe('Five.');
    expect((await backgroundSettled(owner, mine)).pending).toBe(0);
    expect((await backgroundSettled(owner, shared)).pending).toBe(0);
    const perceived = ok(await owner.api.inspectTurn(shared, five.turnId)).turn.variants;
    expect(perceived.map((v) => [v.name, v.badge])).toEqual([['Jane', 'fresh']]);
  });
});
