// A ChatModel test double: answers from a script, records every request it got, streams its
// answer through onToken in small pieces and honours the abort signal like a real backend; it reports
// usage as a server does (a deterministic count) and the context a test gives it as its limits.
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

export type ScriptedAnswer = string | ModelFailure;
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
      if (typeof answer !== 'string') return answer;
      if (request.stream && request.onToken) {
        const points = Array.from(answer);
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
        completionTokens: scriptedTokens(answer),
      };
      return { ok: true, text: answer, model: 'scripted', usage };
    },
  };
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
