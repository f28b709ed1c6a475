// Settings' Check context through the worker host (comlink, as the page calls it) against real HTTP
// servers on 127.0.0.1: what is in use and why, the person's setting over what the server says, the
// warning with the fix when Ollama runs a model with less context than it was trained for, and how
// each kind of server keeps prompts, with the setting that helps (L9).
import { afterEach, describe, expect, it } from 'vitest';
import type { BackendProfile } from '../../src/workers/api.ts';
import { startHost, type HostHarness } from '../support/host-harness.ts';
import {
  startOpenAIServer,
  type OpenAIServer,
  type OpenAIServerOptions,
  type Routes,
} from '../support/openai-server.ts';
import {
  koboldCppRoutes,
  llamaCppRoutes,
  lmStudioRoutes,
  ollamaRoutes,
  openRouterRoutes,
  vllmModelEntry,
} from '../support/server-kinds.ts';

describe('modelLimits: a backend profile’s context as Settings shows it', () => {
  let server: OpenAIServer | undefined;
  let host: HostHarness | undefined;
  afterEach(async () => {
    await host?.close();
    await server?.close();
    [host, server] = [undefined, undefined];
  });

  async function setup(routes: Routes, model: string, extra: Partial<OpenAIServerOptions> = {}) {
    server = await startOpenAIServer({ answer: () => 'unused', routes, ...extra });
    host = await startHost(server);
    const profile: BackendProfile = {
      id: 'p',
      label: '',
      kind: 'openai',
      baseURL: server.baseURL,
      apiKey: '',
      model,
    };
    return { api: host.api, profile };
  }

  it('warns when Ollama runs the model with less than it was trained for, with the fix', async () => {
    const routes = ollamaRoutes({ name: 'llama3.2', trained: 131072, loaded: { contextLength: 4096 } });
    const { api, profile } = await setup(routes, 'llama3.2');
    const report = await api.modelLimits(profile);
    expect(report).toMatchObject({
      contextTokens: 4096,
      source: 'server',
      detected: 4096,
      trainedTokens: 131072,
      detail: 'Ollama runs "llama3.2" with 4096 tokens of context (trained for 131072).',
    });
    expect(report.warning).toMatch(/silently dropped/);
    expect(report.warning).toContain('OLLAMA_CONTEXT_LENGTH=8192 ollama serve');
    expect(report.warning).toContain('PARAMETER num_ctx 8192');
  });

  it("puts the person's setting over what the server says, still telling (and warning of) the server's", async () => {
    const routes = ollamaRoutes({ name: 'llama3.2', trained: 131072, loaded: { contextLength: 4096 } });
    const { api, profile } = await setup(routes, 'llama3.2');
    const report = await api.modelLimits({ ...profile, contextTokens: 16384 });
    expect(report).toMatchObject({ contextTokens: 16384, source: 'setting', detected: 4096 });
    expect(report.warning).toContain('OLLAMA_CONTEXT_LENGTH');
  });

  it('gives no warning when Ollama runs the whole trained context, and says what an unloaded model waits for', async () => {
    const full = await setup(
      ollamaRoutes({ name: 'tiny', trained: 2048, parameters: 'num_ctx 2048' }),
      'tiny',
    );
    expect(await full.api.modelLimits(full.profile)).not.toHaveProperty('warning');
    await host?.close();
    await server?.close();
    const id = 'meta-llama-3.1-8b-instruct';
    const lm = await setup(lmStudioRoutes({ id, max: 131072 }), id);
    expect(await lm.api.modelLimits(lm.profile)).toEqual({
      contextTokens: null,
      detected: null,
      trainedTokens: 131072,
      detail: `LM Studio tells the context once it has loaded "${id}" (trained for 131072 tokens). Check again after a turn.`,
      promptKeeping:
        "LM Studio can keep a prompt per request it runs at once: load the model with Max Concurrent Predictions (advanced load settings) at the story's participants + 1.",
    });
  });

  it('says when nothing tells the context, for a server and for an in-browser model', async () => {
    const { api, profile } = await setup({}, 'test-model');
    expect(await api.modelLimits(profile)).toEqual({
      contextTokens: null,
      detected: null,
      detail: 'The server does not say the context of "test-model". Set it here if you know it.',
    });
    const webllm: BackendProfile = {
      id: 'w',
      label: '',
      kind: 'webllm',
      model: 'Llama-3.2-1B-Instruct-q4f32_1-MLC',
    };
    expect(await api.modelLimits({ ...webllm, contextTokens: 2048 })).toEqual({
      contextTokens: 2048,
      source: 'setting',
      detected: null,
      detail: "This model's record gives no context length.",
    });
  });

  it('[L9] says how each kind of server keeps prompts, and the setting that helps where it keeps one', async () => {
    /** Check context against a server with these routes, closed after. */
    const check = async (
      routes: Routes,
      model = 'test-model',
      extra: Partial<OpenAIServerOptions> = {},
      path = '/v1',
    ) => {
      const { api, profile } = await setup(routes, model, extra);
      const report = await api.modelLimits({ ...profile, baseURL: profile.baseURL.replace(/\/v1$/, path) });
      await host?.close();
      await server?.close();
      [host, server] = [undefined, undefined];
      return report;
    };
    expect((await check(llamaCppRoutes(8192))).promptKeeping).toBe(
      "llama-server keeps one prompt per slot: start it with -np N --kv-unified (N = the story's participants + 1) so each participant keeps theirs (recent builds also keep prompts in RAM: --cache-ram).",
    );
    expect((await check(llamaCppRoutes(8192, 4))).promptKeeping).toBe(
      "Each participant's requests go to a slot of their own (4 slots).",
    );
    const ollama = ollamaRoutes({ name: 'llama3.2', trained: 8192, loaded: { contextLength: 8192 } });
    expect((await check(ollama, 'llama3.2')).promptKeeping).toBe(
      'Ollama keeps one prompt per model unless started with OLLAMA_NUM_PARALLEL=N.',
    );
    expect((await check(koboldCppRoutes(8192))).promptKeeping).toBe(
      'KoboldCpp keeps one prompt: every change of point of view reads the window again.',
    );
    const vllm = await check({}, 'qwen', { modelEntries: [vllmModelEntry('qwen', 32768)] });
    expect(vllm.promptKeeping).toBe('vLLM keeps prompts by itself (prefix caching).');
    // OpenRouter keeps prompts as each provider does; a server that says nothing of itself gets nothing.
    const routed = 'meta-llama/llama-3.1-8b-instruct';
    const openRouter = await check(openRouterRoutes(routed, 131072), routed, {}, '/api/v1');
    expect(openRouter.detail).toContain('OpenRouter runs');
    expect(openRouter).not.toHaveProperty('promptKeeping');
    expect(await check({})).not.toHaveProperty('promptKeeping');
  });
});
