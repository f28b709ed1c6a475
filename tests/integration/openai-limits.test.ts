// What the OpenAI-compatible backend learns of its model's limits from real HTTP servers on 127.0.0.1,
// one per server kind, each answering in that server's own JSON: the context it runs with, an exact
// token count where the server has one, gpt-tokenizer for OpenAI's models, and nothing (null) from a
// server that tells nothing, a dead one or a silent one.
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIChatModel } from '../../src/backends/openai/chat-model.ts';
import {
  detectServerContext,
  OLLAMA_SMALLEST_DEFAULT_CONTEXT,
} from '../../src/backends/openai/server-context.ts';
import { english } from '../../src/backends/wording.ts';
import { closedPort } from '../support/closed-port.ts';
import { startOpenAIServer, type OpenAIServer, type OpenAIServerOptions } from '../support/openai-server.ts';
import {
  koboldCppRoutes,
  llamaCppRoutes,
  lmStudioRoutes,
  ollamaRoutes,
  openRouterRoutes,
  vllmModelEntry,
} from '../support/server-kinds.ts';

/** Short, so that the silent-server case takes a moment, not PROBE_TIMEOUT_MS. */
const TEST_PROBE_TIMEOUT_MS = 300;

describe('OpenAI backend limits, per server kind', () => {
  let server: OpenAIServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** A server with the given routes and a model on it that records every URL it fetches. */
  async function setup(options: Partial<OpenAIServerOptions>, model = 'test-model', path = '/v1') {
    server = await startOpenAIServer({ answer: () => 'unused', ...options });
    const fetched: string[] = [];
    const baseURL = server.baseURL.replace(/\/v1$/, path);
    const chatModel = createOpenAIChatModel({
      baseURL,
      model,
      wording: english,
      probeTimeoutMs: TEST_PROBE_TIMEOUT_MS,
      fetch: (input, init) => {
        fetched.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
        return fetch(input, init);
      },
    });
    return { model: chatModel, fetched, baseURL };
  }

  it('llama.cpp: n_ctx from /props, and an exact count from /tokenize', async () => {
    const { model, fetched } = await setup({ routes: llamaCppRoutes(8192) });
    const limits = await model.limits!();
    expect(limits).toMatchObject({ contextTokens: 8192, source: 'server' });
    expect(await limits.countTokens!('Ann waves at Bo')).toBe(4);
    expect(fetched).toContain('POST /tokenize');
  });

  it('KoboldCpp: true_max_context_length, and an exact count from tokencount', async () => {
    // KoboldCpp answers some llama.cpp routes too: its own answer is the one that counts.
    const { model, fetched } = await setup({ routes: { ...llamaCppRoutes(512), ...koboldCppRoutes(12288) } });
    const limits = await model.limits!();
    expect(limits).toMatchObject({ contextTokens: 12288, source: 'server' });
    expect(await limits.countTokens!('Ann waves at Bo again')).toBe(5);
    expect(fetched).toContain('POST /api/extra/tokencount');
  });

  it('Ollama: the context the loaded model runs with (/api/ps), smaller than the trained one (/api/show)', async () => {
    const routes = ollamaRoutes({ name: 'llama3.2', trained: 131072, loaded: { contextLength: 4096 } });
    const { model, baseURL } = await setup({ routes }, 'llama3.2');
    const limits = await model.limits!();
    expect(limits).toEqual({ contextTokens: 4096, source: 'server' }); // Ollama counts no tokens for us
    expect(await detectServerContext({ baseURL, model: 'llama3.2' })).toEqual({
      server: 'ollama',
      contextTokens: 4096,
      trainedTokens: 131072,
      askAgain: false,
    });
  });

  it("Ollama: a Modelfile's num_ctx when the model is not loaded", async () => {
    const routes = ollamaRoutes({
      name: 'qwen3:8b',
      trained: 40960,
      parameters: 'num_ctx 16384\ntemperature 0.6',
    });
    const { model } = await setup({ routes }, 'qwen3:8b');
    expect(await model.limits!()).toMatchObject({ contextTokens: 16384 });
  });

  it('Ollama: its smallest default until the model is loaded, then what /api/ps says', async () => {
    const unloaded = ollamaRoutes({ name: 'llama3.2', trained: 131072 });
    const { model, fetched, baseURL } = await setup({ routes: unloaded }, 'llama3.2');
    expect(await model.limits!()).toMatchObject({ contextTokens: OLLAMA_SMALLEST_DEFAULT_CONTEXT });
    expect(await detectServerContext({ baseURL, model: 'llama3.2' })).toMatchObject({
      assumed: true,
      askAgain: true,
      trainedTokens: 131072,
    });
    Object.assign(
      unloaded,
      ollamaRoutes({ name: 'llama3.2', trained: 131072, loaded: { contextLength: 8192 } }),
    );
    expect(await model.limits!()).toMatchObject({ contextTokens: 8192 });
    expect(fetched.filter((f) => f === 'GET /api/ps')).toHaveLength(2);
  });

  it('LM Studio: loaded_context_length of the loaded model; nothing yet for one not loaded', async () => {
    const id = 'meta-llama-3.1-8b-instruct';
    const { model } = await setup({ routes: lmStudioRoutes({ id, max: 131072, loaded: 32768 }) }, id);
    expect(await model.limits!()).toMatchObject({ contextTokens: 32768, source: 'server' });
    await server?.close();
    const unloaded = await setup({ routes: lmStudioRoutes({ id, max: 131072 }) }, id);
    expect(await detectServerContext({ baseURL: unloaded.baseURL, model: id })).toEqual({
      server: 'lm-studio',
      contextTokens: null,
      trainedTokens: 131072,
      askAgain: true,
    });
  });

  it("vLLM: max_model_len on the model's entry in /v1/models", async () => {
    const id = 'Qwen/Qwen2.5-7B-Instruct';
    const entries = [vllmModelEntry('other/model', 4096), vllmModelEntry(id, 32768)];
    const { model } = await setup({ modelEntries: entries }, id);
    expect(await model.limits!()).toEqual({ contextTokens: 32768, source: 'server' });
  });

  it("OpenRouter: context_length on the model's entry in /api/v1/models", async () => {
    const id = 'meta-llama/llama-3.1-8b-instruct';
    const { model, fetched } = await setup({ routes: openRouterRoutes(id, 131072) }, id, '/api/v1');
    expect(await model.limits!()).toEqual({ contextTokens: 131072, source: 'server' });
    expect(fetched).toContain('GET /api/v1/models');
  });

  it('tells null from a server that says nothing, and asks it only once', async () => {
    const { model, fetched } = await setup({});
    expect(await model.limits!()).toEqual({ contextTokens: null });
    const asked = fetched.length;
    expect(asked).toBeGreaterThan(0);
    expect(await model.limits!()).toEqual({ contextTokens: null });
    expect(fetched).toHaveLength(asked);
  });

  it('tells null from a dead server without throwing, and asks again next time', async () => {
    const baseURL = `http://127.0.0.1:${await closedPort()}/v1`;
    let fetches = 0;
    const model = createOpenAIChatModel({
      baseURL,
      model: 'test-model',
      wording: english,
      fetch: (input, init) => {
        fetches++;
        return fetch(input, init);
      },
    });
    expect(await model.limits!()).toEqual({ contextTokens: null });
    const first = fetches;
    expect(await model.limits!()).toEqual({ contextTokens: null });
    expect(fetches).toBe(2 * first);
  });

  it('moves on from a probe that times out, within the bound', async () => {
    const id = 'Qwen/Qwen2.5-7B-Instruct';
    const { model } = await setup(
      { routes: { 'GET /props': () => 'stall' }, modelEntries: [vllmModelEntry(id, 32768)] },
      id,
    );
    const started = Date.now();
    expect(await model.limits!()).toMatchObject({ contextTokens: 32768 });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(TEST_PROBE_TIMEOUT_MS - 50);
    expect(waited).toBeLessThan(TEST_PROBE_TIMEOUT_MS + 1500);
  });

  it("counts OpenAI models' tokens with their own encoding (gpt-tokenizer), others not at all", async () => {
    const count = async (name: string) => {
      const { model } = await setup({}, name);
      const limits = await model.limits!();
      await server?.close();
      server = undefined;
      return limits.countTokens?.('你好，世界');
    };
    expect(await count('gpt-4o-mini')).toBe(3); // o200k_base
    expect(await count('openai/gpt-4.1')).toBe(3);
    expect(await count('o3-mini')).toBe(3);
    expect(await count('gpt-4-turbo')).toBe(6); // cl100k_base
    expect(await count('gpt-3.5-turbo')).toBe(6);
    expect(await count('llama3.2')).toBeUndefined();
  });
});
