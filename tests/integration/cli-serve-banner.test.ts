// `rashomon serve` from outside, as `npm start` runs it: playing alone on this computer prints the URL
// and no pairing link; on the network, the owner token reaches only a terminal, never a log.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_TIMEOUT, ROOT } from '../support/cli-process.ts';
import { startBanner } from '../../src/cli/start-banner.ts';

/**
 * Starts `rashomon serve` with stdout on a pipe (as a service's log), or on a terminal (a pty made by
 * `script`), reads its banner and whatever it wrote to stderr, stops it.
 */
function banner(
  args: string[],
  { terminal = false } = {},
): Promise<{ stdout: string; stderr: string; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rashomon-banner-'));
  const serve = ['bin/rashomon.mjs', 'serve', '--port', '0', '--data', dataDir, ...args];
  const child = terminal
    ? spawn('script', ['-qfec', [process.execPath, ...serve].join(' '), '/dev/null'], { cwd: ROOT })
    : spawn(process.execPath, serve, { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('Data folder:')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => resolve({ stdout, stderr, dataDir }));
  });
}

const ownerToken = (dataDir: string): string => readFileSync(join(dataDir, 'owner-token'), 'utf8').trim();

/** The token as it is, or inside a pairing link (base64url JSON, where it does not appear as it is). */
function revealsToken(text: string, token: string): boolean {
  const links = [...text.matchAll(/#pair=([A-Za-z0-9_-]+)/g)];
  return (
    text.includes(token) ||
    links.some(([, payload]) => Buffer.from(payload!, 'base64url').toString().includes(token))
  );
}

describe('the start banner', () => {
  it(
    '[S15] on this computer only: the URL, and no pairing link or owner token',
    async () => {
      const { stdout, stderr, dataDir } = await banner(['--host', '127.0.0.1']);
      expect(stdout).toMatch(/^Rashomon is running at http:\/\/127\.0\.0\.1:\d+\//);
      expect(stdout).not.toMatch(/pair|#/i);
      expect(stdout).toContain('--host 0.0.0.0');
      const token = ownerToken(dataDir);
      expect(token.length).toBeGreaterThan(10);
      expect(revealsToken(stdout + stderr, token)).toBe(false);
    },
    CLI_TIMEOUT,
  );

  it(
    '[S15] on the network, into a log: says to read the owner token with `rashomon token`, and does not print it',
    async () => {
      const { stdout, stderr, dataDir } = await banner(['--host', '0.0.0.0']);
      expect(stdout).toContain('`rashomon token` prints it');
      expect(revealsToken(stdout + stderr, ownerToken(dataDir))).toBe(false);
    },
    CLI_TIMEOUT,
  );

  it(
    '[S15] on the network, on a terminal: the pairing link, which carries the owner token',
    async () => {
      const { stdout, dataDir } = await banner(['--host', '0.0.0.0'], { terminal: true });
      expect(stdout).toContain('open this link on it');
      expect(revealsToken(stdout, ownerToken(dataDir))).toBe(true);
    },
    CLI_TIMEOUT,
  );

  it('[S15] startBanner on a terminal: the pairing link carries the owner token', () => {
    const shown = startBanner({
      host: '0.0.0.0',
      port: 8787,
      url: 'http://0.0.0.0:8787/',
      ownerToken: 'owner-secret',
      dataDir: '/data',
      terminal: true,
    });
    const payload = shown.pairing?.split('#').pop()?.split('=').pop() ?? '';
    expect(Buffer.from(payload, 'base64url').toString()).toContain('owner-secret');
    expect(shown.lines.some((line) => line.includes(shown.pairing ?? '?'))).toBe(true);
  });
});
