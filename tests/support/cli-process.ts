// Runs the `rashomon` command (or any program) from the project root as a child process, for the
// end-to-end CLI tests: exit code and both output streams, never a throw.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** A CLI start costs ~1.5 s of CPU (tsx); a whole scene against a local server, a few seconds. */
export const CLI_TIMEOUT = 60_000;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runProgram(file: string, args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd: ROOT, timeout: CLI_TIMEOUT, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

export const rashomon = (...args: string[]): Promise<CliResult> =>
  runProgram(process.execPath, ['bin/rashomon.mjs', ...args]);

/** The arguments of `rashomon run SCENE` against a local OpenAI-protocol server, writing OUT. */
export const runSceneArgs = (scene: string, baseURL: string, out: string, ...extra: string[]): string[] => [
  'run',
  scene,
  '--base-url',
  baseURL,
  '--model',
  'test-model',
  '--api-key',
  'test',
  '--out',
  out,
  ...extra,
];
