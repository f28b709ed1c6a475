// Shutdown within its deadline. `rashomon serve` as a real child process, stopped with SIGTERM in the
// middle of a flood of small updates: it exits in time and everything a client received is on disk.
// And a server whose disk is too slow to drain in time stops at the deadline, saying room by room how
// many received updates it did not store.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LeveldbPersistence } from 'y-leveldb';
import { afterAll, describe, expect, it } from 'vitest';
import { SHUTDOWN_DEADLINE_MS } from '../../sync-server/limits.ts';
import { LeveldbRoomStore } from '../../sync-server/room-store.ts';
import { startSyncServer } from '../../sync-server/server.ts';
import { waitFor } from '../support/sync-clients.ts';
import { flood, holdsAll, recorder, roomSocketUrl, smallUpdates } from '../support/sync-raw-peers.ts';
import { spawnServer, type ServerProcess } from '../support/sync-server-process.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** A process exits a moment after its last log line: leave it this much past the deadline (a loaded machine). */
const EXIT_MARGIN_MS = 3000;
const work = mkdtempSync(join(tmpdir(), 'rashomon-sync-shutdown-'));
const running: ServerProcess[] = [];
const stops: Array<() => void> = [];
afterAll(async () => {
  for (const stop of stops) stop();
  await Promise.all(running.map((server) => server.stop('SIGKILL')));
  rmSync(work, { recursive: true, force: true });
});

describe('rashomon serve: shutdown under a flood', () => {
  it('[S8][S22] SIGTERM during a flood of 2 × 50,000 updates exits within the deadline, nothing received lost', async () => {
    const dataDir = join(work, 'flooded');
    const ownerToken = execFileSync(process.execPath, ['bin/rashomon.mjs', 'token', '--data', dataDir], {
      cwd: ROOT,
    })
      .toString()
      .trim();
    const server = await spawnServer(dataDir, ownerToken);
    running.push(server);
    const url = roomSocketUrl(server.url, 'flooded', ownerToken);
    const watcher = recorder(url);
    stops.push(watcher.stop);
    const flooders = [flood(url, smallUpdates(50_000)), flood(url, smallUpdates(50_000))];
    for (const flooder of flooders) stops.push(flooder.stop);
    await Promise.all(flooders.map((flooder) => flooder.sent));
    await waitFor(() => watcher.doc.getText('t').length > 1000, 'the flood to be stored and relayed');
    const began = Date.now();
    const code = await server.stop('SIGTERM');
    const took = Date.now() - began;
    watcher.stop();
    console.log(`[S8] SIGTERM during a flood: exited ${code} after ${took} ms`);
    console.log(
      server
        .output()
        .split('\n')
        .filter((line) => /not stored|stopped in|unloaded/.test(line))
        .join('\n'),
    );
    expect(code).toBe(0);
    expect(took).toBeLessThan(SHUTDOWN_DEADLINE_MS + EXIT_MARGIN_MS);
    expect(server.output()).toMatch(/stopped in \d+ ms/);
    const db = new LeveldbPersistence(join(dataDir, 'leveldb'));
    try {
      expect(holdsAll((await db.getYDoc('flooded'))!, watcher.doc)).toBe(true);
    } finally {
      await db.destroy();
    }
  }, 40_000);
});

describe('sync server: a shutdown past its deadline', () => {
  it('[S22] stops at the deadline and logs, room by room, the received updates it did not store', async () => {
    const logs: string[] = [];
    const SHUTDOWN_MS = 1000;
    const WRITE_MS = 200;
    const server = await startSyncServer(
      {
        host: '127.0.0.1',
        port: 0,
        dataDir: join(work, 'slow-disk'),
        staticRoot: null,
        // Batches of one message each, so the queue drains one slow write at a time.
        limits: { shutdownMs: SHUTDOWN_MS, maxBatchBytes: 1 },
      },
      (line) => logs.push(line),
      {
        openStore: async (dir) => {
          const real = await LeveldbRoomStore.open(dir);
          return {
            load: (room) => real.load(room),
            compact: (room) => real.compact(room),
            close: () => real.close(),
            append: async (room, update) => {
              await new Promise((resolve) => setTimeout(resolve, WRITE_MS));
              await real.append(room, update);
            },
          };
        },
      },
    );
    const url = roomSocketUrl(server.url, 'slow', server.data.secrets.ownerToken);
    const watcher = recorder(url);
    stops.push(watcher.stop);
    const flooder = flood(url, smallUpdates(200));
    stops.push(flooder.stop);
    await flooder.sent;
    await waitFor(() => watcher.doc.getText('t').length > 0, 'a first update stored');
    const began = Date.now();
    const report = await server.close();
    const took = Date.now() - began;
    console.log(
      `[S22] a slow disk: close() took ${took} ms; ${logs.filter((l) => l.includes('not stored'))}`,
    );
    // The slow write in progress at the deadline is waited for; a loaded machine adds a little.
    expect(took).toBeLessThan(SHUTDOWN_MS + WRITE_MS + 600);
    expect(report.complete).toBe(false);
    expect(report.unstored).toHaveLength(1);
    expect(report.unstored[0]!.room).toBe('slow');
    expect(report.unstored[0]!.updates).toBeGreaterThan(0);
    expect(logs).toContain(
      `room "slow": ${report.unstored[0]!.updates} received updates not stored by the shutdown deadline (never relayed)`,
    );
  });
});
