// The sync server in this process on 127.0.0.1 and a free port, with real y-websocket clients: clients
// converge, tokens are checked before the upgrade, offline edits merge, limits hold, the app is served.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { LeveldbPersistence } from 'y-leveldb';
import * as Y from 'yjs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ServerConfigInput } from '../../sync-server/config.ts';
import { updateMessage } from '../../sync-server/messages.ts';
import { MESSAGE_TYPE } from '../../sync-server/protocol.ts';
import { startSyncServer, type SyncServer } from '../../sync-server/server.ts';
import { roomToken } from '../../sync-server/tokens.ts';
import { syncClient, tryUpgrade, waitFor, type SyncClient } from '../support/sync-clients.ts';

const work = mkdtempSync(join(tmpdir(), 'rashomon-sync-'));
const servers: SyncServer[] = [];
const clients: SyncClient[] = [];
const logs: string[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

let dirs = 0;
async function start(options: Partial<ServerConfigInput> = {}, dataDir = join(work, `data-${++dirs}`)) {
  const server = await startSyncServer(
    { host: '127.0.0.1', port: 0, dataDir, staticRoot: null, ...options },
    (line) => logs.push(line),
  );
  servers.push(server);
  return server;
}

function client(server: SyncServer, room: string, token: string | null = server.data.secrets.ownerToken) {
  const made = syncClient(server.url, room, token);
  clients.push(made);
  return made;
}

const wsUrl = (server: SyncServer, path: string) =>
  server.url.replace(/^http/, 'ws') + path.replace(/^\//, '');

async function getJson(server: SyncServer, path: string) {
  const response = await fetch(server.url + path.replace(/^\//, ''));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('sync server', () => {
  it('[S11] lets two clients converge, both ways, with awareness', async () => {
    const server = await start();
    const a = client(server, 'story-1');
    const b = client(server, 'story-1');
    await Promise.all([a.synced(), b.synced()]);
    a.text.insert(0, 'Hello');
    await waitFor(() => b.text.toString() === 'Hello', 'b to see a');
    b.text.insert(5, ', world');
    await waitFor(() => a.text.toString() === 'Hello, world', 'a to see b');
    a.provider.awareness.setLocalStateField('viewing', 'turn-3');
    await waitFor(
      () => b.provider.awareness.getStates().get(a.doc.clientID)?.viewing === 'turn-3',
      'b to see where a is',
    );
  });

  it('[S11] converges under concurrent edits from three clients', async () => {
    const server = await start();
    const peers = [client(server, 'busy'), client(server, 'busy'), client(server, 'busy')];
    await Promise.all(peers.map((peer) => peer.synced()));
    for (let round = 0; round < 60; round++)
      for (const [i, peer] of peers.entries())
        peer.text.insert((round * 7 + i) % (peer.text.length + 1), `${i}`);
    await waitFor(
      () =>
        peers.every((peer) => peer.text.length === 180 && peer.text.toString() === peers[0]!.text.toString()),
      'all three to converge',
    );
  });

  it('[S1][S2][S15] refuses a missing, wrong or other-room token with 401 before the upgrade, sending no data', async () => {
    const server = await start();
    const owner = client(server, 'private');
    await owner.synced();
    owner.text.insert(0, 'secret plot');
    const { roomSecret, ownerToken } = server.data.secrets;

    for (const query of ['', '?token=', '?token=wrong', `?token=${roomToken(roomSecret, 'other-room')}`]) {
      const outcome = await tryUpgrade(wsUrl(server, `/sync/private${query}`));
      expect(outcome, query).toMatchObject({ status: 401, messages: 0 });
    }
    const accepted = await tryUpgrade(
      wsUrl(server, `/sync/private?token=${roomToken(roomSecret, 'private')}`),
    );
    expect(accepted.status).toBe(101);
    expect(accepted.messages).toBeGreaterThan(0);

    // A real client without a valid token never syncs and receives nothing.
    const intruder = client(server, 'private', roomToken(roomSecret, 'other-room'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(intruder.provider.synced).toBe(false);
    expect(intruder.text.toString()).toBe('');
    // The collaborator's room token opens that room.
    const collaborator = client(server, 'private', roomToken(roomSecret, 'private'));
    await waitFor(() => collaborator.text.toString() === 'secret plot', 'the room token to open the room');
    expect(logs.join('\n')).not.toContain(ownerToken);
    expect(logs.join('\n')).not.toContain(roomToken(roomSecret, 'private'));
  });

  it('[S10][S2] answers the access probe with 200 or 401 JSON', async () => {
    const server = await start();
    const { roomSecret, ownerToken } = server.data.secrets;
    expect(await getJson(server, `/sync/r1/access?token=${ownerToken}`)).toEqual({
      status: 200,
      body: { ok: true, room: 'r1', access: 'owner' },
    });
    expect(await getJson(server, `/sync/r1/access?token=${roomToken(roomSecret, 'r1')}`)).toEqual({
      status: 200,
      body: { ok: true, room: 'r1', access: 'room' },
    });
    for (const query of [
      '',
      `?token=${roomToken(roomSecret, 'r2')}`,
      `?token=${ownerToken}&token=${ownerToken}`,
    ])
      expect((await getJson(server, `/sync/r1/access${query}`)).status, query).toBe(401);
    expect((await getJson(server, `/sync/r.1/access?token=${ownerToken}`)).status).toBe(400);
  });

  it('[S11] merges offline edits from both sides on reconnect', async () => {
    const server = await start();
    const a = client(server, 'offline');
    const b = client(server, 'offline');
    await Promise.all([a.synced(), b.synced()]);
    a.text.insert(0, 'middle');
    await waitFor(() => b.text.toString() === 'middle', 'the first edit to arrive');
    a.provider.disconnect();
    b.provider.disconnect();
    a.text.insert(0, 'start ');
    b.text.insert(b.text.length, ' end');
    a.doc.getMap('m').set('a', 1);
    b.doc.getMap('m').set('b', 2);
    a.provider.connect();
    b.provider.connect();
    await waitFor(
      () => a.text.toString() === 'start middle end' && b.text.toString() === 'start middle end',
      'both offline edits on both sides',
    );
    expect(b.doc.getMap('m').toJSON()).toEqual({ a: 1, b: 2 });
  });

  it('[S4] closes a connection whose message is over the size limit (1009) and keeps nothing of it', async () => {
    const server = await start({ limits: { maxMessageBytes: 64 * 1024 } });
    const big = new Y.Doc();
    big.getText('t').insert(0, 'x'.repeat(100 * 1024));
    const outcome = await tryUpgrade(
      wsUrl(server, `/sync/big?token=${server.data.secrets.ownerToken}`),
      updateMessage(Y.encodeStateAsUpdate(big)),
    );
    expect(outcome).toMatchObject({ status: 101, closeCode: 1009 });
    const reader = client(server, 'big');
    await reader.synced();
    expect(reader.text.length).toBe(0);
    // A message under the limit goes through.
    reader.text.insert(0, 'y'.repeat(32 * 1024));
    const other = client(server, 'big');
    await waitFor(() => other.text.length === 32 * 1024, 'a message under the limit');
  });

  it('[S9] /healthz tells anyone only that it is up; counts only with the owner token, never across origins', async () => {
    const server = await start();
    const { ownerToken, roomSecret } = server.data.secrets;
    const counts = `/healthz?token=${ownerToken}`;
    expect(await getJson(server, '/healthz')).toEqual({ status: 200, body: { ok: true } });
    expect(await getJson(server, counts)).toEqual({
      status: 200,
      body: { ok: true, rooms: 0, connections: 0 },
    });
    const clientsHere = [client(server, 'h1'), client(server, 'h1'), client(server, 'h2')];
    await Promise.all(clientsHere.map((c) => c.synced()));
    expect((await getJson(server, counts)).body).toEqual({ ok: true, rooms: 2, connections: 3 });
    for (const path of ['/healthz', '/healthz?token=wrong', `/healthz?token=${roomToken(roomSecret, 'h1')}`])
      expect(await getJson(server, path), path).toEqual({ status: 200, body: { ok: true } });
    const response = await fetch(server.url + counts.slice(1), {
      headers: { Origin: 'https://elsewhere.example' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('[S3] validates room names', async () => {
    const server = await start();
    const token = `?token=${server.data.secrets.ownerToken}`;
    for (const room of ['a.b', 'a%20b', 'x'.repeat(129), ''])
      expect((await tryUpgrade(wsUrl(server, `/sync/${room}${token}`))).status, room).toBe(400);
    expect((await tryUpgrade(wsUrl(server, `/sync/a/b${token}`))).status).toBe(404);
    expect((await tryUpgrade(wsUrl(server, `/sync/${'x'.repeat(128)}${token}`))).status).toBe(101);
    expect((await tryUpgrade(wsUrl(server, `/sync/A-z_09${token}`))).status).toBe(101);
    expect((await getJson(server, '/sync/a.b/access')).status).toBe(400);
    expect((await getJson(server, '/sync/ok')).status).toBe(426);
  });

  it('[S3] refuses odd room names before looking at the token, and writes nothing of them to disk', async () => {
    const server = await start();
    const { ownerToken } = server.data.secrets;
    const writer = client(server, 'kept');
    await writer.synced();
    writer.text.insert(0, 'on disk');
    const odd = ['a.b', 'a%20b', '..%2F..%2Fkept', '%00', 'x'.repeat(129), '', 'kept%2Fmore'];
    const status = async (path: string) => (await tryUpgrade(wsUrl(server, path), undefined, 20)).status;
    for (const room of odd) {
      for (const query of ['', `?token=${ownerToken}`])
        expect(await status(`/sync/${room}${query}`), room + query).toBe(400);
      expect((await getJson(server, `/sync/${room}/access?token=${ownerToken}`)).status, room).toBe(400);
    }
    const observer = client(server, 'kept');
    await waitFor(() => observer.text.toString() === 'on disk', 'the valid room to carry on');
    writer.destroy();
    observer.destroy();
    await server.close();
    const db = new LeveldbPersistence(server.data.leveldbDir);
    try {
      expect(await db.getAllDocNames()).toEqual(['kept']);
    } finally {
      await db.destroy();
    }
  });

  it('[S14] closes a connection that sends text (1003) or a malformed message (1007); the room carries on', async () => {
    const server = await start();
    const url = wsUrl(server, `/sync/sturdy?token=${server.data.secrets.ownerToken}`);
    const a = client(server, 'sturdy');
    const b = client(server, 'sturdy');
    await Promise.all([a.synced(), b.synced()]);
    expect(await tryUpgrade(url, 'hello')).toMatchObject({ status: 101, closeCode: 1003 });
    const truncated = new Uint8Array([MESSAGE_TYPE.sync, 2, 5, 1, 2]);
    expect(await tryUpgrade(url, truncated)).toMatchObject({ status: 101, closeCode: 1007 });
    a.text.insert(0, 'still here');
    await waitFor(() => b.text.toString() === 'still here', 'the room to carry on');
    expect(logs.join('\n')).not.toContain(server.data.secrets.ownerToken);
  });

  it('[S8] shutting down closes every connection with 1001, which tells clients to reconnect', async () => {
    const server = await start();
    const raw = new WebSocket(wsUrl(server, `/sync/closing?token=${server.data.secrets.ownerToken}`));
    await new Promise((resolve) => raw.once('open', resolve));
    const closed = new Promise<number>((resolve) => raw.once('close', resolve));
    await server.close();
    expect(await closed).toBe(1001);
  });

  it('[S13][S5] unloads an idle room after compacting it, and loads it back from disk', async () => {
    const server = await start({ limits: { roomIdleMs: 50, compactAfterUpdates: 5 } });
    const writer = client(server, 'idle');
    await writer.synced();
    for (let i = 0; i < 12; i++) writer.text.insert(writer.text.length, `${i},`);
    const observer = client(server, 'idle');
    await waitFor(() => observer.text.toString().endsWith('11,'), 'every update relayed');
    writer.destroy();
    observer.destroy();
    await waitFor(() => logs.some((line) => line.includes('"idle" unloaded')), 'the room to unload');
    expect((await getJson(server, `/healthz?token=${server.data.secrets.ownerToken}`)).body).toMatchObject({
      rooms: 0,
    });
    const reader = client(server, 'idle');
    await waitFor(() => reader.text.toString().endsWith('11,'), 'the room back from disk');
  });

  it('[S8][S5] keeps everything across a restart on the same data folder', async () => {
    const dataDir = join(work, 'restart');
    const first = await start({}, dataDir);
    const writer = client(first, 'kept');
    await writer.synced();
    writer.text.insert(0, 'before the restart');
    await waitFor(() => writer.provider.synced, 'synced');
    const observer = client(first, 'kept');
    await waitFor(() => observer.text.toString() === 'before the restart', 'relayed');
    writer.destroy();
    observer.destroy();
    await first.close();
    const second = await start({}, dataDir);
    expect(second.data.secrets.ownerToken).toBe(first.data.secrets.ownerToken);
    const reader = client(second, 'kept');
    await waitFor(() => reader.text.toString() === 'before the restart', 'the room after the restart');
  });

  it('[S12] refuses with 503 past the connections per room and the rooms in memory', async () => {
    const server = await start({ limits: { maxConnectionsPerRoom: 2, maxRooms: 2, roomIdleMs: 60_000 } });
    const token = `?token=${server.data.secrets.ownerToken}`;
    const [a, b] = [client(server, 'full'), client(server, 'full')];
    await Promise.all([a.synced(), b.synced()]);
    expect((await tryUpgrade(wsUrl(server, `/sync/full${token}`))).status).toBe(503);
    const c = client(server, 'second');
    await c.synced();
    expect((await tryUpgrade(wsUrl(server, `/sync/third${token}`))).status).toBe(503);
    // An idle room makes way for a new one.
    c.destroy();
    await waitFor(() => c.provider.wsconnected === false, 'c to leave');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await tryUpgrade(wsUrl(server, `/sync/third${token}`))).status).toBe(101);
  });
});

describe('sync server: the app', () => {
  const dist = join(work, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>fake app</title>');
  writeFileSync(join(dist, 'assets', 'index-a1b2c3d4.js'), 'console.log(1)');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
  writeFileSync(join(work, 'outside.txt'), 'not served');

  it('[S17] serves dist/ with caching headers, the CSP, app routes and no way out of the root', async () => {
    const server = await start({ staticRoot: dist });
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(server.url + path.replace(/^\//, ''), { headers });

    const index = await get('/');
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('fake app');
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const csp = index.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "script-src 'self' 'wasm-unsafe-eval'",
      "worker-src 'self'",
      "connect-src 'self' ws: wss: http: https:",
      "img-src 'self' data: blob:",
      "style-src 'self' 'unsafe-inline'",
    ])
      expect(csp).toContain(directive);

    const asset = await get('/assets/index-a1b2c3d4.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    for (const path of ['/sw.js', '/manifest.webmanifest'])
      expect((await get(path)).headers.get('cache-control'), path).toBe('no-cache');
    expect((await get('/manifest.webmanifest')).headers.get('content-type')).toContain('manifest+json');

    expect(await (await get('/stories/abc')).text()).toContain('fake app');
    expect((await get('/missing.js')).status).toBe(404);
    const etag = asset.headers.get('etag') ?? '';
    expect((await get('/assets/index-a1b2c3d4.js', { 'If-None-Match': etag })).status).toBe(304);

    const escaped = await new Promise<number>((resolve, reject) => {
      request(server.url + '..%2foutside.txt', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(escaped).toBe(404);
  });
});
