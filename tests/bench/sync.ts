// sync: a new client receiving a 1,000-turn story from the sync server (in this process, on 127.0.0.1,
// LevelDB in a temporary folder) through y-websocket with `ws`, BroadcastChannel off.
//   receiveMs  from creating the provider until it is synced and holds every turn (room in memory)
//   wireBytes  TCP bytes the client read (HTTP upgrade response, frames, sync and awareness messages)
//   docBytes   the encoded document the client ends up with
// Also: the same with the room loaded from disk by a restarted server (receiveColdMs).
// segmented10000: a new device joining a 10,000-turn segmented story by its link, as the worker syncs
// it (segment-join.ts): playableMs (root + the leaf's segments stored, the "new device" figure)
// and everythingMs (every other segment fetched and stored in the background).
import { mkdtempSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import { turnsMap } from '../../src/driver/doc/story-doc.ts';
import { startSyncServer, type SyncServer } from '../../sync-server/server.ts';
import { runGroup } from './group.ts';
import { segmentJoin } from './segment-join.ts';
import { buildStory } from './story-gen.ts';
import { median, now, progress, round } from './stats.ts';

const TURNS = 1000;
const SEGMENTED_TURNS = 10_000;
const SEGMENTED_RUNS = 3;
const WARM_RUNS = 5;
const COLD_RUNS = 3;

interface Counted {
  tcp?: Socket;
  payloadBytes: number;
}

/** Connects a new client; resolves once it is synced and holds `turns` turns, with what it cost. */
async function receive(server: SyncServer, room: string, turns: number, doc = new Y.Doc()) {
  const counted: Counted = { payloadBytes: 0 };
  class CountingSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols);
      this.on('upgrade', (response) => (counted.tcp = response.socket));
      this.on('message', (data: ArrayBuffer | Buffer) => (counted.payloadBytes += data.byteLength));
    }
  }
  const start = now();
  const provider = new WebsocketProvider(server.url.replace(/^http/, 'ws') + 'sync', room, doc, {
    WebSocketPolyfill: CountingSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
    params: { token: server.data.secrets.ownerToken },
  });
  await new Promise<void>((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`no sync of ${room} within 60 s`)), 60_000);
    const check = () => {
      if (provider.synced && turnsMap(doc).size >= turns) {
        clearTimeout(timeout);
        doc.off('update', check);
        provider.off('sync', check);
        resolve();
      }
    };
    doc.on('update', check);
    provider.on('sync', check);
  });
  const ms = now() - start;
  const result = {
    ms,
    wireBytes: counted.tcp?.bytesRead ?? 0,
    sentBytes: counted.tcp?.bytesWritten ?? 0,
    payloadBytes: counted.payloadBytes,
    docBytes: Y.encodeStateAsUpdate(doc).byteLength,
  };
  provider.destroy();
  doc.destroy();
  return result;
}

await runGroup('sync', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rashomon-bench-sync-'));
  const start = () => startSyncServer({ host: '127.0.0.1', port: 0, dataDir, staticRoot: null }, () => {});
  let server = await start();
  try {
    progress(`sync: uploading a ${TURNS}-turn story`);
    const built = await buildStory({ turns: TURNS, seed: 11 });
    const room = built.doc.guid;
    const uploaded = Y.encodeStateAsUpdate(built.doc).byteLength;
    // The first client brings the story; a second one receiving all of it proves the server has it.
    const upload = await receive(server, room, 0, built.doc);
    await receive(server, room, TURNS);
    progress(`sync: uploaded ${uploaded} bytes in ${upload.ms.toFixed(0)} ms`);

    const warm = [];
    for (let run = 0; run < WARM_RUNS; run++) warm.push(await receive(server, room, TURNS));
    const cold = [];
    for (let run = 0; run < COLD_RUNS; run++) {
      await server.close();
      server = await start();
      cold.push(await receive(server, room, TURNS));
    }
    const last = warm.at(-1);
    const segmented = await segmentJoin(SEGMENTED_TURNS, SEGMENTED_RUNS);
    return {
      segmented10000: segmented,
      turns1000: {
        receiveMs: round(median(warm.map((r) => r.ms))),
        wireBytes: Math.round(median(warm.map((r) => r.wireBytes))),
        docBytes: last?.docBytes ?? 0,
        detail: {
          receiveColdMs: round(median(cold.map((r) => r.ms))),
          payloadBytes: Math.round(median(warm.map((r) => r.payloadBytes))),
          sentBytes: Math.round(median(warm.map((r) => r.sentBytes))),
          uploadedDocBytes: uploaded,
          warmRunsMs: warm.map((r) => round(r.ms)),
          coldRunsMs: cold.map((r) => round(r.ms)),
        },
      },
    };
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
