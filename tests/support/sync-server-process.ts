// `rashomon serve` as a child process (bin/rashomon.mjs through tsx) on 127.0.0.1 and port 0: waits for
// the "running at" line to learn the port; stops it with a signal and reports how it exited. It can run
// under a small open-files limit (prlimit), as a small service or container would.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 20_000;

export interface ServerProcess {
  url: string;
  ownerToken: string;
  output: () => string;
  /** Resolves with the exit code once the process ends by itself (or by `stop`). */
  exited: Promise<number | null>;
  /** Sends `signal` and resolves with the exit code (null when killed by the signal). */
  stop(signal: NodeJS.Signals): Promise<number | null>;
}

export function spawnServer(
  dataDir: string,
  ownerToken: string,
  { maxOpenFiles }: { maxOpenFiles?: number } = {},
): Promise<ServerProcess> {
  const serve = [process.execPath, 'bin/rashomon.mjs', 'serve', '--port', '0', '--data', dataDir];
  const [file, ...args] =
    maxOpenFiles === undefined ? serve : ['prlimit', `--nofile=${maxOpenFiles}`, ...serve];
  const child: ChildProcess = spawn(file!, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOST: '127.0.0.1' },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /running at (http:\/\/\S+\/)/.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({
        url,
        ownerToken,
        output: () => output,
        exited,
        stop(signal) {
          child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`the server exited (${code}) before starting:\n${output}`)));
  });
}
