// `rashomon serve` and `rashomon token` as child processes on a data folder they cannot use: a folder
// they may not write, a file where the folder should be, a damaged secret. Each says so in one line
// on stderr (which folder or file, what to do) and exits 2, with no stack trace.
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_TIMEOUT, rashomon, runProgram, type CliResult } from '../support/cli-process.ts';

const work = mkdtempSync(join(tmpdir(), 'rashomon-data-folder-'));
// The unprivileged user must reach the folders below, so that only their own permissions refuse it.
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** An unprivileged user: root writes through any permission bits, so the refusal is tested as nobody. */
const NOBODY_ID = 65534;
const NOBODY = [`--reuid=${NOBODY_ID}`, `--regid=${NOBODY_ID}`, '--clear-groups'];

/** `rashomon ARGS` as a user the permission bits apply to (this one, or nobody when this is root). */
function asUnprivileged(...args: string[]): Promise<CliResult> {
  if (process.getuid?.() !== 0) return rashomon(...args);
  return runProgram('setpriv', [...NOBODY, process.execPath, 'bin/rashomon.mjs', ...args]);
}

function expectOneLine(result: CliResult, ...parts: string[]): void {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  for (const part of parts) expect(lines[0]).toContain(part);
}

describe('a data folder that cannot be used', () => {
  it(
    '[S32] a folder it may not write: says so, not "no permission to listen"',
    async () => {
      const locked = join(work, 'locked');
      mkdirSync(locked);
      chmodSync(locked, 0o555);
      const dataDir = join(locked, 'data');
      const result = await asUnprivileged('serve', '--port', '0', '--data', dataDir);
      expectOneLine(
        result,
        `Can't write to the data folder ${dataDir}: permission denied. Choose another with --data or fix its permissions.`,
      );
      expect(result.stderr).not.toContain('listen');
    },
    CLI_TIMEOUT,
  );

  it(
    '[S32] a folder that became read-only after its first start: the same message',
    async () => {
      const dataDir = join(work, 'was-writable');
      expect((await rashomon('token', '--data', dataDir)).code).toBe(0);
      rmSync(join(dataDir, 'leveldb'), { recursive: true, force: true });
      if (process.getuid?.() === 0)
        for (const path of [dataDir, join(dataDir, 'owner-token'), join(dataDir, 'room-secret')])
          chownSync(path, NOBODY_ID, NOBODY_ID);
      chmodSync(dataDir, 0o500);
      expectOneLine(
        await asUnprivileged('serve', '--port', '0', '--data', dataDir),
        `Can't write to the data folder ${dataDir}: permission denied.`,
      );
    },
    CLI_TIMEOUT,
  );

  it(
    '[S32] a file where the folder should be',
    async () => {
      const file = join(work, 'a-file');
      writeFileSync(file, 'not a folder\n');
      for (const command of [
        ['serve', '--port', '0'],
        ['token', '--room', 'r1'],
      ])
        expectOneLine(
          await rashomon(...command, '--data', file),
          `The data folder ${file} is a file, not a folder`,
          '--data',
        );
    },
    CLI_TIMEOUT,
  );

  it(
    '[S32] a damaged owner token or room secret names the file and what deleting it costs',
    async () => {
      for (const [name, cost] of [
        ['owner-token', 'pair again'],
        ['room-secret', 'room tokens'],
      ] as const) {
        const dataDir = join(work, `damaged-${name}`);
        mkdirSync(dataDir);
        writeFileSync(join(dataDir, name), 'not 43 base64url characters\n');
        for (const command of [['serve', '--port', '0'], ['token']])
          expectOneLine(
            await rashomon(...command, '--data', dataDir),
            join(dataDir, name),
            'delete it',
            cost,
          );
      }
    },
    CLI_TIMEOUT,
  );
});
