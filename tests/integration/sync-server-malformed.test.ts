// Hostile or broken messages against a real sync server with real y-websocket clients: a malformed
// message closes its sender only (1007), is not a storage failure, and leaves nothing in the room.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as Y from 'yjs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { updateMessage } from '../../sync-server/messages.ts';
import { CLOSE_CODE, MESSAGE_TYPE } from '../../sync-server/protocol.ts';
import { startSyncServer, type SyncServer } from '../../sync-server/server.ts';
import { syncClient, tryUpgrade, waitFor, type SyncClient } from '../support/sync-clients.ts';

const SYNC_STEP_1 = 0;
const work = mkdtempSync(join(tmpdir(), 'rashomon-sync-malformed-'));
const servers: SyncServer[] = [];
const clients: SyncClient[] = [];
const logs: string[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

let dirs = 0;
async function start() {
  const server = await startSyncServer(
    { host: '127.0.0.1', port: 0, dataDir: join(work, `data-${++dirs}`), staticRoot: null },
    (line) => logs.push(line),
  );
  servers.push(server);
  return server;
}

/** A client of the room that counts how often its connection was closed. */
function watchedClient(server: SyncServer, room: string) {
  const made = syncClient(server.url, room, server.data.secrets.ownerToken);
  clients.push(made);
  const closes: number[] = [];
  made.provider.on('connection-close', (event) => closes.push(event?.code ?? 0));
  return { ...made, closes };
}

const roomUrl = (server: SyncServer, room: string) =>
  `${server.url.replace(/^http/, 'ws')}sync/${room}?token=${server.data.secrets.ownerToken}`;

function edit(text: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getText('t').insert(0, text);
  return Y.encodeStateAsUpdate(doc);
}

/** Two synced clients of one room, and proof that they still talk to each other. */
async function twoClients(server: SyncServer, room: string) {
  const a = watchedClient(server, room);
  const b = watchedClient(server, room);
  await Promise.all([a.synced(), b.synced()]);
  const stillTogether = async (text: string) => {
    a.text.insert(a.text.length, text);
    await waitFor(() => b.text.toString() === a.text.toString(), 'the room to carry on');
    expect(a.closes).toEqual([]);
    expect(b.closes).toEqual([]);
  };
  return { a, b, stillTogether };
}

describe('sync server: malformed messages', () => {
  it('[S14] a sync step 1 with a garbage state vector closes its sender only (1007), not the room', async () => {
    const server = await start();
    const { stillTogether } = await twoClients(server, 'garbage-sv');
    // 7 bytes: sync, step 1, a 4-byte "state vector" that claims 5 entries and holds one and a half.
    const garbage = new Uint8Array([MESSAGE_TYPE.sync, SYNC_STEP_1, 4, 5, 1, 2, 3]);
    expect(await tryUpgrade(roomUrl(server, 'garbage-sv'), garbage)).toMatchObject({
      status: 101,
      closeCode: CLOSE_CODE.malformed,
    });
    await stillTogether('still here');
    expect(logs.join('\n')).not.toContain('writing to disk failed');
  });

  it('[S14] an unknown message type and a truncated one close their sender only', async () => {
    const server = await start();
    const { stillTogether } = await twoClients(server, 'odd-types');
    for (const message of [
      new Uint8Array([7, 1, 2, 3]),
      new Uint8Array([MESSAGE_TYPE.sync]),
      new Uint8Array([MESSAGE_TYPE.sync, 9, 1, 0]),
      new Uint8Array([MESSAGE_TYPE.awareness, 3, 1, 2, 3]),
    ])
      expect((await tryUpgrade(roomUrl(server, 'odd-types'), message)).closeCode, `${message}`).toBe(
        CLOSE_CODE.malformed,
      );
    await stillTogether('carry on');
  });

  it('[S18] a refused update with a truncated end leaves no trace: the next client never receives it', async () => {
    const server = await start();
    const { stillTogether } = await twoClients(server, 'truncated');
    // An insert-only update ends with an empty delete set (one byte): cut it and the structs still decode.
    const whole = edit('refused secret');
    const truncated = updateMessage(whole.subarray(0, whole.length - 1));
    expect((await tryUpgrade(roomUrl(server, 'truncated'), truncated)).closeCode).toBe(CLOSE_CODE.malformed);
    await stillTogether('kept');
    const next = watchedClient(server, 'truncated');
    await next.synced();
    expect(next.text.toString()).toBe('kept');
    // Nor did it reach the disk: a restart on the same folder has only what was accepted.
    for (const client of clients.splice(0)) client.destroy();
    await server.close();
    servers.splice(servers.indexOf(server), 1);
    const again = await startSyncServer(
      { host: '127.0.0.1', port: 0, dataDir: server.data.dir, staticRoot: null },
      (line) => logs.push(line),
    );
    servers.push(again);
    const reader = watchedClient(again, 'truncated');
    await reader.synced();
    expect(reader.text.toString()).toBe('kept');
  });
});
