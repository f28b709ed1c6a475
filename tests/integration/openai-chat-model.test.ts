// The OpenAI-compatible backend against a real local HTTP server: the shared contract, then the
// failures users meet (rate limits, crashes, bad keys, wrong models, dead servers, cut streams).
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createOpenAIChatModel,
  listModels,
  type OpenAIChatModelOptions,
} from '../../src/backends/openai/chat-model.ts';
import {
  backoffDelay,
  MAX_RETRY_AFTER_MS,
  MAX_TRANSPORT_RETRIES,
} from '../../src/backends/openai/retry-policy.ts';
import { english } from '../../src/backends/wording.ts';
import { chatModelContract } from '../support/chat-model-contract.ts';
import {
  openAIError,
  startOpenAIServer,
  type AnswerScript,
  type OpenAIServer,
} from '../support/openai-server.ts';

chatModelContract(
  'OpenAI backend over HTTP',
  { structuredOutput: 'whole', usage: 'reported' },
  async (script) => {
    const server = await startOpenAIServer({
      answer: (body) => {
        const reply = script(body.messages as never);
        return {
          text: reply.text,
          ...(reply.stallMs ? { delayMs: reply.stallMs } : {}),
          ...(reply.finish ? { finish: reply.finish } : {}),
        };
      },
    });
    return {
      model: createOpenAIChatModel({ baseURL: server.baseURL, model: 'test-model', wording: english }),
      seen: () =>
        server.requests.map(({ body }) => ({
          messages: body.messages as never,
          stream: body.stream === true,
          ...(body.response_format ? { response_format: body.response_format } : {}),
          ...(body.temperature !== undefined ? { temperature: body.temperature } : {}),
        })),
      close: () => server.close(),
    };
  },
);

describe('OpenAI backend failures and retries', () => {
  const messages = [{ role: 'user' as const, content: 'Hello?' }];
  let server: OpenAIServer | undefined;
  let sleeps: number[] = [];
  afterEach(async () => {
    await server?.close();
    server = undefined;
    sleeps = [];
  });

  /** A server with the given script and a model whose backoff only records its delays. */
  async function setup(answer: AnswerScript, extra: Partial<OpenAIChatModelOptions> = {}) {
    server = await startOpenAIServer({ answer, models: ['test-model'] });
    const model = createOpenAIChatModel({
      baseURL: server.baseURL,
      model: 'test-model',
      wording: english,
      sleep: async (ms) => void sleeps.push(ms),
      ...extra,
    });
    return { model, server };
  }
  const statuses = () => server?.requests.map((request) => request.status);

  it('honours Retry-After in seconds after a 429, then answers', async () => {
    const { model } = await setup((_b, n) =>
      n === 1 ? openAIError(429, 'Slow down', { 'retry-after': '2' }) : 'hello',
    );
    expect(await model.complete({ messages })).toMatchObject({ ok: true, text: 'hello' });
    expect(sleeps).toEqual([2000]);
    expect(statuses()).toEqual([429, 200]);
  });

  it('honours retry-after-ms, an HTTP-date Retry-After, and caps a huge one', async () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    const headers: Array<Record<string, string>> = [
      { 'retry-after-ms': '150' },
      { 'retry-after': 'Tue, 01 Jan 2030 00:00:03 GMT' },
      { 'retry-after': '3600' },
    ];
    const { model } = await setup(
      (_b, n) => (n <= headers.length ? openAIError(429, 'Slow down', headers[n - 1]) : 'ok'),
      { clock: () => now },
    );
    expect(await model.complete({ messages })).toMatchObject({ ok: true, text: 'ok' });
    expect(sleeps).toEqual([150, 3000, MAX_RETRY_AFTER_MS]);
  });

  it('retries two 500s with exponential backoff, then answers', async () => {
    const { model } = await setup((_b, n) => (n <= 2 ? openAIError(500, 'Boom') : 'recovered'));
    expect(await model.complete({ messages })).toMatchObject({ ok: true, text: 'recovered' });
    expect(sleeps).toEqual([backoffDelay(1), backoffDelay(2)]);
    expect(sleeps).toEqual([500, 1000]);
    expect(statuses()).toEqual([500, 500, 200]);
  });

  it('gives up on a server that keeps failing after exactly the bounded attempts', async () => {
    const { model } = await setup(() => openAIError(503, 'Overloaded'));
    const result = await model.complete({ messages });
    expect(result).toMatchObject({ ok: false, code: 'server' });
    expect(server?.requests).toHaveLength(MAX_TRANSPORT_RETRIES + 1);
    expect(sleeps).toEqual([500, 1000, 2000, 4000]);
    expect(!result.ok && result.detail).toMatch(/Overloaded.*Gave up after 5 attempts/);
  });

  it('reports rate-limited when 429s outlast the retries (maxRetries respected)', async () => {
    const { model } = await setup(() => openAIError(429, 'Quota'), { maxRetries: 1 });
    expect(await model.complete({ messages })).toMatchObject({ ok: false, code: 'rate-limited' });
    expect(statuses()).toEqual([429, 429]);
  });

  it('maps 401 to unauthorized without retrying, and sends the API key', async () => {
    const { model } = await setup(() => openAIError(401, 'Incorrect API key'), { apiKey: 'sk-x' });
    const result = await model.complete({ messages });
    expect(result).toMatchObject({ ok: false, code: 'unauthorized' });
    expect(!result.ok && result.detail).toMatch(/API key/);
    expect(server?.requests).toHaveLength(1);
    expect(server?.requests[0]?.headers.authorization).toBe('Bearer sk-x');
  });

  it('maps an unknown model (404, or 400 naming it) to model-not-found', async () => {
    const { model } = await setup(() => 'unused', { model: 'no-such-model' });
    const result = await model.complete({ messages });
    expect(result).toMatchObject({ ok: false, code: 'model-not-found' });
    expect(!result.ok && result.detail).toMatch(/"no-such-model".*List the models/);
    expect(statuses()).toEqual([404]);

    const llama = await setup(() => openAIError(400, "model 'x' not found, try pulling it first"));
    expect(await llama.model.complete({ messages })).toMatchObject({ code: 'model-not-found' });
  });

  it('maps a closed port to unreachable, naming the URL, after retrying', async () => {
    const dead = await startOpenAIServer({ answer: () => 'unused' });
    await dead.close();
    const model = createOpenAIChatModel({
      baseURL: dead.baseURL,
      model: 'test-model',
      wording: english,
      sleep: async (ms) => void sleeps.push(ms),
    });
    const result = await model.complete({ messages });
    expect(result).toMatchObject({ ok: false, code: 'unreachable' });
    expect(!result.ok && result.detail).toContain(dead.baseURL);
    expect(!result.ok && result.detail).toMatch(/ECONNREFUSED.*Is the server running/);
    expect(sleeps).toHaveLength(MAX_TRANSPORT_RETRIES);
  });

  it('reports a stream cut by a dropped connection as malformed, without retrying', async () => {
    const text = 'The door creaks open and a cold wind blows in.';
    const { model } = await setup(() => ({ text, cut: { afterChunks: 3, how: 'reset' } }));
    const tokens: string[] = [];
    const result = await model.complete({
      messages,
      stream: true,
      onToken: (delta) => tokens.push(delta),
    });
    expect(result).toMatchObject({ ok: false, code: 'malformed' });
    expect(tokens.join('')).toBe(text.slice(0, 12));
    expect(server?.requests).toHaveLength(1);
  });

  it('reports a stream that ends before the model finished as malformed', async () => {
    const { model } = await setup(() => ({
      text: 'Half a sentence',
      cut: { afterChunks: 2, how: 'end' },
    }));
    const result = await model.complete({ messages, stream: true });
    expect(result).toMatchObject({ ok: false, code: 'malformed' });
    expect(!result.ok && result.detail).toMatch(/ended before the model finished/);
  });

  it('reports answers without choices or without text as malformed', async () => {
    const { model } = await setup((_b, n) =>
      n === 1
        ? { status: 200, body: { choices: [] } }
        : { status: 200, body: { choices: [{ message: { role: 'assistant', content: null } }] } },
    );
    expect(await model.complete({ messages })).toMatchObject({ code: 'malformed' });
    expect(await model.complete({ messages })).toMatchObject({ code: 'malformed' });
  });

  it('returns cancelled promptly when aborted during a backoff wait', async () => {
    const controller = new AbortController();
    const { model } = await setup(() => openAIError(503, 'Down'), {
      // A sleep that ignores the signal entirely: the model must still stop waiting.
      sleep: () => {
        setTimeout(() => controller.abort(), 20);
        return new Promise(() => {});
      },
    });
    const started = Date.now();
    const result = await model.complete({ messages, signal: controller.signal });
    expect(result).toMatchObject({ ok: false, code: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(server?.requests).toHaveLength(1);
  });

  it('cancels a real Retry-After wait without waiting it out', async () => {
    server = await startOpenAIServer({
      answer: () => openAIError(429, 'Later', { 'retry-after': '20' }),
    });
    const model = createOpenAIChatModel({ baseURL: server.baseURL, model: 'test-model', wording: english });
    const started = Date.now();
    const result = await model.complete({ messages, signal: AbortSignal.timeout(100) });
    expect(result).toMatchObject({ ok: false, code: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('passes sampling options through to the server', async () => {
    const { model } = await setup(() => 'ok');
    await model.complete({ messages, temperature: 0.2, top_p: 0.9, max_tokens: 64 });
    expect(server?.requests[0]?.body).toMatchObject({
      model: 'test-model',
      temperature: 0.2,
      top_p: 0.9,
      max_tokens: 64,
    });
  });

  it("reports the server's usage, whole and streamed (asking for it with stream_options)", async () => {
    const usage = { prompt_tokens: 812, completion_tokens: 47 };
    const { model } = await setup(() => ({ text: 'Ann nods.', usage }));
    expect(await model.complete({ messages })).toEqual({
      ok: true,
      text: 'Ann nods.',
      model: 'test-model',
      usage: { promptTokens: 812, completionTokens: 47 },
      finishReason: 'stop',
    });
    const streamed = await model.complete({ messages, stream: true, onToken: () => {} });
    expect(streamed).toMatchObject({ ok: true, usage: { promptTokens: 812, completionTokens: 47 } });
    expect(server?.requests[1]?.body.stream_options).toEqual({ include_usage: true });
  });

  it("leaves no listener on a long command's signal however many requests it makes", async () => {
    const { model } = await setup(() => 'ok');
    const command = new AbortController();
    for (let i = 0; i < 15; i++) {
      expect(await model.complete({ messages, signal: command.signal, stream: i % 2 === 0 })).toMatchObject({
        ok: true,
      });
    }
    expect(getEventListeners(command.signal, 'abort')).toHaveLength(0);
  });

  it('answers without usage when the server reports none or a count that is not one', async () => {
    const { model } = await setup((_b, n) =>
      n === 1 ? { text: 'quiet', usage: null } : { text: 'zero', usage: { prompt_tokens: 0 } },
    );
    const ignored = await model.complete({ messages, stream: true });
    expect(ignored).toEqual({ ok: true, text: 'quiet', model: 'test-model', finishReason: 'stop' });
    expect(await model.complete({ messages })).toEqual({
      ok: true,
      text: 'zero',
      model: 'test-model',
      finishReason: 'stop',
    });
  });

  it('lists the models a server offers, and explains a dead one', async () => {
    server = await startOpenAIServer({ answer: () => 'unused', models: ['llama-3', 'qwen-2'] });
    expect(await listModels({ baseURL: server.baseURL, wording: english })).toEqual({
      ok: true,
      models: ['llama-3', 'qwen-2'],
    });
    const baseURL = server.baseURL;
    await server.close();
    server = undefined;
    expect(await listModels({ baseURL, wording: english })).toMatchObject({ ok: false, code: 'unreachable' });
  });
});
