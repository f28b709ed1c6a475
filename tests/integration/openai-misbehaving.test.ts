// The OpenAI backend against a real local server that answers 200 and still fails (issue 19): a body
// that is not JSON or is cut off is a model failure, retried, then told in one line; every request has
// a deadline, body included; an answer past its size cap is stopped. complete() never throws for any.
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIChatModel, type OpenAIChatModelOptions } from '../../src/backends/openai/chat-model.ts';
import { MAX_TRANSPORT_RETRIES } from '../../src/backends/openai/retry-policy.ts';
import { english } from '../../src/backends/wording.ts';
import { startOpenAIServer, type AnswerScript, type OpenAIServer } from '../support/openai-server.ts';
import {
  cutBody,
  cutStream,
  endlessStream,
  hugeAnswer,
  invalidJson,
  invalidJsonEvent,
  silent,
  trickle,
  trickleStream,
} from '../support/misbehaving-replies.ts';

const messages = [{ role: 'user' as const, content: 'Hello?' }];
/** Short enough for a test, long enough for a loaded machine to answer a plain request within it. */
const DEADLINE_MS = 1_000;

describe('[MS1][MS2][MS3] a model server that answers 200 and still fails', () => {
  let server: OpenAIServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function setup(answer: AnswerScript, extra: Partial<OpenAIChatModelOptions> = {}) {
    server = await startOpenAIServer({ answer });
    const model = createOpenAIChatModel({
      baseURL: server.baseURL,
      model: 'test-model',
      wording: english,
      sleep: async () => {},
      ...extra,
    });
    return model;
  }
  const attempts = () => server?.requests.length;

  it.each([
    ['a body that is not JSON', invalidJson, false],
    ['a body cut mid-way', cutBody, false],
    ['a stream event that is not JSON', invalidJsonEvent, true],
    ['a stream cut before its first token', cutStream, true],
  ])('[MS1] %s is retried, and answered when the server recovers', async (_, bad, stream) => {
    const model = await setup((_b, n) => (n <= 2 ? bad : 'Recovered.'));
    expect(await model.complete({ messages, stream })).toMatchObject({ ok: true, text: 'Recovered.' });
    expect(attempts()).toBe(3);
  });

  it('[MS1] a body that is never JSON fails in one line after the bounded attempts', async () => {
    const model = await setup(() => invalidJson);
    const result = await model.complete({ messages });
    expect(result).toMatchObject({ ok: false, code: 'malformed' });
    expect(attempts()).toBe(MAX_TRANSPORT_RETRIES + 1);
    if (result.ok) return;
    expect(result.detail).toMatch(/sent an answer that could not be read .*Gave up after 5 attempts/);
    expect(result.detail).not.toContain('\n');
  });

  it.each([
    ['trickles a byte at a time', trickle(50)],
    ['stays silent after its headers', silent],
  ])('[MS2] an answer that %s is stopped at the deadline and told, not asked again', async (_, slow) => {
    const model = await setup(() => slow, { requestTimeoutMs: DEADLINE_MS, maxRetries: 4 });
    const result = await model.complete({ messages });
    expect(result).toMatchObject({ ok: false, code: 'unreachable' });
    expect(!result.ok && result.detail).toMatch(/took longer than 1 s to answer, so the request was stopped/);
    expect(attempts()).toBe(1);
  });

  it('[MS2] a stream that trickles tokens past the deadline stops there, not retried once shown', async () => {
    const model = await setup(() => trickleStream(50), { requestTimeoutMs: DEADLINE_MS });
    const tokens: string[] = [];
    const result = await model.complete({ messages, stream: true, onToken: (t) => tokens.push(t) });
    expect(result).toMatchObject({ ok: false, code: 'unreachable' });
    expect(!result.ok && result.detail).toMatch(/took longer than 1 s/);
    expect(tokens.length).toBeGreaterThan(0);
    expect(attempts()).toBe(1);
  });

  it('[MS3] an answer over the size cap is stopped and refused, plain or streamed', async () => {
    const plain = await setup(() => hugeAnswer(200_000), { maxAnswerBytes: 64 * 1024 });
    const big = await plain.complete({ messages });
    expect(big).toMatchObject({ ok: false, code: 'malformed' });
    expect(!big.ok && big.detail).toMatch(/sent an answer larger than .* MB, so it was stopped/);
    expect(attempts()).toBe(1);
    await server?.close();

    const streamed = await setup(() => endlessStream, { maxAnswerBytes: 64 * 1024 });
    let shown = 0;
    const endless = await streamed.complete({
      messages,
      stream: true,
      onToken: (t) => (shown += t.length),
    });
    expect(endless).toMatchObject({ ok: false, code: 'malformed' });
    expect(!endless.ok && endless.detail).toMatch(/larger than/);
    expect(shown).toBeLessThan(64 * 1024);
  });

  it('[MS2][MS3] a plain answer within the deadline and the cap is unchanged', async () => {
    const model = await setup(() => 'Fine.', { requestTimeoutMs: DEADLINE_MS, maxAnswerBytes: 64 * 1024 });
    expect(await model.complete({ messages })).toMatchObject({ ok: true, text: 'Fine.' });
  });
});
