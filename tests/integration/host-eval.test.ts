// "Evaluate this model" through the worker's DriverApi over comlink, against a local OpenAI-protocol
// server with the scripted eval model: the English scenes played with one backend profile, progress
// reaching the page's callback, one evaluation at a time, Stop answering with the scenes played whole,
// and an in-browser (WebLLM) profile played through its adapter against a scripted engine.
import * as Comlink from 'comlink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evalReportSchema } from '../../src/driver/eval/report.ts';
import type { EvalProgress } from '../../src/workers/api.ts';
import { evalAnswer } from '../support/eval-model.ts';
import { startHost, testSettings, type HostHarness } from '../support/host-harness.ts';
import { startOpenAIServer, type ChatBody, type OpenAIServer } from '../support/openai-server.ts';
import { randomUUID } from 'node:crypto';
import { evalSceneFiles, SHIPPED_SCENES_DIR } from '../../src/cli/eval-scenes.ts';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import type { DriverApi } from '../../src/workers/api.ts';
import { createWebllmChatModel } from '../../src/backends/webllm/chat-model.ts';
import { english } from '../../src/backends/wording.ts';
import { createDriverHost } from '../../src/workers/host/driver-host.ts';
import { createStoryStore } from '../../src/workers/store/story-store.ts';
import type { BackendProfile } from '../../src/backends/profile.ts';
import { memorySettings } from '../support/memory-settings.ts';
import { createScriptedWebllmEngine } from '../support/scripted-webllm-engine.ts';
import { testBackends } from '../support/host-harness.ts';

const SCENES_PER_LANGUAGE = 4;
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
    expect(report.scenes).toEqual({ total: SCENES_PER_LANGUAGE, played: SCENES_PER_LANGUAGE });
    expect(report.modes.isolation.L1).toMatchObject({ hits: 0 });
    expect(report.modes['shared-history'].L1.hits).toBeGreaterThan(0);
    expect(result.requests).toHaveLength(report.requests);
    expect(server.requests.length).toBe(report.requests);
    expect(seen.map((p) => p.scene)).toContain(SCENES_PER_LANGUAGE);
    expect(seen.every((p) => p.scenes === SCENES_PER_LANGUAGE)).toBe(true);
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
    expect(result.report.scenes).toEqual({ total: 2 * SCENES_PER_LANGUAGE, played: 1 });
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

describe('evaluate an in-browser (WebLLM) model through the worker', () => {
  it('[E3] plays the scenes through the WebLLM adapter, up to the engine boundary', async () => {
    const engine = createScriptedWebllmEngine((params, n) => answer(params as unknown as ChatBody, n));
    const profile: BackendProfile = { id: 'web', label: '', kind: 'webllm', model: 'Scripted-1B-MLC' };
    const host = createDriverHost({
      store: createStoryStore({ prefix: `test-${randomUUID()}` }),
      settings: memorySettings(),
      prompts: shippedPrompts(),
      evalScenes: async () => evalSceneFiles(SHIPPED_SCENES_DIR),
      backends: () =>
        testBackends((p) => {
          if (p.kind !== 'webllm') throw new Error('only the in-browser profile here');
          return createWebllmChatModel({ engine, model: p.model, wording: english });
        }),
      clock: Date.now,
      newId: randomUUID,
      timers: {
        setTimeout: (f, ms) => setTimeout(f, ms),
        clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
      },
    });
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(host, port1);
    const api = Comlink.wrap<DriverApi>(port2);
    try {
      const result = await api.evaluateModel(
        profile,
        ['zh'],
        Comlink.proxy(() => undefined),
      );
      if (!result.ok) throw new Error(result.detail);
      expect(result.report.model).toBe('Scripted-1B-MLC');
      expect(result.report.scenes).toEqual({ total: SCENES_PER_LANGUAGE, played: SCENES_PER_LANGUAGE });
      expect(result.report.failures).toEqual([]);
      expect(result.report.modes.isolation.L0.hits).toBe(0);
      expect(result.report.modes['shared-history'].L0.hits).toBeGreaterThan(0);
      // The judge's schema reaches the engine as WebLLM takes it: JSON as text.
      const judged = engine.calls.find((c) => c.params.messages[0]?.content.startsWith('你负责检查'));
      expect(judged?.params.response_format).toMatchObject({ type: 'json_object' });
    } finally {
      port1.close();
      port2.close();
    }
  });
});
