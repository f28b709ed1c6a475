// `rashomon run --context N`: a positive whole number of tokens, else a usage error (exit 2, nothing
// run); the run's model then tells N as its context (source 'setting') with the server's exact count,
// and without the flag what the server says.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sceneModel } from '../../src/cli/run-command.ts';
import { rashomon, runSceneArgs } from '../support/cli-process.ts';
import { answer } from '../support/cli-scene.ts';
import { startOpenAIServer, type OpenAIServer } from '../support/openai-server.ts';
import { llamaCppRoutes } from '../support/server-kinds.ts';

const SCENE_FILE = fileURLToPath(new URL('../fixtures/cli/inn.scene.json', import.meta.url));
const TEST_TIMEOUT = 90_000;

const work = mkdtempSync(join(tmpdir(), 'rashomon-cli-context-'));
const servers: OpenAIServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(work, { recursive: true, force: true });
});

async function llamaServer(): Promise<OpenAIServer> {
  const s = await startOpenAIServer({ answer, routes: llamaCppRoutes(4096) });
  servers.push(s);
  return s;
}

describe('rashomon run --context', () => {
  it(
    'refuses a context that is not a whole number of tokens from 1, and plays with one that is',
    async () => {
      const s = await llamaServer();
      const bad = ['0', '-5', '12.5', 'lots', '1e4'];
      const [played, ...refused] = await Promise.all([
        rashomon(...runSceneArgs(SCENE_FILE, s.baseURL, join(work, 'played.json'), '--context', '8192')),
        ...bad.map((value) =>
          rashomon(
            ...runSceneArgs(SCENE_FILE, s.baseURL, join(work, `bad-${value}.json`), `--context=${value}`),
          ),
        ),
      ]);
      expect(played?.code, played?.stderr).toBe(0);
      for (const [i, result] of refused.entries()) {
        expect(result.code, `--context ${bad[i]}: ${result.stderr}`).toBe(2);
        expect(result.stderr).toMatch(
          /^rashomon: --context must be a whole number of tokens, at least 1\nUsage:/,
        );
        expect(result.stderr).not.toMatch(/^\s+at /m);
        expect(existsSync(join(work, `bad-${bad[i]}.json`))).toBe(false);
      }
    },
    TEST_TIMEOUT,
  );

  it("tells --context as the model's context with the server's exact count; without it, what the server says", async () => {
    const s = await llamaServer();
    const set = await sceneModel({ baseURL: s.baseURL, model: 'test-model', contextTokens: 8192 }).limits!();
    expect(set).toMatchObject({ contextTokens: 8192, source: 'setting' });
    expect(await set.countTokens!('Ines pours the wine')).toBe(4);
    const told = await sceneModel({ baseURL: s.baseURL, model: 'test-model' }).limits!();
    expect(told).toMatchObject({ contextTokens: 4096, source: 'server' });
  });
});
