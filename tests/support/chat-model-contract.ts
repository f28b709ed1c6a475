// The behaviour every ChatModel must share (plain, streamed, structured, cancelled, its usage and
// limits), written once
// and run against each implementation: the scripted double, the OpenAI backend over HTTP and the
// WebLLM backend over the scripted engine. Every case runs for every implementation; where backends
// differ for a reason, a capability says so and the case checks that backend's version.
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatModel, JsonSchemaFormat } from '../../src/driver/model.ts';

/** What the backend received, in one shape for every implementation. */
export interface SeenRequest {
  messages: ChatMessage[];
  /** In ChatRequest's json_schema terms, as far as the backend's own format carries them. */
  response_format?: unknown;
  temperature?: number;
  stream: boolean;
}

export interface ContractReply {
  text: string;
  /** The backend waits this long before answering (per streamed piece, for a server). */
  stallMs?: number;
  /** Why the backend says it stopped (default `stop`); `length`: cut at its limit. */
  finish?: string;
}

export interface ContractHarness {
  model: ChatModel;
  seen(): SeenRequest[];
  close(): Promise<void>;
}

export type MakeModel = (script: (messages: ChatMessage[]) => ContractReply) => Promise<ContractHarness>;

/** Where a backend's own format decides what the contract can expect of it. */
export interface ContractCapabilities {
  /**
   * How a json_schema response format reaches the backend: 'whole' (name, schema and strict, as in
   * OpenAI's json_schema), or 'schema-only' (WebLLM's json_object takes the schema alone, as a
   * string: a name and a strict flag have no place there).
   */
  structuredOutput: 'whole' | 'schema-only';
  /**
   * Whether answers carry the tokens the backend counted: 'reported' (a server's or an engine's
   * `usage`), or 'none' for a backend that cannot say (its answers then carry no usage at all).
   */
  usage: 'reported' | 'none';
}

/** Long enough that a test passing "promptly" cannot have waited for it. */
const STALL_MS = 10_000;
const PROMPT_MS = 2_000;

const conversation: ChatMessage[] = [
  { role: 'system', content: 'You are Ann.' },
  { role: 'user', content: 'Bo waves.' },
];

export function chatModelContract(
  name: string,
  capabilities: ContractCapabilities,
  makeModel: MakeModel,
): void {
  describe(`ChatModel contract: ${name}`, () => {
    let harness: ContractHarness | undefined;
    const start = async (script: (messages: ChatMessage[]) => ContractReply) =>
      (harness = await makeModel(script));
    afterEach(async () => {
      await harness?.close();
      harness = undefined;
    });

    it('returns the plain answer to the messages it was sent', async () => {
      const { model, seen } = await start((messages) => ({
        text: `Ann answers: ${messages.at(-1)?.content}`,
      }));
      const result = await model.complete({ messages: conversation, temperature: 0.7 });
      expect(result).toMatchObject({ ok: true, text: 'Ann answers: Bo waves.' });
      expect(seen()).toEqual([{ messages: conversation, temperature: 0.7, stream: false }]);
    });

    it('answers requests made at once, each with its own answer', async () => {
      const { model, seen } = await start((messages) => ({
        text: `Ann answers: ${messages.at(-1)?.content}`,
      }));
      const ask = (content: string, stream: boolean) =>
        model.complete({ messages: [conversation[0]!, { role: 'user', content }], stream });
      const results = await Promise.all([ask('one', false), ask('two', true), ask('three', false)]);
      expect(results).toMatchObject([
        { ok: true, text: 'Ann answers: one' },
        { ok: true, text: 'Ann answers: two' },
        { ok: true, text: 'Ann answers: three' },
      ]);
      expect(seen()).toHaveLength(3);
    });

    it('streams tokens that concatenate to the whole answer', async () => {
      const answer = 'Ann looks up from her book and smiles at Bo. 你好！';
      const { model, seen } = await start(() => ({ text: answer }));
      const tokens: string[] = [];
      const result = await model.complete({
        messages: conversation,
        stream: true,
        onToken: (delta) => tokens.push(delta),
      });
      expect(result).toMatchObject({ ok: true, text: answer });
      expect(tokens.length).toBeGreaterThan(1);
      expect(tokens.join('')).toBe(answer);
      expect(seen()[0]?.stream).toBe(true);
    });

    it('passes a json_schema response format and returns the JSON answer', async () => {
      const format: JsonSchemaFormat = {
        type: 'json_schema',
        json_schema: {
          name: 'next_actor',
          schema: {
            type: 'object',
            properties: { name: { type: 'string', enum: ['Ann', 'Bo'] } },
            required: ['name'],
            additionalProperties: false,
          },
          strict: true,
        },
      };
      const { model, seen } = await start(() => ({ text: '{"name":"Bo"}' }));
      const result = await model.complete({ messages: conversation, response_format: format });
      expect(result).toMatchObject({ ok: true, text: '{"name":"Bo"}' });
      const { schema } = format.json_schema;
      expect(seen()[0]?.response_format).toEqual(
        capabilities.structuredOutput === 'whole' ? format : { type: 'json_schema', json_schema: { schema } },
      );
    });

    it('carries the usage the backend counted, on whole and streamed answers', async () => {
      const { model } = await start((messages) => ({ text: `Ann answers: ${messages.at(-1)?.content}` }));
      const whole = await model.complete({ messages: conversation });
      const streamed = await model.complete({
        messages: [conversation[0]!, { role: 'user', content: 'Bo sits down.' }],
        stream: true,
      });
      for (const answer of [whole, streamed]) {
        expect(answer.ok).toBe(true);
        if (!answer.ok) continue;
        if (capabilities.usage === 'none') {
          expect(answer).not.toHaveProperty('usage');
          continue;
        }
        const { promptTokens, completionTokens } = answer.usage ?? {};
        expect(Number.isInteger(promptTokens) && promptTokens! > 0, `prompt tokens ${promptTokens}`).toBe(
          true,
        );
        if (completionTokens !== undefined) expect(Number.isInteger(completionTokens)).toBe(true);
      }
    });

    it('tells its limits without throwing: a context length in tokens, or null', async () => {
      const { model } = await start(() => ({ text: 'unused' }));
      const limits = await model.limits?.();
      expect(limits).toBeDefined();
      const tokens = limits?.contextTokens;
      expect(tokens === null || (Number.isInteger(tokens) && tokens! > 0), `contextTokens ${tokens}`).toBe(
        true,
      );
      const counted = await limits?.countTokens?.('Ann waves.');
      if (counted !== undefined) expect(counted === null || Number.isInteger(counted)).toBe(true);
    });

    it('[B6] tells why the answer stopped: cut at its limit (`length`) or whole, streamed or not', async () => {
      const { model } = await start((messages) =>
        messages.at(-1)?.content === 'long'
          ? { text: 'Ann begins a long tale about the lante', finish: 'length' }
          : { text: 'Ann nods.' },
      );
      const ask = (content: string, stream: boolean) =>
        model.complete({
          messages: [conversation[0]!, { role: 'user', content }],
          stream,
          onToken: () => {},
        });
      expect(await ask('long', false)).toMatchObject({
        ok: true,
        text: 'Ann begins a long tale about the lante',
        finishReason: 'length',
      });
      expect(await ask('long', true)).toMatchObject({
        ok: true,
        text: 'Ann begins a long tale about the lante',
        finishReason: 'length',
      });
      expect(await ask('short', false)).toMatchObject({ ok: true, finishReason: 'stop' });
      expect(await ask('short', true)).toMatchObject({ ok: true, finishReason: 'stop' });
    });

    it('returns a blank answer as ok text, leaving judgement to validation', async () => {
      const { model } = await start(() => ({ text: '' }));
      expect(await model.complete({ messages: conversation })).toMatchObject({
        ok: true,
        text: '',
      });
    });

    it('returns cancelled promptly when aborted while the backend stalls', async () => {
      const { model, seen } = await start(() => ({ text: 'too late', stallMs: STALL_MS }));
      const controller = new AbortController();
      let abortedAt = 0;
      // Aborted once the backend holds the request (on a loaded machine it may take a while to arrive).
      const stalled = setInterval(() => {
        if (seen().length === 0) return;
        clearInterval(stalled);
        abortedAt = Date.now();
        controller.abort();
      }, 5);
      const result = await model.complete({ messages: conversation, signal: controller.signal });
      expect(result).toMatchObject({ ok: false, code: 'cancelled' });
      expect(seen()).toHaveLength(1);
      expect(abortedAt).toBeGreaterThan(0);
      expect(Date.now() - abortedAt).toBeLessThan(PROMPT_MS);
    });

    it('returns cancelled and stops streaming when aborted mid-stream', async () => {
      const { model } = await start(() => ({ text: 'Ann speaks at length. '.repeat(20) }));
      const controller = new AbortController();
      const tokens: string[] = [];
      const result = await model.complete({
        messages: conversation,
        stream: true,
        signal: controller.signal,
        onToken: (delta) => {
          tokens.push(delta);
          controller.abort();
        },
      });
      expect(result).toMatchObject({ ok: false, code: 'cancelled' });
      expect(tokens).toHaveLength(1);
    });

    it('returns cancelled without calling the backend when already aborted', async () => {
      const { model, seen } = await start(() => ({ text: 'never' }));
      const result = await model.complete({ messages: conversation, signal: AbortSignal.abort() });
      expect(result).toMatchObject({ ok: false, code: 'cancelled' });
      expect(seen()).toHaveLength(0);
    });
  });
}
