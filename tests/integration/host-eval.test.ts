// "Evaluate this model" through the worker's DriverApi over comlink, against a local OpenAI-protocol
// server with the scripted eval model: the English scenes played with one backend profile, progress
// reaching the page's callback, one evaluation at a time, and Stop answering with the scenes played whole.
import * as Comlink from 'comlink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evalReportSchema } from '../../src/driver/eval/report.ts';
import type { EvalProgress } from '../../src/workers/api.ts';
import { evalAnswer } from '../support/eval-model.ts';
import { startHost, testSettings, type HostHarness } from '../support/host-harness.ts';
import { startOpenAIServer, type OpenAIServer } from '../support/openai-server.ts';

const ENGLISH_SCENES = 4;
let server: OpenAIServer;
let slow: OpenAIServer;
let host: HostHarness;
const answer = evalAnswer({ leaky: false });

beforeAll(async () => {
  server = await startOpenAIServer({ answer });
  slow = await startOpenAIServer({ answer: (body, n) => ({ text: answer(body, n), delayMs: 20 }) });
  host = await startHost(server);
});
afterAll(async () => {
  await host.close();
  await Promise.all([server.close(), slow.close()]);
});

const profileOf = (s: OpenAIServer) => {
  const profile = testSettings(s).profiles[0];
  if (!profile) throw new Error('the harness settings have a profile');
  return profile;
};

describe('evaluate a model through the worker', () => {
  it('[E3][E7] plays the chosen language’s scenes with the profile, telling progress, and answers the report with every request', async () => {
    const seen: EvalProgress[] = [];
    const result = await host.api.evaluateModel(
      profileOf(server),
      ['en'],
      Comlink.proxy((p: EvalProgress) => void seen.push(p)),
    );
    if (!result.ok) throw new Error(result.detail);
    const report = evalReportSchema.parse(result.report);
    expect(report.scenes).toEqual({ total: ENGLISH_SCENES, played: ENGLISH_SCENES });
    expect(report.modes.isolation.L1).toMatchObject({ hits: 0 });
    expect(report.modes['shared-history'].L1.hits).toBeGreaterThan(0);
    expect(result.requests).toHaveLength(report.requests);
    expect(server.requests.length).toBe(report.requests);
    expect(seen.map((p) => p.scene)).toContain(ENGLISH_SCENES);
    expect(seen.every((p) => p.scenes === ENGLISH_SCENES)).toBe(true);
  });

  it('[E7] runs one evaluation at a time, and Stop answers with the scenes played whole', async () => {
    let stopped = false;
    const running = host.api.evaluateModel(
      profileOf(slow),
      ['en', 'zh'],
      Comlink.proxy((p: EvalProgress) => {
        if (p.scene === 2 && !stopped) {
          stopped = true;
          void host.api.stopEvaluation();
        }
      }),
    );
    const second = await host.api.evaluateModel(
      profileOf(server),
      ['en'],
      Comlink.proxy(() => undefined),
    );
    expect(second).toMatchObject({ ok: false, code: 'busy' });
    const result = await running;
    if (!result.ok) throw new Error(result.detail);
    expect(result.report.stopped).toBe(true);
    expect(result.report.scenes).toEqual({ total: 2 * ENGLISH_SCENES, played: 1 });
  });

  it('refuses a profile with no model, saying what to do', async () => {
    const result = await host.api.evaluateModel(
      { ...profileOf(server), model: '' },
      ['en'],
      Comlink.proxy(() => undefined),
    );
    expect(result).toMatchObject({
      ok: false,
      code: 'no-backend',
      detail: expect.stringMatching(/Choose a model/),
    });
  });
});
