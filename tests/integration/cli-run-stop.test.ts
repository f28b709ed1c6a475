// `rashomon run` against a model server that takes a request and never answers: the request deadline
// ends it, not tried again, and Ctrl-C (or SIGTERM) writes the story as it stood after the last
// completed step. The real CLI as a child process against a real HTTP server on 127.0.0.1.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoryJson } from '../../src/driver/story-json/schema.ts';
import { kindOf } from '../support/driver-env.ts';
import {
  startOpenAIServer,
  type ChatBody,
  type OpenAIServer,
  type ScriptReply,
} from '../support/openai-server.ts';
import { CLI_TIMEOUT, rashomon, ROOT, runSceneArgs } from '../support/cli-process.ts';
import { answer } from '../support/cli-scene.ts';

const SCENE = fileURLToPath(new URL('../fixtures/cli/inn.scene.json', import.meta.url));
const STEPS = (JSON.parse(readFileSync(SCENE, 'utf8')) as { steps: unknown[] }).steps.length;
/** A server that never answers: it waits until the test closes it. */
const SILENT: ScriptReply = { raw: (_res, wait) => wait(10 * 60_000) };

const work = mkdtempSync(join(tmpdir(), 'rashomon-run-stop-'));
const servers: OpenAIServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(work, { recursive: true, force: true });
});

async function server(script: (body: ChatBody, n: number) => ScriptReply): Promise<OpenAIServer> {
  const s = await startOpenAIServer({ answer: script });
  servers.push(s);
  return s;
}

let outs = 0;
const outFile = () => join(work, `out-${++outs}.json`);
const turnIds = (file: string) =>
  (JSON.parse(readFileSync(file, 'utf8')) as StoryJson).turns.map((t) => t.id);

describe.concurrent('rashomon run against a silent server', () => {
  it(
    '[E10] a request that gets no answer ends at --timeout, not tried again (exit 1, the story written)',
    async () => {
      const asked: string[] = [];
      const s = await server((body) => {
        asked.push(kindOf(body as never));
        return SILENT;
      });
      const out = outFile();
      const r = await rashomon(...runSceneArgs(SCENE, s.baseURL, out, '--timeout', '2'));
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/step 2 failed \(unreachable\): .*took longer than 2 s to answer/);
      // Past its deadline the selector's request is not asked again: not five times of 2 s each, with
      // the backoff between them (and at the default 120 s, ten minutes).
      expect(asked.filter((k) => k === 'selector')).toEqual(['selector']);
      expect(turnIds(out)).toEqual(['step-1']);
    },
    CLI_TIMEOUT,
  );

  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(
      `[E10] ${signal} while a request hangs writes the story after the last completed step, says so in one line, exit ${code}`,
      async () => {
        // Steps 1–2 (the user's turn and the act after it, one Send) and step 3 (a turn written by
        // hand) complete; step 4's actor request (the second actor request) gets no answer.
        let actors = 0;
        let hanging = () => {};
        const hung = new Promise<void>((resolve) => (hanging = resolve));
        const s = await server((body, n) => {
          if (kindOf(body as never) === 'actor' && ++actors === 2) {
            hanging();
            return SILENT;
          }
          return answer(body, n);
        });
        const out = outFile();
        writeFileSync(out, 'not yet\n');
        const child = spawn(process.execPath, ['bin/rashomon.mjs', ...runSceneArgs(SCENE, s.baseURL, out)], {
          cwd: ROOT,
          env: { ...process.env, NO_COLOR: '1' },
        });
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        const exited = new Promise<number | null>((resolve) => {
          const timer = setTimeout(() => child.kill('SIGKILL'), CLI_TIMEOUT);
          child.on('exit', (c) => {
            clearTimeout(timer);
            resolve(c);
          });
        });
        await hung;
        child.kill(signal);
        const exit = await exited;
        expect(exit, stderr).toBe(code);
        const lines = stderr.trim().split('\n');
        expect(lines.at(-1)).toBe(
          `rashomon run: stopped (${signal}) after 3 of ${STEPS} steps; the story as it stood then is written to ${out}`,
        );
        expect(lines.filter((l) => l.startsWith('rashomon run: stopped'))).toHaveLength(1);
        expect(turnIds(out)).toEqual(['step-1', 'step-2', 'step-3']);
      },
      CLI_TIMEOUT,
    );
  }
});
