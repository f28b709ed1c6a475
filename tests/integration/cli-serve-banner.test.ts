// `rashomon serve` from outside, as `npm start` runs it: playing alone on this computer prints the URL
// and no pairing link; on the network, the owner token reaches only a terminal, never a log.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_TIMEOUT, ROOT } from '../support/cli-process.ts';
import { startBanner } from '../../src/cli/start-banner.ts';

/** Starts `rashomon serve` with stdout on a pipe (as a service's log), reads its banner, stops it. */
function banner(...args: string[]): Promise<{ stdout: string; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rashomon-banner-'));
  const child = spawn(
    process.execPath,
    ['bin/rashomon.mjs', 'serve', '--port', '0', '--data', dataDir, ...args],
    {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('Data folder:')) child.kill('SIGTERM');
    });
    child.on('error', reject);
    child.on('exit', () => resolve({ stdout, dataDir }));
  });
}

const ownerToken = (dataDir: string): string => readFileSync(join(dataDir, 'owner-token'), 'utf8').trim();

describe('the start banner', () => {
  it(
    'on this computer only: the URL, and no pairing link or owner token',
    async () => {
      const { stdout, dataDir } = await banner('--host', '127.0.0.1');
      expect(stdout).toMatch(/^Rashomon is running at http:\/\/127\.0\.0\.1:\d+\//);
      expect(stdout).not.toMatch(/pair|#/i);
      expect(stdout).toContain('--host 0.0.0.0');
      const token = ownerToken(dataDir);
      expect(token.length).toBeGreaterThan(10);
      expect(stdout).not.toContain(token);
    },
    CLI_TIMEOUT,
  );

  it(
    'on the network, into a log: says how to pair, without the owner token',
    async () => {
      const { stdout, dataDir } = await banner('--host', '0.0.0.0');
      expect(stdout).toContain('rashomon token');
      expect(stdout).not.toContain(ownerToken(dataDir));
    },
    CLI_TIMEOUT,
  );

  it('on the network, on a terminal: the pairing link carries the owner token', () => {
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
