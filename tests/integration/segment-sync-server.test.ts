// Segment rooms `<story>~<n>` on the real sync server (127.0.0.1, a real LevelDB folder, y-websocket
// clients): a story's room token opens its segment rooms and nothing else, a segment room is stored
// like any room (a restart has it), and a shared story's link syncs its segments.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ACCESS, tokenScope } from '../../sync-server/protocol.ts';
import { startSyncServer, type SyncServer } from '../../sync-server/server.ts';
import { accessFor, roomToken } from '../../sync-server/tokens.ts';
import { syncClient, tryUpgrade, waitFor, type SyncClient } from '../support/sync-clients.ts';

const work = mkdtempSync(join(tmpdir(), 'rashomon-segment-rooms-'));
const servers: SyncServer[] = [];
const clients: SyncClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

let dirs = 0;
async function start(dataDir = join(work, `data-${++dirs}`)) {
  const server = await startSyncServer({ host: '127.0.0.1', port: 0, dataDir, staticRoot: null }, () => {});
  servers.push(server);
  return server;
}

function client(server: SyncServer, room: string, token: string) {
  const made = syncClient(server.url, room, token);
  clients.push(made);
  return made;
}

const wsUrl = (server: SyncServer, room: string, token: string) =>
  `${server.url.replace(/^http/, 'ws')}sync/${room}?token=${encodeURIComponent(token)}`;

async function probe(server: SyncServer, room: string, token: string) {
  const response = await fetch(`${server.url}sync/${room}/access?token=${encodeURIComponent(token)}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('segment rooms', () => {
  it('[S40] a segment room is checked against its story: its own room, or null when it is none', () => {
    expect(tokenScope('story')).toBe('story');
    expect(tokenScope('story~3')).toBe('story');
    expect(tokenScope('a_1~0')).toBe('a_1');
    for (const room of ['library~1', 'story~01', 'story~1~2', 'story~', '~3', 'story~-1', 'story~1234567'])
      expect(tokenScope(room), room).toBeNull();
    expect(tokenScope('library')).toBe('library');
  });

  it('[S40][S2][S3] a story’s room token opens its segment rooms and refuses every other; the owner token opens any', async () => {
    const server = await start();
    const { roomSecret, ownerToken } = server.data.secrets;
    const storyToken = roomToken(roomSecret, 'story');
    expect(accessFor(server.data.secrets, 'story~3', storyToken)).toBe(ACCESS.room);
    expect(accessFor(server.data.secrets, 'other~3', storyToken)).toBeNull();
    expect(accessFor(server.data.secrets, 'library~1', ownerToken)).toBeNull();

    // Over the wire: the upgrade and the access probe say the same.
    expect(await tryUpgrade(wsUrl(server, 'story~3', storyToken))).toMatchObject({ status: 101 });
    expect(await probe(server, 'story~3', storyToken)).toEqual({
      status: 200,
      body: { ok: true, room: 'story~3', access: 'room' },
    });
    expect(await tryUpgrade(wsUrl(server, 'other~3', storyToken))).toMatchObject({
      status: 401,
      messages: 0,
    });
    expect((await probe(server, 'other~3', storyToken)).status).toBe(401);
    // Not rooms at all (400 before the token is looked at), whoever asks.
    for (const room of ['library~1', 'story~01', 'story~1~2'])
      for (const token of [storyToken, ownerToken]) {
        expect(await tryUpgrade(wsUrl(server, room, token)), room).toMatchObject({
          status: 400,
          messages: 0,
        });
        expect((await probe(server, room, token)).status, room).toBe(400);
      }
    for (const room of ['story~3', 'other~3', 'story~0', 'x~999999']) {
      expect(await tryUpgrade(wsUrl(server, room, ownerToken)), room).toMatchObject({ status: 101 });
      expect((await probe(server, room, ownerToken)).body, room).toMatchObject({ access: 'owner' });
    }
  });

  it('[S41][S5][S8] a segment room’s updates are stored and come back after a restart', async () => {
    const dataDir = join(work, `data-${++dirs}`);
    const first = await start(dataDir);
    const token = first.data.secrets.ownerToken;
    const writer = client(first, 'story~2', token);
    const story = client(first, 'story', token);
    await Promise.all([writer.synced(), story.synced()]);
    writer.text.insert(0, 'turn 1000 lives here');
    story.text.insert(0, 'the root');
    const observer = client(first, 'story~2', token);
    await waitFor(() => observer.text.toString() === 'turn 1000 lives here', 'the update relayed');
    for (const c of clients.splice(0)) c.destroy();
    await servers.splice(0)[0]?.close();

    const second = await start(dataDir);
    const reader = client(second, 'story~2', token);
    const root = client(second, 'story', token);
    await Promise.all([reader.synced(), root.synced()]);
    // S5: the first sync already holds what was on disk; rooms do not mix.
    expect(reader.text.toString()).toBe('turn 1000 lives here');
    expect(root.text.toString()).toBe('the root');
  });

  it('[S42][S11] a shared story’s link (its room token) syncs its segments both ways', async () => {
    const server = await start();
    const { roomSecret, ownerToken } = server.data.secrets;
    const link = roomToken(roomSecret, 'tale');
    const owner = [0, 1, 2].map((n) => client(server, `tale~${n}`, ownerToken));
    const friend = [0, 1, 2].map((n) => client(server, `tale~${n}`, link));
    await Promise.all([...owner, ...friend].map((c) => c.synced()));
    owner.forEach((c, n) => c.text.insert(0, `owner wrote in segment ${n}. `));
    friend.forEach((c, n) => c.text.insert(0, `friend wrote in segment ${n}. `));
    await waitFor(
      () => [0, 1, 2].every((n) => owner[n]!.text.toString() === friend[n]!.text.toString()),
      'every segment to converge',
    );
    for (const [n, c] of friend.entries()) {
      expect(c.text.toString()).toContain(`owner wrote in segment ${n}.`);
      expect(c.text.toString()).not.toContain(`segment ${(n + 1) % 3}`);
    }
  });
});
