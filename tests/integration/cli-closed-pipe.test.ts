// `rashomon token | head -1` and the like: a reader that stops early closes the pipe under the command.
// What is left to print goes nowhere, and the command finishes quietly (no EPIPE, no stack trace).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_TIMEOUT, ROOT } from '../support/cli-process.ts';

const work = mkdtempSync(join(tmpdir(), 'rashomon-pipe-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs `rashomon ARGS` with stdout on a pipe whose reading end is closed before the command prints. */
function intoClosedPipe(...args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['bin/rashomon.mjs', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stderr })));
}

describe('a command printing into a pipe its reader closed', () => {
  it(
    'token, token --room and --help exit 0 without an EPIPE',
    async () => {
      const data = join(work, 'data');
      for (const args of [['token', '--data', data], ['token', '--room', 'r1', '--data', data], ['--help']]) {
        const { code, stderr } = await intoClosedPipe(...args);
        expect(stderr, args.join(' ')).not.toMatch(/EPIPE|Error|^\s+at /m);
        expect(code, args.join(' ')).toBe(0);
      }
    },
    CLI_TIMEOUT,
  );
});
