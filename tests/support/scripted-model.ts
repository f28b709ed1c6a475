// A ChatModel test double: answers from a script, records every request it got, streams its
// answer through onToken in small pieces and honours the abort signal like a real backend; it reports
// usage as a server does (a deterministic count) and the context a test gives it as its limits; it
// tells why it stopped, and may stop at `max_tokens` as a server does (`finish_reason: "length"`).
import {
  ContextSource,
  ModelFailureCode,
  type ChatModel,
  type ChatMessage,
  type ChatRequest,
  type JsonSchemaFormat,
  type ModelFailure,
} from '../../src/driver/model.ts';

export interface RecordedCall {
  /** Counts calls from 1. */
  n: number;
  messages: ChatMessage[];
  response_format?: JsonSchemaFormat;
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  stream: boolean;
}

/** A text with the reason it stopped (`length`: cut at its limit), or a text that stopped whole. */
export type ScriptedAnswer = string | { text: string; finishReason: string } | ModelFailure;
export type Respond = (request: ChatRequest, n: number) => ScriptedAnswer | Promise<ScriptedAnswer>;

export interface ScriptedModel extends ChatModel {
  calls: RecordedCall[];
}

/** Code points per streamed piece: small, so even short answers stream in several pieces. */
const PIECE_SIZE = 3;
/** Code points per token of the usage it reports: a deterministic count, not a tokenizer. */
export const SCRIPTED_CHARS_PER_TOKEN = 4;

export interface ScriptedModelOptions {
  /** What `limits()` tells as the context the model runs with (default null: nothing tells it). */
  contextTokens?: number | null;
  /** Stop an answer at `max_tokens` (of its counted tokens) with `finishReason: 'length'`, as a server does. */
  cutAtMaxTokens?: boolean;
}

/** The tokens the scripted model reports for a text: a quarter of its code points, rounded up. */
export function scriptedTokens(text: string): number {
  return Math.ceil(Array.from(text).length / SCRIPTED_CHARS_PER_TOKEN);
}

export function modelFailure(code: ModelFailureCode, detail = `scripted ${code}`): ModelFailure {
  return { ok: false, code, detail };
}

export function createScriptedModel(respond: Respond, options: ScriptedModelOptions = {}): ScriptedModel {
  const calls: RecordedCall[] = [];
  const contextTokens = options.contextTokens ?? null;
  const cancelled = () => modelFailure(ModelFailureCode.cancelled, 'The request was cancelled.');

  return {
    calls,
    async limits() {
      return contextTokens === null ? { contextTokens } : { contextTokens, source: ContextSource.server };
    },
    async complete(request) {
      const { signal } = request;
      // Like a real backend, a request cancelled before it is sent never arrives.
      if (signal?.aborted) return cancelled();
      const n = calls.length + 1;
      calls.push(record(request, n));
      // A script may never settle (a stalled server): the abort must still end the call.
      const answer = await untilAborted(Promise.resolve(respond(request, n)), signal);
      if (answer === ABORTED || signal?.aborted) return cancelled();
      if (typeof answer !== 'string' && 'ok' in answer) return answer;
      const { text, finishReason } = stopped(answer, options.cutAtMaxTokens ? request.max_tokens : undefined);
      if (request.stream && request.onToken) {
        const points = Array.from(text);
        for (let i = 0; i < points.length; i += PIECE_SIZE) {
          await Promise.resolve(); // let an abort raised elsewhere land between pieces
          if (signal?.aborted) return cancelled();
          request.onToken(points.slice(i, i + PIECE_SIZE).join(''));
        }
      }
      if (signal?.aborted) return cancelled();
      const prompt = request.messages.map((m) => m.content).join('');
      const usage = {
        promptTokens: Math.max(1, scriptedTokens(prompt)),
        completionTokens: scriptedTokens(text),
      };
      return { ok: true, text, model: 'scripted', usage, finishReason };
    },
  };
}

/** The answer as sent: cut to `limit` tokens (`length`) when it is longer, else whole (`stop`) or as scripted. */
function stopped(answer: string | { text: string; finishReason: string }, limit: number | undefined) {
  const { text, finishReason } = typeof answer === 'string' ? { text: answer, finishReason: 'stop' } : answer;
  const points = Array.from(text);
  if (limit === undefined || points.length <= limit * SCRIPTED_CHARS_PER_TOKEN) return { text, finishReason };
  return { text: points.slice(0, limit * SCRIPTED_CHARS_PER_TOKEN).join(''), finishReason: 'length' };
}

function record(request: ChatRequest, n: number): RecordedCall {
  return {
    n,
    // Copies, so a caller mutating its arrays later cannot rewrite what was sent.
    messages: request.messages.map((message) => ({ ...message })),
    ...(request.response_format ? { response_format: structuredClone(request.response_format) } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.top_p !== undefined ? { top_p: request.top_p } : {}),
    ...(request.max_tokens !== undefined ? { max_tokens: request.max_tokens } : {}),
    stream: request.stream === true,
  };
}

const ABORTED = Symbol('aborted');

function untilAborted<T>(work: Promise<T>, signal?: AbortSignal): Promise<T | typeof ABORTED> {
  if (!signal) return work;
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
