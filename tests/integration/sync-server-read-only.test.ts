// A read-only data folder is told apart from one whose database another server holds (SV17), on the
// real server and real LevelDB. The folder is made read-only by a read-only bind mount (root can write
// through chmod), or by chmod when not root; a machine allowing neither fails those cases, saying so
// (never skipped).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storeOpenFailure } from '../../sync-server/room-store.ts';
import { startSyncServer, type SyncServer } from '../../sync-server/server.ts';

const work = mkdtempSync(join(tmpdir(), 'rashomon-read-only-'));
const undo: (() => void)[] = [];
afterAll(() => {
  for (const step of undo.reverse()) step();
  rmSync(work, { recursive: true, force: true });
});

const start = (dataDir: string) =>
  startSyncServer({ host: '127.0.0.1', port: 0, dataDir, staticRoot: null }, () => {});

/** Makes `dir` read-only for this process, if the machine lets it: true when it is. */
function makeReadOnly(dir: string): boolean {
  if (process.getuid?.() !== 0) {
    chmodSync(dir, 0o500);
    undo.push(() => chmodSync(dir, 0o700));
    return true;
  }
  if (spawnSync('mount', ['--bind', dir, dir]).status !== 0) return false;
  undo.push(() => spawnSync('umount', ['-l', dir]));
  return spawnSync('mount', ['-o', 'remount,bind,ro', dir]).status === 0;
}

/** A data folder used once (secrets and database made), then closed. */
async function usedFolder(name: string): Promise<string> {
  const dir = join(work, name);
  await (await start(dir)).close();
  return dir;
}

const CANNOT_MAKE_READ_ONLY =
  'this machine cannot make a folder read-only for the test: run it as a user other than root, or as root where `mount --bind` works';
const readOnlyHere = await (async () => {
  const dir = join(work, 'probe');
  await usedFolder('probe');
  return makeReadOnly(join(dir, 'leveldb'));
})();

describe('sync server: a data folder it cannot write, or that another server holds', () => {
  it('[SV17] a read-only data folder says it is not writable and what to do, not "in use by another process"', async () => {
    expect(readOnlyHere, CANNOT_MAKE_READ_ONLY).toBe(true);
    const dir = await usedFolder('read-only');
    expect(makeReadOnly(dir)).toBe(true);
    const failure = await start(dir).then(
      (server) => server.close().then(() => null),
      (e: Error) => e.message,
    );
    expect(failure).toMatch(
      /is not writable \(E(ROFS|ACCES).*\): make it writable .* or choose another folder with --data/,
    );
    expect(failure).not.toMatch(/in use/);
  });

  it('[SV17] a data folder another server holds says so, and what to do', async () => {
    const dir = join(work, 'held');
    const first: SyncServer = await start(dir);
    try {
      await expect(start(dir)).rejects.toThrow(
        /in use by another process .*: one server per data folder; stop the other server or choose another folder with --data/,
      );
    } finally {
      await first.close();
    }
  });

  it('[SV17] LevelDB’s own refusal of a read-only folder is not read as a lock', async () => {
    expect(readOnlyHere, CANNOT_MAKE_READ_ONLY).toBe(true);
    // Past the write probe (a LOCK file made read-only, say), LevelDB names the LOCK file: told apart by its words.
    const dir = await usedFolder('leveldb-words');
    const leveldb = join(dir, 'leveldb');
    expect(makeReadOnly(leveldb)).toBe(true);
    const level = createRequire(import.meta.url)('level') as (
      location: string,
      options: object,
      callback: (error: Error | null) => void,
    ) => { close(): Promise<void> };
    const error = await new Promise<Error | null>((resolve) => {
      const db = level(leveldb, {}, (e) => {
        if (!e) void db.close();
        resolve(e);
      });
    });
    expect(error?.message).toMatch(/LOCK/);
    expect(storeOpenFailure(error, leveldb).message).toMatch(/is not writable/);
  });

  it('[SV17] the two LevelDB errors, as LevelDB words them, each get their own line', () => {
    const dir = '/data/leveldb';
    const said = (message: string, code?: string) =>
      storeOpenFailure(Object.assign(new Error(message), code ? { code } : {}), dir).message;
    expect(said('IO error: /data/leveldb/LOCK: Read-only file system')).toMatch(/is not writable/);
    expect(said('IO error: /data/leveldb/LOCK: Permission denied')).toMatch(/is not writable/);
    expect(said("EACCES: permission denied, open '/data/leveldb/.write-probe-1'", 'EACCES')).toMatch(
      /is not writable/,
    );
    expect(said('IO error: lock /data/leveldb/LOCK: already held by process')).toMatch(
      /in use by another process/,
    );
    expect(said('IO error: lock /data/leveldb/LOCK: Resource temporarily unavailable')).toMatch(
      /in use by another process/,
    );
  });
});
