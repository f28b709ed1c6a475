// Failed writes against a real sync server and LevelDB folder: an injected write error relays nothing,
// closes the database handle and opens it again (or, if it cannot, the server says so once and stops
// storing); and on a real 3 MB tmpfs, a full disk followed by free space and a `kill -9` loses nothing
// that any client received.
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LeveldbPersistence } from 'y-leveldb';
import * as Y from 'yjs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ServerConfigInput } from '../../sync-server/config.ts';
import { LeveldbRoomStore, type RoomStore } from '../../sync-server/room-store.ts';
import { startSyncServer, type ServerHooks, type SyncServer } from '../../sync-server/server.ts';
import { syncClient, tryUpgrade, waitFor, type SyncClient } from '../support/sync-clients.ts';
import { holdsAll, recorder, roomSocketUrl } from '../support/sync-raw-peers.ts';
import { spawnServer, type ServerProcess } from '../support/sync-server-process.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'rashomon-sync-storage-'));
/** Mounts a tmpfs of `size`, or returns null when this machine refuses (not root, no CAP_SYS_ADMIN). */
function tinyDisk(size: string): string | null {
  const dir = join(work, 'tmpfs');
  mkdirSync(dir, { recursive: true });
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
  return mounted.status === 0 ? dir : null;
}

const disk = tinyDisk('3m');
const running: ServerProcess[] = [];
const servers: SyncServer[] = [];
const stops: Array<() => void> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop('SIGKILL')));
  // Unmounted before the folder holding it is removed.
  if (disk) spawnSync('umount', ['-l', disk]);
  rmSync(work, { recursive: true, force: true });
});

/** Opens real LevelDB stores, each of which fails its appends while `failing` is set. */
function faultyStores() {
  const seen = { opens: 0, closes: 0, failing: false, reopenDelayMs: 0, openFails: false };
  const open = async (dir: string): Promise<RoomStore> => {
    if (seen.opens > 0) await new Promise((resolve) => setTimeout(resolve, seen.reopenDelayMs));
    if (seen.opens > 0 && seen.openFails) throw new Error('IO error: No space left on device');
    const real = await LeveldbRoomStore.open(dir);
    seen.opens++;
    return {
      load: (room) => real.load(room),
      append: async (room, update) => {
        if (seen.failing) {
          seen.failing = false;
          throw new Error('IO error: No space left on device');
        }
        await real.append(room, update);
      },
      compact: (room) => real.compact(room),
      close: async () => {
        seen.closes++;
        await real.close();
      },
    };
  };
  return { seen, open };
}

let dirs = 0;
async function start(hooks: ServerHooks, logs: string[], limits: ServerConfigInput['limits'] = {}) {
  const server = await startSyncServer(
    { host: '127.0.0.1', port: 0, dataDir: join(work, `data-${++dirs}`), staticRoot: null, limits },
    (line) => logs.push(line),
    hooks,
  );
  servers.push(server);
  return server;
}

function writer(server: SyncServer, room: string): SyncClient {
  const client = syncClient(server.url, room, server.data.secrets.ownerToken);
  stops.push(() => client.destroy());
  return client;
}

function watch(server: SyncServer, room: string) {
  const watcher = recorder(roomSocketUrl(server.url, room, server.data.secrets.ownerToken));
  stops.push(watcher.stop);
  return watcher;
}

async function readDisk(leveldbDir: string, room: string): Promise<Y.Doc> {
  const db = new LeveldbPersistence(leveldbDir);
  try {
    return (await db.getYDoc(room))!;
  } finally {
    await db.destroy();
  }
}

describe('sync server: failed writes', () => {
  it('[S7][S21] a failed write relays nothing, and the database is closed and opened again', async () => {
    const logs: string[] = [];
    const { seen, open } = faultyStores();
    const server = await start({ openStore: open }, logs);
    const a = writer(server, 'disk');
    const watcher = watch(server, 'disk');
    await a.synced();
    a.text.insert(0, 'stored;');
    await waitFor(() => watcher.doc.getText('t').toString() === 'stored;', 'the first edit relayed');
    seen.failing = true;
    seen.reopenDelayMs = 500;
    a.text.insert(a.text.length, 'not yet;');
    await waitFor(() => seen.closes === 1, 'the failed handle to be closed');
    // Until the database is open again, nothing of the failed write reaches anyone.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watcher.doc.getText('t').toString()).toBe('stored;');
    expect(watcher.closes).toContain(1011);
    // Then the writer's client sends it again, it is stored on the new handle, and relayed.
    await waitFor(
      () => watcher.doc.getText('t').toString() === 'stored;not yet;',
      'the edit after reopening',
    );
    expect(seen.opens).toBe(2);
    expect(logs.some((line) => line.includes('reopening'))).toBe(true);
    expect(logs.some((line) => line.includes('database reopened'))).toBe(true);
    a.text.insert(a.text.length, 'after;');
    await waitFor(() => watcher.doc.getText('t').toString().endsWith('after;'), 'writes on the new handle');
    for (const stop of stops.splice(0)) stop();
    await server.close();
    servers.splice(0);
    const disk = await readDisk(server.data.leveldbDir, 'disk');
    expect(holdsAll(disk, watcher.doc)).toBe(true);
    expect(disk.getText('t').toString()).toBe('stored;not yet;after;');
  });

  it('[S21] when the database cannot be opened again, the server says so in one line and stores nothing more', async () => {
    const logs: string[] = [];
    const { seen, open } = faultyStores();
    const lost: Error[] = [];
    const server = await start({ openStore: open, onStoreLost: (e) => lost.push(e) }, logs, {
      storeReopenAttempts: 3,
      storeReopenIntervalMs: 10,
    });
    const a = writer(server, 'gone');
    await a.synced();
    seen.openFails = true;
    seen.failing = true;
    a.text.insert(0, 'lost write');
    await waitFor(() => lost.length === 1, 'the store to be given up');
    const stopping = logs.filter((line) => line.startsWith('stopping:'));
    expect(stopping).toHaveLength(1);
    expect(stopping[0]).toContain('No space left on device');
    expect(stopping[0]).toContain('free disk space');
    // Nothing is accepted any more: the room cannot be loaded.
    const url = roomSocketUrl(server.url, 'other', server.data.secrets.ownerToken);
    expect((await tryUpgrade(url)).status).toBe(500);
  });
});

/** Writes zeros into `file` until the disk is full. */
function fill(file: string): void {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    closeSync(fd);
  }
}

// Mounting needs root; where it is refused this part cannot run (the injected failures above still do).
describe.runIf(disk)('sync server on a real 3 MB disk', () => {
  it('[S6][S21] a full disk, then free space, then kill -9: everything any client received is on disk', async () => {
    const dataDir = join(disk!, 'data');
    const ownerToken = execFileSync(process.execPath, ['bin/rashomon.mjs', 'token', '--data', dataDir], {
      cwd: ROOT,
    })
      .toString()
      .trim();
    const server = await spawnServer(dataDir, ownerToken);
    running.push(server);
    const a = syncClient(server.url, 'full', ownerToken);
    stops.push(() => a.destroy());
    const watcher = recorder(roomSocketUrl(server.url, 'full', ownerToken));
    stops.push(watcher.stop);
    await a.synced();
    let writes = 0;
    const typing = setInterval(() => a.text.insert(a.text.length, `[${writes++}]${'x'.repeat(200)}`), 5);
    stops.push(() => clearInterval(typing));
    await waitFor(() => watcher.doc.getText('t').length > 20_000, 'writes before the disk fills');
    fill(join(disk!, 'filler'));
    await waitFor(() => server.output().includes('reopening'), 'a failed write', 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    rmSync(join(disk!, 'filler'));
    await waitFor(() => server.output().includes('database reopened'), 'the database reopened', 15_000);
    const before = watcher.doc.getText('t').length;
    await waitFor(() => watcher.doc.getText('t').length > before + 20_000, 'writes after space came back');
    clearInterval(typing);
    expect(await server.stop('SIGKILL')).toBe(null);
    const received = watcher.doc.getText('t').length;
    watcher.stop();
    const stored = await readDisk(join(dataDir, 'leveldb'), 'full');
    console.log(
      `[S21] tmpfs: ${writes} edits typed, ${received} characters received by a client, ` +
        `${stored.getText('t').length} on disk after kill -9`,
    );
    expect(holdsAll(stored, watcher.doc)).toBe(true);
  }, 60_000);

  it('[S21] a disk that stays full: `rashomon serve` says so in one line and exits 1, and has what it relayed', async () => {
    const dataDir = join(disk!, 'stays-full');
    const ownerToken = execFileSync(process.execPath, ['bin/rashomon.mjs', 'token', '--data', dataDir], {
      cwd: ROOT,
    })
      .toString()
      .trim();
    const server = await spawnServer(dataDir, ownerToken);
    running.push(server);
    const a = syncClient(server.url, 'full', ownerToken);
    stops.push(() => a.destroy());
    const watcher = recorder(roomSocketUrl(server.url, 'full', ownerToken));
    stops.push(watcher.stop);
    await a.synced();
    let writes = 0;
    const typing = setInterval(() => a.text.insert(a.text.length, `[${writes++}]${'x'.repeat(200)}`), 5);
    stops.push(() => clearInterval(typing));
    await waitFor(() => watcher.doc.getText('t').length > 20_000, 'writes before the disk fills');
    fill(join(disk!, 'filler'));
    const code = await server.exited;
    clearInterval(typing);
    watcher.stop();
    rmSync(join(disk!, 'filler'));
    const stopping = server
      .output()
      .split('\n')
      .filter((line) => line.includes('stopping:'));
    console.log(`[S21] a disk that stays full: exit ${code}; ${stopping[0]}`);
    expect(code).toBe(1);
    expect(stopping).toHaveLength(1);
    expect(stopping[0]).toContain('free disk space');
    const stored = await readDisk(join(dataDir, 'leveldb'), 'full');
    expect(holdsAll(stored, watcher.doc)).toBe(true);
  }, 60_000);
});
