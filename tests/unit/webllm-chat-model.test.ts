// The WebLLM adapter against a scripted engine: the shared contract, then the json_schema →
// json_object adapter, streaming, one request at a time per engine (FIFO), cancel (running and
// queued), error mapping, thinking.
import { describe, expect, it } from 'vitest';
import type { ChatMessage, JsonSchemaFormat } from '../../src/driver/model.ts';
import { createWebllmChatModel } from '../../src/backends/webllm/chat-model.ts';
import { createThinkingFilter, stripThinking } from '../../src/backends/webllm/think-filter.ts';
import { english } from '../../src/backends/wording.ts';
import { chatModelContract } from '../support/chat-model-contract.ts';
import { createScriptedWebllmEngine, webllmError } from '../support/scripted-webllm-engine.ts';

const MODEL = 'Llama-3.2-1B-Instruct-q4f32_1-MLC';
const messages: ChatMessage[] = [
  { role: 'system', content: 'You are Ann.' },
  { role: 'user', content: 'Bo waves.' },
];

function deferred() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Lets queued promise callbacks and a few timer turns run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

chatModelContract(
  'WebLLM backend over the scripted engine',
  { structuredOutput: 'schema-only', usage: 'reported' },
  async (script) => {
    const stalls = new Set<NodeJS.Timeout>();
    const engine = createScriptedWebllmEngine((params) => {
      const reply = script(params.messages);
      if (!reply.stallMs)
        return reply.finish === 'length' ? { text: reply.text, finish: 'length' } : reply.text;
      // A stalled prefill: the engine cannot be interrupted there, so only the adapter can answer promptly.
      const gate = new Promise<void>((resolve) => stalls.add(setTimeout(resolve, reply.stallMs)));
      return { text: reply.text, gate };
    });
    return {
      model: createWebllmChatModel({ engine, model: MODEL, wording: english }),
      seen: () =>
        engine.calls.map(({ params }) => ({
          messages: params.messages,
          stream: params.stream === true,
          ...(params.response_format
            ? {
                response_format: {
                  type: 'json_schema',
                  json_schema: { schema: JSON.parse(params.response_format.schema) },
                },
              }
            : {}),
          ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
        })),
      close: async () => stalls.forEach(clearTimeout),
    };
  },
);

describe('WebLLM chat model: requests and answers', () => {
  it('sends a json_schema response format to the engine as json_object with the schema as a string', async () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string', enum: ['Ann', 'Bo'] } },
      required: ['name'],
      additionalProperties: false,
    };
    const format: JsonSchemaFormat = {
      type: 'json_schema',
      json_schema: { name: 'next_actor', schema, strict: true },
    };
    const engine = createScriptedWebllmEngine(() => '{"name":"Bo"}');
    const model = createWebllmChatModel({ engine, model: MODEL, wording: english });
    const result = await model.complete({ messages, response_format: format });
    expect(result).toMatchObject({ ok: true, text: '{"name":"Bo"}', model: MODEL });
    const sent = engine.calls[0]!.params.response_format;
    expect(sent).toEqual({ type: 'json_object', schema: JSON.stringify(schema) });
    expect(typeof sent?.schema).toBe('string');
    expect(JSON.parse(sent!.schema)).toEqual(schema);
  });

  it('passes messages, sampling options and the model id, and no response format when none is asked', async () => {
    const engine = createScriptedWebllmEngine(() => 'Hello.');
    const model = createWebllmChatModel({ engine, model: MODEL, wording: english });
    await model.complete({ messages, temperature: 0.7, top_p: 0.9, max_tokens: 64 });
    expect(engine.calls[0]!.params).toEqual({
      model: MODEL,
      messages,
      stream: false,
      temperature: 0.7,
      top_p: 0.9,
      max_tokens: 64,
    });
  });

  it('streams tokens through onToken that concatenate to the whole answer', async () => {
    const answer = 'Ann looks up from her book and smiles at Bo. 你好！';
    const engine = createScriptedWebllmEngine(() => answer);
    const model = createWebllmChatModel({ engine, model: MODEL, wording: english });
    const tokens: string[] = [];
    const result = await model.complete({ messages, stream: true, onToken: (delta) => tokens.push(delta) });
    expect(result).toMatchObject({ ok: true, text: answer, model: MODEL });
    expect(engine.calls[0]!.params.stream).toBe(true);
    expect(tokens.length).toBeGreaterThan(5);
    expect(tokens.join('')).toBe(answer);
  });

  it('returns a non-streamed answer without calling onToken', async () => {
    const engine = createScriptedWebllmEngine(() => 'Quietly.');
    const tokens: string[] = [];
    const result = await createWebllmChatModel({ engine, model: MODEL, wording: english }).complete({
      messages,
      onToken: (delta) => tokens.push(delta),
    });
    expect(result).toMatchObject({ ok: true, text: 'Quietly.' });
    expect(tokens).toEqual([]);
  });
});

describe('WebLLM chat model: usage and limits', () => {
  it("carries the engine's usage, whole and streamed (asking for it with stream_options)", async () => {
    const usage = { prompt_tokens: 321, completion_tokens: 12 };
    const engine = createScriptedWebllmEngine(() => ({ text: 'Ann nods.', usage }));
    const model = createWebllmChatModel({ engine, model: MODEL, wording: english });
    expect(await model.complete({ messages })).toEqual({
      ok: true,
      text: 'Ann nods.',
      model: MODEL,
      usage: { promptTokens: 321, completionTokens: 12 },
      finishReason: 'stop',
    });
    expect(await model.complete({ messages, stream: true })).toMatchObject({
      usage: { promptTokens: 321, completionTokens: 12 },
    });
    expect(engine.calls[1]!.params.stream_options).toEqual({ include_usage: true });
    expect(engine.calls[0]!.params.stream_options).toBeUndefined();
  });

  it('reports no usage for a request that goes on with the last conversation (the engine counts only what is new)', async () => {
    const engine = createScriptedWebllmEngine((_params, n) => `answer ${n}`);
    const model = createWebllmChatModel({ engine, model: MODEL, wording: english });
    const first = await model.complete({ messages });
    expect(first).toMatchObject({ usage: { promptTokens: expect.any(Number) } });
    const goingOn = [
      ...messages,
      { role: 'assistant' as const, content: 'answer 1' },
      { role: 'user' as const, content: 'And?' },
    ];
    const second = await model.complete({ messages: goingOn, stream: true });
    expect(second).toMatchObject({ ok: true, text: 'answer 2' });
    expect(second).not.toHaveProperty('usage');
    // A request that starts over is counted whole again.
    expect(await model.complete({ messages })).toMatchObject({ usage: { promptTokens: expect.any(Number) } });
  });

  it("tells the record's context window as its limits, with no token counter", async () => {
    const engine = createScriptedWebllmEngine(() => 'ok');
    const recorded = createWebllmChatModel({ engine, model: MODEL, contextTokens: 4096, wording: english });
    // An engine in the page keeps one conversation: one prompt at a time.
    expect(await recorded.limits!()).toEqual({ contextTokens: 4096, source: 'record', promptSlots: 1 });
    const unknown = createWebllmChatModel({ engine, model: MODEL, wording: english });
    expect(await unknown.limits!()).toEqual({ contextTokens: null, promptSlots: 1 });
  });
});

describe('WebLLM chat model: one request at a time per engine', () => {
  it('makes a second request wait until the first has finished; the engine never runs two at once', async () => {
    const gate = deferred();
    const engine = createScriptedWebllmEngine((_params, n) =>
      n === 1 ? { text: 'first answer', gate: gate.promise } : 'second answer',
    );
    const model = createWebllmChatModel({ engine, model: MODEL, wording: english });
    const first = model.complete({ messages, stream: true });
    const second = model.complete({ messages });
    await settle();
    expect(engine.calls).toHaveLength(1); // the second is queued, not failed and not sent
    gate.open();
    expect(await first).toMatchObject({ ok: true, text: 'first answer' });
    expect(await second).toMatchObject({ ok: true, text: 'second answer' });
    expect(engine.calls).toHaveLength(2);
    expect(engine.maxActive).toBe(1);
    expect(engine.finished).toEqual([1, 2]);
  });

  it('serves queued requests first in, first out', async () => {
    const gate = deferred();
    const engine = createScriptedWebllmEngine((params, n) => ({
      text: `answer to ${params.messages.at(-1)!.content}`,
      ...(n === 1 ? { gate: gate.promise } : {}),
    }));
    const model = createWebllmChatModel({ engine, model: MODEL, wording: english });
    const ask = (content: string) => model.complete({ messages: [{ role: 'user', content }] });
    const results = [ask('a'), ask('b'), ask('c'), ask('d')];
    await settle();
    gate.open();
    const texts = (await Promise.all(results)).map((r) => (r.ok ? r.text : r.code));
    expect(texts).toEqual(['answer to a', 'answer to b', 'answer to c', 'answer to d']);
    expect(engine.calls.map((call) => call.params.messages[0]!.content)).toEqual(['a', 'b', 'c', 'd']);
    expect(engine.maxActive).toBe(1);
  });

  it('shares one queue between chat models over the same engine (actor and projector)', async () => {
    const engine = createScriptedWebllmEngine(() => ({ text: 'some words to stream', stepMs: 3 }));
    const actor = createWebllmChatModel({ engine, model: MODEL, wording: english });
    const projector = createWebllmChatModel({ engine, model: MODEL, wording: english });
    const results = await Promise.all([
      actor.complete({ messages, stream: true }),
      projector.complete({ messages, stream: true }),
      actor.complete({ messages }),
      projector.complete({ messages }),
    ]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(engine.calls).toHaveLength(4);
    expect(engine.maxActive).toBe(1);
  });

  it('frees the queue after a failed request', async () => {
    const engine = createScriptedWebllmEngine((_params, n) =>
      n === 1
        ? { text: 'x', error: webllmError('MessageOrderError', 'Last message should be from user.') }
        : 'ok',
    );
    const model = createWebllmChatModel({ engine, model: MODEL, wording: english });
    const [first, second] = await Promise.all([model.complete({ messages }), model.complete({ messages })]);
    expect(first).toMatchObject({ ok: false, code: 'server' });
    expect(second).toMatchObject({ ok: true, text: 'ok' });
  });
});

describe('WebLLM chat model: cancel', () => {
  it('cancelling a running streamed request interrupts the engine and returns cancelled promptly', async () => {
    const engine = createScriptedWebllmEngine(() => ({
      text: 'Ann speaks at length. '.repeat(40),
      stepMs: 5,
    }));
    const model = createWebllmChatModel({ engine, model: MODEL, wording: english });
    const controller = new AbortController();
    const tokens: string[] = [];
    const started = Date.now();
    const result = await model.complete({
      messages,
      stream: true,
      signal: controller.signal,
      onToken: (delta) => {
        tokens.push(delta);
        controller.abort();
      },
    });
    expect(result).toMatchObject({ ok: false, code: 'cancelled' });
    expect(engine.interrupts).toBeGreaterThanOrEqual(1);
    expect(tokens).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1_000); // 300 steps × 5 ms would take 1.5 s
  });

  it('cancelling a running non-streamed request interrupts the engine, and the next waits for it to stop', async () => {
    const engine = createScriptedWebllmEngine((_params, n) =>
      n === 1 ? { text: 'long answer '.repeat(100), stepMs: 5 } : 'next answer',
    );
    const model = createWebllmChatModel({ engine, model: MODEL, wording: english });
    const controller = new AbortController();
    const first = model.complete({ messages, signal: controller.signal });
    const second = model.complete({ messages });
    setTimeout(() => controller.abort(), 30);
    expect(await first).toMatchObject({ ok: false, code: 'cancelled' });
    expect(engine.interrupts).toBe(1);
    expect(await second).toMatchObject({ ok: true, text: 'next answer' });
    expect(engine.maxActive).toBe(1);
    expect(engine.finished).toEqual([1, 2]);
  });

  it('a cancelled queued request leaves the queue without reaching the engine', async () => {
    const gate = deferred();
    const engine = createScriptedWebllmEngine((params, n) => ({
      text: `answer ${params.messages[0]!.content}`,
      ...(n === 1 ? { gate: gate.promise } : {}),
    }));
    const model = createWebllmChatModel({ engine, model: MODEL, wording: english });
    const controller = new AbortController();
    const first = model.complete({ messages: [{ role: 'user', content: 'one' }] });
    const queued = model.complete({
      messages: [{ role: 'user', content: 'two' }],
      signal: controller.signal,
    });
    const third = model.complete({ messages: [{ role: 'user', content: 'three' }] });
    await settle();
    controller.abort();
    expect(await queued).toMatchObject({ ok: false, code: 'cancelled' }); // while the first still runs
    expect(engine.interrupts).toBe(0); // the running request was left alone
    gate.open();
    expect(await first).toMatchObject({ ok: true, text: 'answer one' });
    expect(await third).toMatchObject({ ok: true, text: 'answer three' });
    expect(engine.calls.map((call) => call.params.messages[0]!.content)).toEqual(['one', 'three']);
  });

  it('returns cancelled without calling the engine when already aborted', async () => {
    const engine = createScriptedWebllmEngine(() => 'never');
    const result = await createWebllmChatModel({ engine, model: MODEL, wording: english }).complete({
      messages,
      signal: AbortSignal.abort(),
    });
    expect(result).toMatchObject({ ok: false, code: 'cancelled' });
    expect(engine.calls).toHaveLength(0);
  });

  it('reports an interruption it did not ask for as cancelled, not as an answer', async () => {
    const engine = createScriptedWebllmEngine(() => ({ text: 'cut short '.repeat(50), stepMs: 3 }));
    const model = createWebllmChatModel({ engine, model: MODEL, wording: english });
    const pending = model.complete({ messages, stream: true });
    setTimeout(() => engine.interruptGenerate(), 20);
    expect(await pending).toMatchObject({ ok: false, code: 'cancelled' });
  });
});

describe('WebLLM chat model: failures', () => {
  const failWith = async (error: Error, options: { stream?: boolean; afterSteps?: number } = {}) => {
    const engine = createScriptedWebllmEngine(() => ({
      text: 'partial answer here',
      error,
      ...(options.afterSteps !== undefined ? { afterSteps: options.afterSteps } : {}),
    }));
    return createWebllmChatModel({ engine, model: MODEL, wording: english }).complete({
      messages,
      ...(options.stream ? { stream: true } : {}),
    });
  };

  it('maps a context window overflow to a server failure that names the fix', async () => {
    const result = await failWith(
      webllmError('ContextWindowSizeExceededError', 'Prompt tokens exceed context window size: 5000; 4096'),
    );
    expect(result).toMatchObject({ ok: false, code: 'server' });
    expect(!result.ok && result.detail).toMatch(/context window.*longer context/);
  });

  it('maps a model that is not loaded to model-not-found', async () => {
    const result = await failWith(webllmError('ModelNotLoadedError'));
    expect(result).toMatchObject({ ok: false, code: 'model-not-found' });
    expect(!result.ok && result.detail).toContain(MODEL);
  });

  it('maps a lost GPU device mid-stream to a server failure about memory', async () => {
    const result = await failWith(webllmError('DeviceLostError'), { stream: true, afterSteps: 2 });
    expect(result).toMatchObject({ ok: false, code: 'server' });
    expect(!result.ok && result.detail).toMatch(/out of memory/);
  });

  it('maps missing WebGPU to unreachable with an endpoint suggestion', async () => {
    const result = await failWith(webllmError('WebGPUNotAvailableError'));
    expect(result).toMatchObject({ ok: false, code: 'unreachable' });
    expect(!result.ok && result.detail).toMatch(/Ollama|LM Studio/);
  });

  it('maps a missing shader-f16 feature to model-not-found that points at q4f32 models', async () => {
    const result = await failWith(
      webllmError('ShaderF16SupportError', 'This model requires shader-f16. Try x'),
    );
    expect(result).toMatchObject({ ok: false, code: 'model-not-found' });
    expect(!result.ok && result.detail).toMatch(/q4f32/);
  });

  it('maps any other engine error to a server failure carrying its message', async () => {
    const result = await failWith(new Error('tokenizer exploded'));
    expect(result).toEqual({
      ok: false,
      code: 'server',
      detail: `The in-browser model ${MODEL} failed: tokenizer exploded`,
    });
  });

  it('rethrows an exception from onToken (a bug) only after the engine has stopped', async () => {
    const engine = createScriptedWebllmEngine(() => ({ text: 'many words '.repeat(30), stepMs: 2 }));
    const model = createWebllmChatModel({ engine, model: MODEL, wording: english });
    const failing = model.complete({
      messages,
      stream: true,
      onToken: () => {
        throw new Error('display broke');
      },
    });
    await expect(failing).rejects.toThrow('display broke');
    expect(engine.active).toBe(0);
    expect(engine.interrupts).toBeGreaterThanOrEqual(1);
    expect(await model.complete({ messages })).toMatchObject({ ok: true });
  });
});

describe('WebLLM chat model: thinking', () => {
  it('switches thinking off for Qwen3 models only', async () => {
    const engine = createScriptedWebllmEngine(() => 'ok');
    await createWebllmChatModel({ engine, model: 'Qwen3-1.7B-q4f32_1-MLC', wording: english }).complete({
      messages,
    });
    await createWebllmChatModel({
      engine,
      model: 'Qwen3-1.7B-q4f32_1-MLC',
      thinking: true,
      wording: english,
    }).complete({
      messages,
    });
    await createWebllmChatModel({ engine, model: MODEL, wording: english }).complete({ messages });
    expect(engine.calls.map((call) => call.params.extra_body)).toEqual([
      { enable_thinking: false },
      undefined,
      undefined,
    ]);
  });

  it('removes a leading think block from streamed tokens and from the answer alike', async () => {
    const raw = '<think>\nBo waved; Ann should wave back.\n</think>\n\nAnn waves back.';
    const engine = createScriptedWebllmEngine(() => ({ text: raw, pieceSize: 2 }));
    const tokens: string[] = [];
    const result = await createWebllmChatModel({
      engine,
      model: 'DeepSeek-R1-Distill-Qwen-7B-q4f16_1-MLC',
      wording: english,
    }).complete({
      messages,
      stream: true,
      onToken: (delta) => tokens.push(delta),
    });
    expect(result).toMatchObject({ ok: true, text: 'Ann waves back.' });
    expect(tokens.join('')).toBe('Ann waves back.');
  });

  it('the streaming filter agrees with stripThinking for every way of cutting the text', () => {
    const samples = [
      '<think>plan</think>\n\nAnswer.',
      '  <think>a</think>b',
      'No thoughts, just text <think> inside',
      '<thinker> is not a tag',
      '<think>cut off mid-thought',
      '<thi',
      '   ',
      '<think></think>',
      '',
    ];
    for (const text of samples) {
      for (let size = 1; size <= Math.max(1, text.length); size++) {
        const filter = createThinkingFilter();
        let out = '';
        for (let i = 0; i < text.length; i += size) out += filter.push(text.slice(i, i + size));
        out += filter.flush();
        expect(out, `${JSON.stringify(text)} in pieces of ${size}`).toBe(stripThinking(text));
      }
    }
    expect(stripThinking('<think>plan</think>\n\nAnswer.')).toBe('Answer.');
    expect(stripThinking('<think>cut off')).toBe('');
    expect(stripThinking('Plain.')).toBe('Plain.');
  });
});
