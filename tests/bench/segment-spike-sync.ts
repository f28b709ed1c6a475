// Segment spike, sync part (docs/design/segmented-story.md): a new device receiving a segmented story
// from the sync server (in process, LevelDB in a temporary folder): the root and the newest segment,
// each its own room, both at once, against the whole story as one room. Run by hand:
//   node --expose-gc --import tsx tests/bench/segment-spike-sync.ts [turns=10000] [size=500]
//   newDeviceMs  from creating the providers until root and newest segment are synced (room in memory)
//   coldMs       the same after a server restart (rooms loaded from disk)
//   wholeMs      the one-doc story received the same way
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import { startSyncServer, type SyncServer } from '../../sync-server/server.ts';
import { buildStory } from './story-gen.ts';
import { buildRoot, checkpointsEvery, layOut } from './segment-layout.ts';
import { median, now, progress, round } from './stats.ts';

const TURNS = Number(process.argv[2] ?? 10_000);
const SIZE = Number(process.argv[3] ?? 500);
const RUNS = 5;

/**
 * A client that brings `bytes` to `room`, or a new one that receives the room: the milliseconds to its
 * first sync. A new client must end with `expect` bytes of document, or the figure would be of less.
 */
async function receive(server: SyncServer, room: string, bytes?: Uint8Array, expect = 0): Promise<number> {
  const doc = new Y.Doc();
  if (bytes) Y.applyUpdate(doc, bytes);
  const start = now();
  const provider = new WebsocketProvider(server.url.replace(/^http/, 'ws') + 'sync', room, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
    params: { token: server.data.secrets.ownerToken },
  });
  await new Promise<void>((resolve) => provider.once('sync', () => resolve()));
  const ms = now() - start;
  // The uploading client's own answer goes out after its first sync: give it time to be stored.
  if (bytes) await new Promise((resolve) => setTimeout(resolve, 1500));
  const got = Y.encodeStateAsUpdate(doc).byteLength;
  if (got < expect * 0.99) throw new Error(`${room}: received ${got} bytes, not ${expect}`);
  provider.destroy();
  doc.destroy();
  return ms;
}

const dataDir = mkdtempSync(join(tmpdir(), 'rashomon-segment-sync-'));
const start = () => startSyncServer({ host: '127.0.0.1', port: 0, dataDir, staticRoot: null }, () => {});
let server = await start();
try {
  const built = await buildStory({ turns: TURNS });
  const cps = checkpointsEvery(built.doc, built.turnIds, SIZE);
  const { segments, ids, checkpoints } = layOut(built.doc, built.turnIds, SIZE, cps);
  const root = buildRoot(built.doc.guid, built.participants, built.turnIds, ids, checkpoints, false);
  const whole = Y.encodeStateAsUpdate(built.doc);
  const newest = segments.at(-1) as Uint8Array;
  // Rooms within the server's names: `_s<n>` stands for the designed `~<n>` here.
  const rooms = {
    whole: `${built.doc.guid}w`,
    root: built.doc.guid,
    newest: `${built.doc.guid}_s${segments.length - 1}`,
  };
  built.doc.destroy();
  progress(
    `uploading root ${root.byteLength} B, newest segment ${newest.byteLength} B, whole ${whole.byteLength} B`,
  );
  await Promise.all([
    receive(server, rooms.whole, whole),
    receive(server, rooms.root, root),
    receive(server, rooms.newest, newest),
  ]);
  const pair = () =>
    Promise.all([
      receive(server, rooms.root, undefined, root.byteLength),
      receive(server, rooms.newest, undefined, newest.byteLength),
    ]).then((ms) => Math.max(...ms));
  const warm: number[] = [];
  const wholeRuns: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    warm.push(await pair());
    wholeRuns.push(await receive(server, rooms.whole, undefined, whole.byteLength));
  }
  const cold: number[] = [];
  for (let r = 0; r < 3; r++) {
    await server.close();
    server = await start();
    cold.push(await pair());
  }
  const out = {
    turns: TURNS,
    size: SIZE,
    rootBytes: root.byteLength,
    newestBytes: newest.byteLength,
    wholeBytes: whole.byteLength,
    newDeviceMs: round(median(warm)),
    coldMs: round(median(cold)),
    wholeMs: round(median(wholeRuns)),
    detail: {
      warm: warm.map((v) => round(v)),
      cold: cold.map((v) => round(v)),
      whole: wholeRuns.map((v) => round(v)),
    },
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
setTimeout(() => process.exit(), 2000).unref();
