// What the OpenAI-compatible backend tells a real server on 127.0.0.1 so that it keeps each
// participant's prompt (L9), read from the request bodies the server received: llama.cpp's
// `cache_prompt` and a slot per key (`id_slot`) when /props tells several, nothing extra for a server
// that keeps prompts by itself; and how many of the prompt's tokens the server says it took from a kept
// prompt, in each server's field, whole and streamed.
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../src/driver/model.ts';
import { createOpenAIChatModel } from '../../src/backends/openai/chat-model.ts';
import { english } from '../../src/backends/wording.ts';
import {
  startOpenAIServer,
  type AnswerScript,
  type OpenAIServer,
  type Routes,
} from '../support/openai-server.ts';
import { llamaCppRoutes, ollamaRoutes, openRouterRoutes } from '../support/server-kinds.ts';

const SYSTEM = 'Ann is at the inn.\n\nNow write what Ann does next.';
const SHARED = 'Ann is at the inn.'.length;

/** A request of the participant `key` (its system message marked as the driver marks it), or of nobody. */
function requestOf(key: string | undefined, extra: Partial<ChatRequest> = {}): ChatRequest {
  return {
    messages: [
      { role: 'system', content: SYSTEM, sharedUpTo: SHARED },
      { role: 'user', content: `Go on (${key ?? 'nobody'}).` },
    ],
    ...(key ? { cacheKey: `story-1:${key}` } : {}),
    ...extra,
  };
}

describe('[L9] what a server is told to keep', () => {
  let server: OpenAIServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function setup(routes: Routes, answer: AnswerScript = () => 'Ann nods.') {
    server = await startOpenAIServer({ answer, routes });
    // The default probe timeout: every route answers at once, and a busy machine must not lose /props.
    const model = createOpenAIChatModel({ baseURL: server.baseURL, model: 'test-model', wording: english });
    return { model, bodies: () => (server as OpenAIServer).requests.map((r) => r.body) };
  }

  it('[L9] llama.cpp with 4 slots: cache_prompt, a key keeps its slot, a new key takes the least recently used', async () => {
    const { model, bodies } = await setup(llamaCppRoutes(8192, 4));
    for (const key of ['A', 'B', 'A', 'C', 'D', 'E']) {
      expect(await model.complete(requestOf(key))).toMatchObject({ ok: true });
    }
    expect(await model.complete(requestOf(undefined))).toMatchObject({ ok: true });
    const sent = bodies();
    expect(sent.map((b) => b.cache_prompt)).toEqual(Array(7).fill(true));
    // E finds every slot taken: B's was used least recently.
    expect(sent.slice(0, 6).map((b) => b.id_slot)).toEqual([0, 1, 0, 2, 3, 1]);
    expect(sent[6]).not.toHaveProperty('id_slot');
    expect(sent[0]).not.toHaveProperty('prompt_cache_key');
    expect(sent[0]?.messages[0]?.content).toBe(SYSTEM);
  });

  it('[L9] llama.cpp: the selector borrows the slot with the shortest prompt once every slot is taken, and no participant moves', async () => {
    const { model, bodies } = await setup(llamaCppRoutes(8192, 2));
    const long = (key: string): ChatRequest => {
      const r = requestOf(key);
      return {
        ...r,
        messages: [{ ...r.messages[0]!, content: `${SYSTEM} ${'and more '.repeat(200)}` }, r.messages[1]!],
      };
    };
    expect(await model.complete(long('A'))).toMatchObject({ ok: true }); // slot 0, a long prompt
    expect(await model.complete(requestOf('B'))).toMatchObject({ ok: true }); // slot 1, a short one
    for (const r of [requestOf('~selector', { cacheGuest: true }), long('A'), requestOf('B')])
      expect(await model.complete(r)).toMatchObject({ ok: true });
    // The selector reads B's short prompt out of slot 1; A and B keep their slots after it.
    expect(bodies().map((b) => b.id_slot)).toEqual([0, 1, 1, 0, 1]);
  });

  it('[L9] llama.cpp: a new key takes an idle slot before one still answering, whatever was used longer ago', async () => {
    let finishA: (() => void) | undefined;
    const aAnswered = new Promise<void>((resolve) => (finishA = resolve));
    const arrived: string[] = [];
    const { model, bodies } = await setup(llamaCppRoutes(8192, 2), async (body) => {
      const said = String(body.messages.at(-1)?.content);
      arrived.push(said);
      if (said.includes('(A)')) await aAnswered;
      return 'Ann nods.';
    });
    const a = model.complete(requestOf('A')); // slot 0, still answering
    await expect.poll(() => arrived).toEqual(['Go on (A).']);
    expect(await model.complete(requestOf('B'))).toMatchObject({ ok: true }); // slot 1, done
    expect(await model.complete(requestOf('C'))).toMatchObject({ ok: true });
    finishA?.();
    expect(await a).toMatchObject({ ok: true });
    // Recorded as answered: B, C, then A.
    const slotOf = (key: string) =>
      bodies().find((b) => b.messages.at(-1)?.content === `Go on (${key}).`)?.id_slot;
    expect([slotOf('A'), slotOf('B'), slotOf('C')]).toEqual([0, 1, 1]);
  });

  it('[L9] llama.cpp with one slot: cache_prompt and no id_slot', async () => {
    const { model, bodies } = await setup(llamaCppRoutes(8192));
    await model.complete(requestOf('A'));
    await model.complete(requestOf('B', { stream: true, onToken: () => {} }));
    for (const body of bodies()) {
      expect(body.cache_prompt).toBe(true);
      expect(body).not.toHaveProperty('id_slot');
    }
  });

  it('[L9] a server that keeps prompts by itself (Ollama) is sent none of the fields, and plain text', async () => {
    const routes = ollamaRoutes({ name: 'test-model', trained: 8192, loaded: { contextLength: 8192 } });
    const { model, bodies } = await setup(routes);
    await model.complete(requestOf('A'));
    await model.complete(requestOf('A', { stream: true, onToken: () => {} }));
    expect(bodies()).toHaveLength(2);
    for (const body of bodies()) {
      expect(body).not.toHaveProperty('id_slot');
      expect(body).not.toHaveProperty('cache_prompt');
      expect(body).not.toHaveProperty('prompt_cache_key');
      expect(body.messages.map((m) => m.content)).toEqual([SYSTEM, 'Go on (A).']);
    }
  });

  it('[L9] OpenRouter (known by its model list) with an Anthropic model: the shared part is marked to be kept, the rest follows', async () => {
    const claude = 'anthropic/claude-sonnet-4';
    server = await startOpenAIServer({
      answer: () => 'Ann nods.',
      routes: openRouterRoutes(claude, 200_000),
    });
    const model = createOpenAIChatModel({
      baseURL: server.baseURL.replace(/\/v1$/, '/api/v1'),
      model: claude,
      wording: english,
    });
    expect(await model.complete(requestOf('A'))).toMatchObject({ ok: true });
    const [system, ask] = server.requests[0]?.body.messages ?? [];
    expect(system?.content).toEqual([
      { type: 'text', text: SYSTEM.slice(0, SHARED), cache_control: { type: 'ephemeral' } },
      { type: 'text', text: SYSTEM.slice(SHARED) },
    ]);
    expect(ask?.content).toBe('Go on (A).');
    expect(server.requests[0]?.body).not.toHaveProperty('id_slot');
  });
});

describe('[L9] the prompt tokens a server took from a kept prompt (usage.cachedTokens)', () => {
  let server: OpenAIServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const counts = { prompt_tokens: 900, completion_tokens: 20 };
  const replies = {
    'OpenAI, vLLM (prompt_tokens_details.cached_tokens)': {
      reply: { usage: { ...counts, prompt_tokens_details: { cached_tokens: 768, audio_tokens: 0 } } },
      cached: 768,
    },
    'DeepSeek (prompt_cache_hit_tokens)': {
      reply: { usage: { ...counts, prompt_cache_hit_tokens: 640, prompt_cache_miss_tokens: 260 } },
      cached: 640,
    },
    "llama.cpp (the answer's timings.cache_n)": {
      reply: {
        usage: counts,
        timings: { cache_n: 850, prompt_n: 50, prompt_ms: 40.5, predicted_n: 20, predicted_ms: 310.2 },
      },
      cached: 850,
    },
    'a server that says nothing of it': { reply: { usage: counts }, cached: undefined },
    'a server that sends a null for it': {
      reply: { usage: { ...counts, prompt_tokens_details: { cached_tokens: null } } },
      cached: undefined,
    },
  };

  for (const [name, { reply, cached }] of Object.entries(replies)) {
    it(`[L9] ${name}, whole and streamed`, async () => {
      server = await startOpenAIServer({ answer: () => ({ text: 'Ann nods.', ...reply }) });
      const model = createOpenAIChatModel({ baseURL: server.baseURL, model: 'test-model', wording: english });
      const usage = {
        promptTokens: 900,
        completionTokens: 20,
        ...(cached !== undefined ? { cachedTokens: cached } : {}),
      };
      const whole = await model.complete(requestOf('A'));
      expect(whole).toMatchObject({ ok: true, text: 'Ann nods.' });
      expect(whole.ok && whole.usage).toEqual(usage);
      const streamed = await model.complete(requestOf('A', { stream: true, onToken: () => {} }));
      expect(streamed).toMatchObject({ ok: true, text: 'Ann nods.' });
      expect(streamed.ok && streamed.usage).toEqual(usage);
      expect(server.requests[1]?.body.stream_options).toEqual({ include_usage: true });
    });
  }
});
