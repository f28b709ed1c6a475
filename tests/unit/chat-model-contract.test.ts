// Runs the shared ChatModel contract against the scripted test double, so driver tests built on
// it exercise the same behaviour the real backends show.
import { describe, expect, it } from 'vitest';
import { chatModelContract } from '../support/chat-model-contract.ts';
import { createScriptedModel, modelFailure, SCRIPTED_CHARS_PER_TOKEN } from '../support/scripted-model.ts';

chatModelContract('scripted model', { structuredOutput: 'whole', usage: 'reported' }, async (script) => {
  const stalls = new Set<NodeJS.Timeout>();
  const model = createScriptedModel((request) => {
    const reply = script(request.messages);
    if (!reply.stallMs) return reply.finish ? { text: reply.text, finishReason: reply.finish } : reply.text;
    return new Promise((resolve) => {
      stalls.add(setTimeout(() => resolve(reply.text), reply.stallMs));
    });
  });
  return {
    model,
    seen: () =>
      model.calls.map(({ messages, response_format, temperature, stream }) => ({
        messages,
        stream,
        ...(response_format ? { response_format } : {}),
        ...(temperature !== undefined ? { temperature } : {}),
      })),
    close: async () => stalls.forEach(clearTimeout),
  };
});

describe('scripted model', () => {
  it('numbers its calls and returns scripted failures unchanged', async () => {
    const model = createScriptedModel((_request, n) =>
      n === 1 ? modelFailure('rate-limited') : `answer ${n}`,
    );
    const messages = [{ role: 'user' as const, content: 'hi' }];
    expect(await model.complete({ messages })).toEqual({
      ok: false,
      code: 'rate-limited',
      detail: 'scripted rate-limited',
    });
    expect(await model.complete({ messages, max_tokens: 5 })).toMatchObject({ text: 'answer 2' });
    expect(model.calls.map((call) => [call.n, call.max_tokens])).toEqual([
      [1, undefined],
      [2, 5],
    ]);
  });

  it('reports a deterministic usage, and the context a test gives it as its limits', async () => {
    const model = createScriptedModel(() => 'Twelve chars', { contextTokens: 2048 });
    const messages = [{ role: 'user' as const, content: 'x'.repeat(40) }];
    expect(await model.complete({ messages })).toMatchObject({
      usage: { promptTokens: 40 / SCRIPTED_CHARS_PER_TOKEN, completionTokens: 3 },
    });
    expect(await model.limits!()).toEqual({ contextTokens: 2048, source: 'server' });
    expect(await createScriptedModel(() => '').limits!()).toEqual({ contextTokens: null });
  });

  it('keeps what was sent even if the caller mutates its messages afterwards', async () => {
    const model = createScriptedModel(() => 'ok');
    const messages = [{ role: 'user' as const, content: 'first' }];
    await model.complete({ messages });
    messages[0]!.content = 'changed';
    expect(model.calls[0]?.messages[0]?.content).toBe('first');
  });
});
