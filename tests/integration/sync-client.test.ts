// The worker's sync client against the real sync server in this process: two "devices" (worker hosts
// with their own IndexedDB databases) share the library and stories through the server only (a story
// deleted on one is closed and cleared on the other); offline edits merge; a wrong token is refused with
// no data; a message over the limit stops; concurrent delta edits of one POV text merge character by
// character; presence reaches peers, validated.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ServerConfigInput } from '../../sync-server/config.ts';
import { startSyncServer, type SyncServer } from '../../sync-server/server.ts';
import type { DriverApi } from '../../src/workers/api.ts';
import { mulberry32 } from '../support/prng.ts';
import { syncClient, type SyncClient } from '../support/sync-clients.ts';
import { PROJECTION, eventually, ok, startDevice, statusIs, type Device } from '../support/sync-devices.ts';

const work = mkdtempSync(join(tmpdir(), 'rashomon-sync-client-'));
const servers: SyncServer[] = [];
const devices: Device[] = [];
const raw: SyncClient[] = [];
afterEach(async () => {
  for (const client of raw.splice(0)) client.destroy();
  for (const device of devices.splice(0)) await device.close();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

let dirs = 0;
async function start(options: Partial<ServerConfigInput> = {}) {
  const server = await startSyncServer(
    { host: '127.0.0.1', port: 0, dataDir: join(work, `data-${++dirs}`), staticRoot: null, ...options },
    () => {},
  );
  servers.push(server);
  return server;
}

async function device(name: string, server: SyncServer | null, token = server?.data.secrets.ownerToken) {
  const made = await startDevice(
    name,
    server && token !== undefined ? { serverURL: server.url, token } : undefined,
  );
  devices.push(made);
  return made;
}

async function newStory(api: DriverApi, persona = 'A traveller.') {
  const { storyId } = ok(
    await api.createStory({
      title: 'Night watch',
      language: 'en',
      user: { name: 'Wren', persona },
      characters: [{ name: 'Jane', card: { description: 'A guard.' } }],
    }),
  );
  return storyId;
}

/** A story on A with one authored turn projected to Jane; B has it open. Returns ids. */
async function sharedTurn(a: Device, b: Device) {
  const storyId = await newStory(a.api);
  const { turnId } = ok(await a.api.send(storyId, { next: null, text: 'I knock on the gate.' }));
  await eventually(
    () => b.api.listStories(),
    (list) => list.some((s) => s.id === storyId),
    'the story to reach B',
  );
  const jane = ok(await a.api.openStory(storyId)).story.participants.find((p) => p.name === 'Jane')!.id;
  await eventually(
    () => b.api.inspectTurn(storyId, turnId),
    (r) => r.ok && r.turn.variants.some((v) => v.audience === jane && v.text === PROJECTION),
    'the turn and its projection to reach B',
  );
  return { storyId, turnId, jane };
}

const povText = async (api: DriverApi, storyId: string, turnId: string, audience: string) =>
  ok(await api.inspectTurn(storyId, turnId)).turn.variants.find((v) => v.audience === audience)?.text;

describe('sync client in the worker host', () => {
  it('[SV1] brings a story made on A, with its turns, to B through the library', async () => {
    const server = await start();
    const a = await device('a', server);
    const b = await device('b', server);
    await statusIs(a.api, 'connected', 'A to connect');
    await statusIs(b.api, 'connected', 'B to connect');

    const storyId = await newStory(a.api);
    ok(await a.api.send(storyId, { next: null, text: 'I knock on the gate.' }));
    const listed = await eventually(
      () => b.api.listStories(),
      (list) => list.length === 1,
      'the story in B’s list',
    );
    expect(listed[0]).toMatchObject({ id: storyId, title: 'Night watch', participants: ['Wren', 'Jane'] });
    expect(b.events.some((e) => e.kind === 'library-changed')).toBe(true);

    // B never had the story: opening it waits for the server to fill the empty document.
    const opened = ok(await b.api.openStory(storyId));
    expect(opened.story.title).toBe('Night watch');
    const rows = await eventually(
      async () => ok(await b.api.transcript(storyId)).rows,
      (r) => r.length === 1,
      'the turn on B',
    );
    expect(rows[0]).toMatchObject({ kind: 'own', text: 'I knock on the gate.', authorName: 'Wren' });

    // Later turns stream in live, as story-changed pushes.
    ok(await a.api.send(storyId, { next: null, text: 'Nobody answers; I knock again.' }));
    await eventually(
      async () => ok(await b.api.transcript(storyId)).rows.length,
      (n) => n === 2,
      'the second turn on B',
    );
    expect(b.events.some((e) => e.kind === 'story-changed' && e.storyId === storyId)).toBe(true);
    const status = await b.api.syncStatus();
    expect(status.rooms?.map((r) => [r.room, r.status]).sort()).toEqual(
      [
        ['library', 'connected'],
        [storyId, 'connected'],
      ].sort(),
    );
    expect(b.events.some((e) => e.kind === 'sync' && e.status === 'connected')).toBe(true);
  });

  it('[SV12] a story deleted on A is closed on B, which is told, and B’s copy of it is cleared', async () => {
    const server = await start();
    const a = await device('a', server);
    const b = await device('b', server);
    const { storyId } = await sharedTurn(a, b);
    const stored = async () => (await indexedDB.databases()).map((d) => d.name);
    expect(await stored()).toContain(`${b.prefix}-story-${storyId}`);

    ok(await a.api.deleteStory(storyId));
    await eventually(
      () => b.events.some((e) => e.kind === 'story-deleted' && e.storyId === storyId),
      Boolean,
      'story-deleted on B',
    );
    expect(await b.api.listStories()).toEqual([]);
    expect((await b.api.openStory(storyId)).ok).toBe(false);
    await eventually(stored, (names) => !names.includes(`${b.prefix}-story-${storyId}`), 'B’s copy cleared');
    // Nothing on B brings the story back to A's list.
    expect(await a.api.listStories()).toEqual([]);
  });

  it('[SV4] merges offline edits from both devices when the server is back', async () => {
    const server = await start();
    const a = await device('a', server);
    const b = await device('b', server);
    const { storyId, turnId, jane } = await sharedTurn(a, b);

    const { port, data } = server;
    await servers.splice(0)[0]!.close();
    await statusIs(a.api, 'offline', 'A to see the server gone');
    await statusIs(b.api, 'offline', 'B to see the server gone');
    expect((await a.api.syncStatus()).detail).toMatch(/does not answer/);

    // Both edit while offline: A the start of Jane's view, B its end and a new turn.
    ok(await a.api.editPov(storyId, turnId, jane, [{ insert: 'Late at night: ' }]));
    ok(await b.api.editPov(storyId, turnId, jane, [{ retain: PROJECTION.length }, { insert: ' Twice.' }]));
    ok(await b.api.send(storyId, { next: null, text: 'I wait by the gate.' }));

    await start({ port, dataDir: data.dir });
    await statusIs(a.api, 'connected', 'A to reconnect');
    await statusIs(b.api, 'connected', 'B to reconnect');
    const merged = `Late at night: ${PROJECTION} Twice.`;
    for (const d of [a, b]) {
      await eventually(
        () => povText(d.api, storyId, turnId, jane),
        (text) => text === merged,
        `${d.name} to hold both edits`,
      );
      await eventually(
        async () => ok(await d.api.transcript(storyId)).rows.map((r) => r.text),
        (texts) => texts.includes('I wait by the gate.'),
        `${d.name} to hold B’s offline turn`,
      );
    }
  });

  it('[SV10] turning sync off and on again (a settings change) reconnects and merges', async () => {
    const server = await start();
    const a = await device('a', server);
    const b = await device('b', server);
    const { storyId, turnId, jane } = await sharedTurn(a, b);
    await a.setSync(undefined);
    expect((await a.api.syncStatus()).status).toBe('off');
    ok(await a.api.editPov(storyId, turnId, jane, [{ insert: 'A: ' }]));
    ok(await b.api.editPov(storyId, turnId, jane, [{ insert: 'B: ' }]));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await povText(b.api, storyId, turnId, jane)).toBe(`B: ${PROJECTION}`);
    await a.setSync({ serverURL: server.url, token: server.data.secrets.ownerToken });
    await statusIs(a.api, 'connected', 'A back on');
    for (const d of [a, b])
      await eventually(
        () => povText(d.api, storyId, turnId, jane),
        (text) => text === `A: B: ${PROJECTION}` || text === `B: A: ${PROJECTION}`,
        `${d.name} to merge`,
      );
    expect(await povText(a.api, storyId, turnId, jane)).toBe(await povText(b.api, storyId, turnId, jane));
  });

  it('[SV2][S1] a wrong token is refused: retrying stops and no data arrives', async () => {
    const server = await start();
    const a = await device('a', server);
    await newStory(a.api);
    await statusIs(a.api, 'connected', 'A to upload');
    const b = await device('b', server, 'not-the-token');
    const refused = await statusIs(b.api, 'refused', 'B to be refused');
    expect(refused.detail).toMatch(/refused this device’s token/);
    expect(refused.rooms).toEqual([expect.objectContaining({ room: 'library', status: 'refused' })]);
    // It stays refused (no retry turns it back into "syncing"), and nothing of A's arrived.
    const events = b.events.length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(b.events.slice(events).filter((e) => e.kind === 'sync')).toEqual([]);
    expect(await b.api.listStories()).toEqual([]);
    // The Test button says why; the right token then syncs.
    expect(await b.api.testSync({ serverURL: server.url, token: 'not-the-token' })).toMatchObject({
      ok: false,
      code: 'refused',
    });
    expect(
      await b.api.testSync({ serverURL: server.url, token: server.data.secrets.ownerToken }),
    ).toMatchObject({ ok: true, access: 'owner' });
    await b.setSync({ serverURL: server.url, token: server.data.secrets.ownerToken });
    await eventually(
      () => b.api.listStories(),
      (list) => list.length === 1,
      'B’s list once the token is right',
    );
  });

  it('[SV4][SV3] says "offline" for a server that is not there, and "too-large" past the message limit', async () => {
    const nowhere = await device('nowhere', null);
    await nowhere.setSync({ serverURL: 'http://127.0.0.1:9/', token: 't' });
    expect(await statusIs(nowhere.api, 'offline', 'no server')).toMatchObject({
      detail: expect.stringMatching(/does not answer/),
    });
    expect(await nowhere.api.testSync({ serverURL: 'http://127.0.0.1:9/', token: 't' })).toMatchObject({
      ok: false,
      code: 'unreachable',
    });

    const server = await start({ limits: { maxMessageBytes: 4096 } });
    const a = await device('a', server);
    await statusIs(a.api, 'connected', 'A to connect');
    const storyId = await newStory(a.api, 'x'.repeat(8000));
    // The oversized persona is saved to the library too: wait for the story's own room to stop.
    const status = await eventually(
      () => a.api.syncStatus(),
      (s) => s.rooms?.find((r) => r.room === storyId)?.status === 'too-large',
      'the oversized story to stop',
    );
    expect(status.status).toBe('too-large');
    expect(status.detail).toMatch(/Night watch|The story list/);
  });

  it('[SV11] merges concurrent delta edits of one POV text character by character', async () => {
    const server = await start();
    const a = await device('a', server);
    const b = await device('b', server);
    const { storyId, turnId, jane } = await sharedTurn(a, b);
    // Both type into the same variant at once, a keystroke at a time, each at its own caret.
    const typing = async (api: DriverApi, word: string, caret: (typed: number) => Promise<number>) => {
      for (const [typed, ch] of Array.from(word).entries()) {
        const at = await caret(typed);
        ok(await api.editPov(storyId, turnId, jane, [{ retain: at }, { insert: ch }]));
      }
    };
    const endOnB = async () => (await povText(b.api, storyId, turnId, jane))!.length;
    await Promise.all([typing(a.api, 'Softly, ', async (typed) => typed), typing(b.api, ' (twice)', endOnB)]);
    const merged = `Softly, ${PROJECTION} (twice)`;
    for (const d of [a, b])
      await eventually(
        () => povText(d.api, storyId, turnId, jane),
        (text) => text === merged,
        `${d.name} to converge`,
      );
    // Truly concurrent: both edits are applied locally (microtasks) before any socket message is read.
    const both = async () => [
      await povText(a.api, storyId, turnId, jane),
      await povText(b.api, storyId, turnId, jane),
    ];
    await Promise.all([
      a.api.editPov(storyId, turnId, jane, [{ retain: 0 }, { insert: 'ab' }]),
      b.api.editPov(storyId, turnId, jane, [{ retain: 0 }, { insert: 'xy' }]),
    ]);
    const [onA, onB] = await eventually(
      both,
      ([x, y]) => x === y && x!.length === merged.length + 4,
      'both inserts',
    );
    expect(onA).toBe(onB);
    expect(['abxy', 'xyab']).toContain(onA!.slice(0, 4));
  });

  it('[SV11] converges under seeded random concurrent inserts and deletes in one POV text', async () => {
    const server = await start();
    const a = await device('a', server);
    const b = await device('b', server);
    const { storyId, turnId, jane } = await sharedTurn(a, b);
    const rng = mulberry32(7);
    /** One random delta against what this device sees now: insert a word or delete a short span. */
    const randomEdit = async (d: Device) => {
      const length = (await povText(d.api, storyId, turnId, jane))!.length;
      const at = rng.int(length + 1);
      const delta =
        length > 10 && rng.chance(0.3)
          ? [{ retain: Math.min(at, length - 3) }, { delete: 1 + rng.int(3) }]
          : [{ retain: at }, { insert: rng.pick([' dusk', ' lamp', ' rain', ' bell']) }];
      ok(await d.api.editPov(storyId, turnId, jane, delta));
    };
    for (let round = 0; round < 15; round++) await Promise.all([randomEdit(a), randomEdit(b)]);
    const texts = async () => [
      await povText(a.api, storyId, turnId, jane),
      await povText(b.api, storyId, turnId, jane),
    ];
    const [onA, onB] = await eventually(texts, ([x, y]) => x === y, 'the two devices to converge');
    expect(onA).toBe(onB);
    expect(onA).not.toBe(PROJECTION);
  });

  it('[SV13] shares presence with peers, and drops malformed peer states', async () => {
    const server = await start();
    const a = await device('a', server);
    const b = await device('b', server);
    const { storyId, turnId, jane } = await sharedTurn(a, b);
    expect(await a.api.setPresence(storyId, { user: { name: 'Ana', color: 'red' } } as never)).toMatchObject({
      ok: false,
      code: 'invalid',
    });
    ok(
      await a.api.setPresence(storyId, {
        user: { name: 'Ana', color: '#cc3366' },
        editing: { turnId, audience: jane },
      }),
    );
    // A device that puts junk into the room's awareness is ignored.
    const junk = syncClient(server.url, storyId, server.data.secrets.ownerToken);
    raw.push(junk);
    junk.provider.awareness.setLocalState({ user: { name: 42 }, editing: 'everything' });
    const peers = await eventually(
      () => b.api.presence(storyId),
      (p) => p.length === 1,
      'A’s presence on B',
    );
    expect(peers[0]).toMatchObject({
      user: { name: 'Ana', color: '#cc3366' },
      editing: { turnId, audience: jane },
    });
    await eventually(
      async () => b.events.filter((e) => e.kind === 'presence' && e.storyId === storyId).at(-1),
      (e) => e?.kind === 'presence' && e.peers.length === 1,
      'a presence push',
    );
    ok(await a.api.setPresence(storyId, null));
    await eventually(
      () => b.api.presence(storyId),
      (p) => p.length === 0,
      'A’s presence to go',
    );
  });
});
