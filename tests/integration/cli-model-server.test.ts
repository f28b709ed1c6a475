// `rashomon run` against a model server that answers 200 and still fails (issue 19): a body that is not
// JSON, and one that never ends past `--timeout`, each end the run with exit 1 and one line on stderr
// (no stack trace), after the retries, with the story written up to the last completed step (its
// turn stored, the views the background could not write missing).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_TRANSPORT_RETRIES } from '../../src/backends/openai/retry-policy.ts';
import { startOpenAIServer, type OpenAIServer, type ScriptReply } from '../support/openai-server.ts';
import { invalidJson, trickle } from '../support/misbehaving-replies.ts';
import { rashomon, runSceneArgs } from '../support/cli-process.ts';
import { answer, readStory } from '../support/cli-scene.ts';

const SCENE_FILE = fileURLToPath(new URL('../fixtures/cli/inn.scene.json', import.meta.url));
/** Five attempts with the real backoff (0.5 + 1 + 2 + 4 s), each up to a 1 s deadline. */
const TEST_TIMEOUT = 90_000;
/**
 * Steps 1 and 2 of the inn scene, one Send, take six requests (selector, the actor's view, actor, the
 * user's view; then the background's two views for the third audience).
 */
const FIRST_TWO_STEPS = 6;

/** Progress lines (`step N/M: …`) aside, the failure is one line and no stack trace. */
function failureLine(stderr: string): string {
  const lines = stderr.split('\n').filter((l) => l.trim() !== '' && !/^step \d+\/\d+: /.test(l));
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  return lines[0] as string;
}

/**
 * The first two steps with every view; step 3's turn (Lotte's, written by hand: its command asks
 * nothing) stored, with none of the views the background failed to write.
 */
function expectStepThreeWithoutViews(out: string): void {
  const { path } = readStory(out);
  expect(path.map((t) => t.origin)).toEqual(['authored', 'generated', 'authored']);
  for (const t of path.slice(0, 2))
    expect(Object.keys(t.pov).sort()).toEqual(t.audiences.filter((a) => a !== t.author).sort());
  expect(path[2]?.pov).toEqual({});
}

const work = mkdtempSync(join(tmpdir(), 'rashomon-cli-server-'));
const servers: OpenAIServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(work, { recursive: true, force: true });
});

/** A server that plays the first two steps, then answers every request with `bad`. */
async function failingAfterTwoSteps(bad: ScriptReply): Promise<OpenAIServer> {
  const s = await startOpenAIServer({ answer: (body, n) => (n <= FIRST_TWO_STEPS ? answer(body, n) : bad) });
  servers.push(s);
  return s;
}

describe.concurrent('[MS1][MS2] rashomon run and a misbehaving model server', () => {
  it(
    '[MS1][L8] a 200 whose body is not JSON: retried, then exit 1 in one line, the first two steps written',
    async () => {
      const s = await failingAfterTwoSteps(invalidJson);
      const out = join(work, 'invalid.json');
      const result = await rashomon(...runSceneArgs(SCENE_FILE, s.baseURL, out));
      expect(result.code).toBe(1);
      expect(failureLine(result.stderr)).toMatch(
        /^rashomon run: step 3 failed \(malformed\): The model server at .* sent an answer that could not be read .*Gave up after 5 attempts/,
      );
      // Each of step 3's requests was asked the bounded number of times.
      expect(s.requests.length - FIRST_TWO_STEPS).toBeGreaterThanOrEqual(MAX_TRANSPORT_RETRIES + 1);
      expectStepThreeWithoutViews(out);
    },
    TEST_TIMEOUT,
  );

  it(
    '[MS2][L8] an answer that trickles past --timeout 1: exit 1 in one line, the first two steps written',
    async () => {
      const s = await failingAfterTwoSteps(trickle(100));
      const out = join(work, 'trickle.json');
      const result = await rashomon(...runSceneArgs(SCENE_FILE, s.baseURL, out, '--timeout', '1'));
      expect(result.code).toBe(1);
      expect(failureLine(result.stderr)).toMatch(
        /^rashomon run: step 3 failed \(unreachable\): The model server at .* took longer than 1 s to answer/,
      );
      expectStepThreeWithoutViews(out);
    },
    TEST_TIMEOUT,
  );

  it(
    '[MS2] --timeout must be whole seconds within its bounds (exit 2, no model call)',
    async () => {
      const s = await failingAfterTwoSteps(invalidJson);
      for (const bad of ['0', '1.5', 'soon', '3601']) {
        const result = await rashomon(
          ...runSceneArgs(SCENE_FILE, s.baseURL, join(work, 'x.json'), '--timeout', bad),
        );
        expect(result.code).toBe(2);
        expect(result.stderr).toMatch(/--timeout must be a whole number of seconds from 1 to 3600/);
      }
      expect(s.requests).toHaveLength(0);
    },
    TEST_TIMEOUT,
  );
});
