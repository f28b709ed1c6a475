// `rashomon serve` and `rashomon token` as real child processes: after a graceful SIGTERM and after a
// `kill -9`, a restarted server on the same data folder has everything it had relayed.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { roomToken } from '../../sync-server/tokens.ts';
import { syncClient, waitFor, type SyncClient } from '../support/sync-clients.ts';
import { spawnServer, type ServerProcess } from '../support/sync-server-process.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TEST_TIMEOUT = 30_000;
const work = mkdtempSync(join(tmpdir(), 'rashomon-sync-restart-'));
const running: ServerProcess[] = [];
const clients: SyncClient[] = [];
afterAll(async () => {
  for (const client of clients) client.destroy();
  await Promise.all(running.map((server) => server.stop('SIGKILL')));
  rmSync(work, { recursive: true, force: true });
});

/** Room R's token as the server computes it, from the data folder's room secret. */
function roomTokenOf(dataDir: string, room: string): string {
  return roomToken(Buffer.from(readFileSync(join(dataDir, 'room-secret'), 'utf8').trim(), 'base64url'), room);
}

function ownerToken(dataDir: string): string {
  return execFileSync(process.execPath, ['bin/rashomon.mjs', 'token', '--data', dataDir], { cwd: ROOT })
    .toString()
    .trim();
}

async function start(dataDir: string) {
  const server = await spawnServer(dataDir, ownerToken(dataDir));
  running.push(server);
  return server;
}

function client(server: ServerProcess, room: string) {
  const made = syncClient(server.url, room, server.ownerToken);
  clients.push(made);
  return made;
}

/** Writes `count` separate updates from one client; resolves when another client has seen them all. */
async function writeAndSeeRelayed(server: ServerProcess, room: string, count: number): Promise<string> {
  const writer = client(server, room);
  const observer = client(server, room);
  await Promise.all([writer.synced(), observer.synced()]);
  for (let i = 0; i < count; i++) writer.text.insert(writer.text.length, `[${i}]`);
  const expected = writer.text.toString();
  await waitFor(() => observer.text.toString() === expected, 'every update relayed');
  // Neither client may repair the server after the restart.
  writer.destroy();
  observer.destroy();
  return expected;
}

async function readBack(server: ServerProcess, room: string): Promise<string> {
  const reader = client(server, room);
  await reader.synced();
  return reader.text.toString();
}

describe('rashomon serve: restarts', () => {
  it(
    '[S8][S5][S15] keeps everything after SIGTERM (flushes and exits 0)',
    async () => {
      const dataDir = join(work, 'graceful');
      const first = await start(dataDir);
      const expected = await writeAndSeeRelayed(first, 'story', 50);
      expect(await first.stop('SIGTERM')).toBe(0);
      expect(first.output()).toContain('room "story" unloaded');
      // On this computer only, the banner offers no pairing link and never the owner token.
      expect(first.output()).not.toContain('#pair=');
      expect(first.output()).not.toContain(first.ownerToken);
      const second = await start(dataDir);
      expect(await readBack(second, 'story')).toBe(expected);
    },
    TEST_TIMEOUT,
  );

  it(
    '[S6][S5] keeps everything it relayed after kill -9',
    async () => {
      const dataDir = join(work, 'killed');
      const first = await start(dataDir);
      const expected = await writeAndSeeRelayed(first, 'story', 200);
      expect(await first.stop('SIGKILL')).toBe(null);
      const second = await start(dataDir);
      expect(await readBack(second, 'story')).toBe(expected);
    },
    TEST_TIMEOUT,
  );
});

describe('rashomon token', () => {
  it('[S16] prints the owner and room tokens, refuses a bad room name', { timeout: TEST_TIMEOUT }, () => {
    const dataDir = join(work, 'tokens');
    const owner = ownerToken(dataDir);
    expect(owner).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ownerToken(dataDir)).toBe(owner);
    expect(readFileSync(join(dataDir, 'owner-token'), 'utf8').trim()).toBe(owner);
    for (const file of ['owner-token', 'room-secret'])
      expect(statSync(join(dataDir, file)).mode & 0o777, file).toBe(0o600);
    const secret = Buffer.from(readFileSync(join(dataDir, 'room-secret'), 'utf8').trim(), 'base64url');
    const room = execFileSync(
      process.execPath,
      ['bin/rashomon.mjs', 'token', '--room', 'my-story', '--data', dataDir],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    expect(room.toString().split('\n')[0]).toBe(roomToken(secret, 'my-story'));
    const bad = spawnSync(
      process.execPath,
      ['bin/rashomon.mjs', 'token', '--room', 'no/slash', '--data', dataDir],
      {
        cwd: ROOT,
      },
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr.toString()).toContain('room name');
  });

  it(
    '[S16] prints a link that joins one story, for serve’s address or --url, and never for the library',
    { timeout: TEST_TIMEOUT },
    () => {
      const dataDir = join(work, 'room-links');
      // The room token, then a link that joins that story only, for serve's address (HOST, PORT) or --url.
      const { HOST: _host, PORT: _port, ...withoutServeAddress } = process.env;
      const roomCommand = (...extra: string[]) =>
        execFileSync(
          process.execPath,
          ['bin/rashomon.mjs', 'token', '--room', 'my-story', '--data', dataDir, ...extra],
          {
            cwd: ROOT,
            env: withoutServeAddress,
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        )
          .toString()
          .trim()
          .split('\n');
      const payload = (link: string | undefined) =>
        JSON.parse(Buffer.from(link!.split('#pair=')[1]!, 'base64url').toString('utf8'));
      const [token, link] = roomCommand();
      expect(token).toBe(roomTokenOf(dataDir, 'my-story'));
      expect(link).toMatch(/^http:\/\/127\.0\.0\.1:8787\/#pair=/);
      expect(payload(link)).toEqual({ server: 'http://127.0.0.1:8787', token, room: 'my-story' });
      const [, public_] = roomCommand('--url', 'https://rashomon.example.org/');
      expect(payload(public_)).toEqual({ server: 'https://rashomon.example.org', token, room: 'my-story' });
      const library = spawnSync(
        process.execPath,
        ['bin/rashomon.mjs', 'token', '--room', 'library', '--data', dataDir],
        { cwd: ROOT },
      );
      expect(library.status).toBe(2);
      expect(library.stderr.toString()).toContain('story list');
    },
  );
});
