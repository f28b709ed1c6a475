// The ChatModel for any OpenAI-compatible server (OpenAI, vLLM, llama.cpp, Ollama, LM Studio),
// built on the openai SDK with our own bounded retries, telling its limits as the server says them
// (model-limits.ts); also lists the server's models. The SDK loads on the first request (a chunk of
// its own: a first load that never calls a server neither fetches nor parses it).
import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { ModelFailureCode, type ChatModel, type ChatRequest, type ModelFailure } from '../../driver/model.ts';
import { readCompletion, readStream, type Attempt, type StreamGuard } from './answer.ts';
import {
  AnswerTooLarge,
  cappedFetch,
  DEFAULT_REQUEST_TIMEOUT_MS,
  MAX_ANSWER_BYTES,
  startAttempt,
  type AttemptSignal,
} from './answer-guard.ts';
import {
  cancelledFailure,
  classifyError,
  timedOutFailure,
  tooLargeFailure,
  toolsRefusedFailure,
  unreadableFailure,
  type ClassifiedFailure,
  type FailureContext,
} from './failures.ts';
import { createServerLimits } from './model-limits.ts';
import { toMessageParams, toToolParams } from './tool-calls.ts';
import { cacheContent, cacheFields, createSlotTable, holdSlot, type CacheTarget } from './prompt-cache.ts';
import {
  backoffDelay,
  MAX_TRANSPORT_RETRIES,
  serverRetryDelay,
  timerSleep,
  waitUnlessAborted,
  type Clock,
  type Sleep,
} from './retry-policy.ts';
import type { Wording } from '../wording.ts';
import type { FetchLike } from './fetch.ts';

export interface OpenAIChatModelOptions {
  /** Up to and including the API version, e.g. http://127.0.0.1:8080/v1. */
  baseURL: string;
  apiKey?: string;
  model: string;
  /** The words of its failures (see wording.ts). */
  wording: Wording;
  /** Retries after the first attempt for 429, 5xx and network errors. */
  maxRetries?: number;
  fetch?: FetchLike;
  /** Injected in tests so backoff does not really wait. */
  sleep?: Sleep;
  /** Now, in epoch milliseconds: for Retry-After given as an HTTP date. */
  clock?: Clock;
  /** How long one probe of the server's context may take (PROBE_TIMEOUT_MS by default). */
  probeTimeoutMs?: number;
  /** How long one request may take, its whole answer included (DEFAULT_REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number;
  /** The most bytes one answer may bring (MAX_ANSWER_BYTES). */
  maxAnswerBytes?: number;
}

/** What one attempt is held to. */
interface AttemptBounds {
  deadlineMs: number;
  maxAnswerBytes: number;
}

export function createOpenAIChatModel(options: OpenAIChatModelOptions): ChatModel {
  const bounds: AttemptBounds = {
    deadlineMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    maxAnswerBytes: options.maxAnswerBytes ?? MAX_ANSWER_BYTES,
  };
  let client: Promise<OpenAI> | undefined;
  const clientOnce = () =>
    (client ??= makeClient(options, bounds.maxAnswerBytes).catch((error: unknown) => {
      client = undefined; // the chunk could not be fetched: the next request tries again
      throw error;
    }));
  const { wording } = options;
  const context: FailureContext = { baseURL: options.baseURL, model: options.model, wording };
  const maxRetries = options.maxRetries ?? MAX_TRANSPORT_RETRIES;
  const sleep = options.sleep ?? timerSleep;
  const clock = options.clock ?? Date.now;
  const server = createServerLimits({
    baseURL: options.baseURL,
    model: options.model,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.probeTimeoutMs !== undefined ? { timeoutMs: options.probeTimeoutMs } : {}),
  });

  const slots = createSlotTable();

  return {
    limits: server.limits,
    toolCalls: true,
    async complete(request) {
      if (request.signal?.aborted) return cancelledFailure(wording); // not even the server's probes
      // What the server said of itself decides what it is told to keep (asked once, as limits asks).
      const target: CacheTarget = {
        baseURL: options.baseURL,
        model: options.model,
        server: await server.server(),
      };
      const held = holdSlot(target, request, slots);
      const params = toParams(options.model, request, target, held?.slot);
      try {
        for (let attempt = 1; ; attempt++) {
          if (request.signal?.aborted) return cancelledFailure(wording);
          const outcome = await attemptOnce(await clientOnce(), params, request, context, bounds);
          if ('ok' in outcome) return outcome;
          if (!outcome.retryable) return outcome.failure;
          if (attempt > maxRetries) return gaveUp(outcome.failure, attempt, wording);
          const delay = serverRetryDelay(outcome.headers, clock) ?? backoffDelay(attempt);
          if (!(await waitUnlessAborted(sleep, delay, request.signal))) return cancelledFailure(wording);
        }
      } finally {
        held?.release();
      }
    },
  };
}

export interface ListModelsOptions {
  baseURL: string;
  apiKey?: string;
  wording: Wording;
  fetch?: FetchLike;
  signal?: AbortSignal;
}

/** The model ids the server offers (GET /models), for a picker or a model-not-found hint. */
export async function listModels(
  options: ListModelsOptions,
): Promise<{ ok: true; models: string[] } | ModelFailure> {
  const client = await makeClient(options);
  const { baseURL, wording } = options;
  try {
    const page = await client.models.list(options.signal ? { signal: options.signal } : undefined);
    const models = page.data.map((entry) => entry.id).filter((id) => typeof id === 'string');
    return { ok: true, models };
  } catch (error) {
    const classified = classifyError(error, { baseURL, model: '', wording }, options.signal);
    if (!classified) throw error;
    if (classified.failure.code !== ModelFailureCode.modelNotFound) return classified.failure;
    // A 404 here means no model list at this address, which points at the base URL.
    return {
      ok: false,
      code: ModelFailureCode.unreachable,
      detail: wording('{baseURL} has no model list (404). Check the base URL (it usually ends in /v1).', {
        baseURL,
      }),
    };
  }
}

async function makeClient(
  options: { baseURL: string; apiKey?: string; fetch?: FetchLike },
  maxAnswerBytes = MAX_ANSWER_BYTES,
): Promise<OpenAI> {
  const { default: OpenAI } = await import('openai');
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return new OpenAI({
    baseURL: options.baseURL,
    // Local servers need no key, but the SDK refuses to start without one.
    apiKey: options.apiKey || 'none',
    dangerouslyAllowBrowser: true,
    maxRetries: 0, // we retry ourselves, with abortable and testable waits
    // Every failure is told to the person as a value: the SDK's own console lines (an event that is
    // not JSON) would be noise in the page and a second line on the CLI's stderr.
    logLevel: 'off',
    fetch: cappedFetch(fetchImpl, maxAnswerBytes),
  });
}

function gaveUp(failure: ModelFailure, attempts: number, wording: Wording): ModelFailure {
  return {
    ...failure,
    detail: wording('{detail} (Gave up after {attempts} attempts.)', { detail: failure.detail, attempts }),
  };
}

function toParams(
  model: string,
  request: ChatRequest,
  target: CacheTarget,
  slot: number | undefined,
): ChatCompletionCreateParamsNonStreaming {
  const content = cacheContent(target, request.messages);
  return {
    model,
    // The SDK's types know content parts only as the user's; the server takes them on any message.
    messages: toMessageParams(request.messages).map((m, i) =>
      typeof content[i] === 'string' ? m : ({ ...m, content: content[i] } as typeof m),
    ),
    ...(request.tools?.length ? { tools: toToolParams(request.tools) } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.top_p !== undefined ? { top_p: request.top_p } : {}),
    ...(request.max_tokens !== undefined ? { max_tokens: request.max_tokens } : {}),
    ...(request.stop?.length ? { stop: request.stop } : {}),
    ...(request.response_format ? { response_format: request.response_format } : {}),
    ...cacheFields(target, request, slot),
  };
}

async function attemptOnce(
  client: OpenAI,
  params: ChatCompletionCreateParamsNonStreaming,
  request: ChatRequest,
  context: FailureContext,
  bounds: AttemptBounds,
): Promise<Attempt> {
  const attempt = startAttempt(request.signal, bounds.deadlineMs);
  const requestOptions = { signal: attempt.signal };
  const guard: StreamGuard = {
    interrupted: () => interrupted(request, attempt, context, bounds),
    failed: (error) => boundFailure(error, request, attempt, context, bounds),
  };
  try {
    if (request.stream) {
      // The usage of a streamed answer comes only when asked for (a last chunk without choices).
      const stream = await client.chat.completions
        .create({ ...params, stream: true, stream_options: { include_usage: true } }, requestOptions)
        .catch((error: unknown) => guard.failed(error) ?? requestFailure(error, request, context));
      if ('failure' in stream) return stream;
      return await readStream(stream, request, context, guard);
    }
    const completion: unknown = await client.chat.completions
      .create(params, requestOptions)
      .catch((error: unknown) => guard.failed(error) ?? requestFailure(error, request, context));
    if (isClassified(completion)) return completion;
    if (request.signal?.aborted) return { failure: cancelledFailure(context.wording), retryable: false };
    return readCompletion(completion, context);
  } finally {
    attempt.end();
  }
}

const isClassified = (value: unknown): value is ClassifiedFailure =>
  typeof value === 'object' && value !== null && 'failure' in value && 'retryable' in value;

/** The attempt was stopped from outside: the command cancelled, or the deadline passed. */
function interrupted(
  request: ChatRequest,
  attempt: AttemptSignal,
  context: FailureContext,
  bounds: AttemptBounds,
): ClassifiedFailure | undefined {
  if (request.signal?.aborted) return { failure: cancelledFailure(context.wording), retryable: false };
  if (!attempt.timedOut()) return undefined;
  return timedOutFailure(context, bounds.deadlineMs);
}

/** A failure of the attempt's bounds (cancel, deadline, size), whatever the SDK made of it. */
function boundFailure(
  error: unknown,
  request: ChatRequest,
  attempt: AttemptSignal,
  context: FailureContext,
  bounds: AttemptBounds,
): ClassifiedFailure | undefined {
  const stopped = interrupted(request, attempt, context, bounds);
  if (stopped) return stopped;
  if (error instanceof AnswerTooLarge || (error instanceof Error && error.cause instanceof AnswerTooLarge))
    return tooLargeFailure(context, bounds.maxAnswerBytes);
  return undefined;
}

/**
 * What the SDK threw for the request: a transport or API error, else (a 200 whose body is not JSON or
 * was cut off: a SyntaxError or the fetch's TypeError) an answer that could not be read.
 */
function requestFailure(error: unknown, request: ChatRequest, context: FailureContext): ClassifiedFailure {
  const refused = request.tools?.length ? toolsRefusedFailure(error, context) : undefined;
  if (refused) return refused;
  const classified = classifyError(error, context, request.signal);
  if (classified) return classified;
  if (error instanceof Error) return unreadableFailure(context, error);
  throw error;
}
