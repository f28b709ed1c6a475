// The ChatModel for an in-browser WebLLM engine: OpenAI's json_schema becomes WebLLM's json_object +
// schema string, tokens stream through onToken, abort interrupts the engine, and requests wait in a
// FIFO lane per engine because an engine generates one answer at a time (and its interrupt is global).
// Its limits are the model record's context window; answers carry the engine's usage.
import {
  ContextSource,
  ModelFailureCode,
  type ChatModel,
  type ChatRequest,
  type ChatResult,
  type ModelAnswer,
  type ModelFailure,
  type ModelLimits,
} from '../../driver/model.ts';
import { startTurn, type EngineTurn } from './prefill-reuse.ts';
import { createRequestLane, type RequestLane } from './request-lane.ts';
import { createThinkingFilter, stripThinking } from './think-filter.ts';
import { webllmCancelled, webllmFailure } from './failures.ts';
import type { Wording } from '../wording.ts';
import type {
  WebllmChatParams,
  WebllmChunkLike,
  WebllmCompletionLike,
  WebllmEngineLike,
  WebllmUsageLike,
} from './engine.ts';

export interface WebllmChatModelOptions {
  engine: WebllmEngineLike;
  /** The WebLLM model id loaded in the engine, e.g. Llama-3.2-1B-Instruct-q4f32_1-MLC. */
  model: string;
  /**
   * Let Qwen3 models think before answering (default false: slower, and nothing uses the thoughts).
   * A leading <think> block is removed from every answer regardless of the model.
   */
  thinking?: boolean;
  /** The model record's context window (`overrides.context_window_size`), when it has one. */
  contextTokens?: number;
  /** The words of its failures (see wording.ts). */
  wording: Wording;
}

// One lane per engine, shared by every chat model over it (actor and projector may use one engine).
const lanes = new WeakMap<WebllmEngineLike, RequestLane>();

function laneFor(engine: WebllmEngineLike): RequestLane {
  let lane = lanes.get(engine);
  if (!lane) lanes.set(engine, (lane = createRequestLane()));
  return lane;
}

export function createWebllmChatModel(options: WebllmChatModelOptions): ChatModel {
  const { engine, model, wording } = options;
  const cancelled = () => webllmCancelled(wording);
  const lane = laneFor(engine);
  // WebLLM's enable_thinking switch exists for Qwen3 only (it would inject think tags into others).
  const thinkingOff = /^qwen3/i.test(model) && options.thinking !== true;

  const contextTokens = options.contextTokens ?? null;

  return {
    limits: async () => recordLimits(contextTokens),
    async complete(request) {
      if (request.signal?.aborted) return cancelled();
      const release = await lane.acquire(request.signal);
      if (!release) return cancelled(); // left the queue before reaching the engine
      if (request.signal?.aborted) {
        release();
        return cancelled();
      }
      const params = toParams(model, request, thinkingOff);
      // The lane is held until the engine has really finished, even when the caller is answered
      // sooner (cancel): the next request must not start while this generation winds down.
      const run = generate({ engine, model, wording }, params, request);
      run.then(release, release);
      return answerOrCancel(run, engine, request.signal, cancelled);
    },
  };
}

/**
 * Limits from the model's record. No countTokens: the engine counts tokens only inside a generation,
 * and has no public tokenizer to ask.
 */
/** The record's context; an engine in the page keeps one conversation, so one prompt, at a time. */
export function recordLimits(contextTokens: number | null): ModelLimits {
  return contextTokens === null
    ? { contextTokens, promptSlots: 1 }
    : { contextTokens, source: ContextSource.record, promptSlots: 1 };
}

function toParams(model: string, request: ChatRequest, thinkingOff: boolean): WebllmChatParams {
  const schema = request.response_format?.json_schema.schema;
  return {
    model,
    // No tools here (callers ask this backend for JSON instead): a tool result is told as the user's.
    messages: request.messages.map(({ role, content }) => ({
      role: role === 'tool' ? 'user' : role,
      content,
    })),
    stream: request.stream === true,
    ...(request.stream ? { stream_options: { include_usage: true } } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.top_p !== undefined ? { top_p: request.top_p } : {}),
    ...(request.max_tokens !== undefined ? { max_tokens: request.max_tokens } : {}),
    ...(request.stop?.length ? { stop: request.stop } : {}),
    ...(schema ? { response_format: { type: 'json_object', schema: JSON.stringify(schema) } } : {}),
    ...(thinkingOff ? { extra_body: { enable_thinking: false } } : {}),
  };
}

/** The run's answer, or cancelled as soon as the signal aborts (after asking the engine to stop). */
function answerOrCancel(
  run: Promise<ChatResult>,
  engine: WebllmEngineLike,
  signal: AbortSignal | undefined,
  cancelled: () => ModelFailure,
): Promise<ChatResult> {
  if (!signal) return run;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      interrupt(engine);
      resolve(cancelled());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    run.then(
      (result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(signal.aborted ? cancelled() : result);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function interrupt(engine: WebllmEngineLike): void {
  // Stopping is best effort: the lane stays held until the generation has ended either way.
  Promise.resolve()
    .then(() => engine.interruptGenerate())
    .catch(() => {});
}

/** What a generation runs on: the engine, its model id, and the words of its failures. */
interface Generation {
  engine: WebllmEngineLike;
  model: string;
  wording: Wording;
}

async function generate(on: Generation, params: WebllmChatParams, request: ChatRequest): Promise<ChatResult> {
  const turn = startTurn(on.engine, params.messages);
  let reply: WebllmCompletionLike | AsyncIterable<WebllmChunkLike>;
  try {
    reply = await on.engine.chat.completions.create(params);
  } catch (error) {
    return request.signal?.aborted ? webllmCancelled(on.wording) : webllmFailure(error, on.model, on.wording);
  }
  if (isAsyncIterable(reply)) return readChunks(reply, on, request, turn);
  if (request.signal?.aborted) return webllmCancelled(on.wording);
  return readCompletion(reply, on, turn);
}

function readCompletion(
  completion: WebllmCompletionLike,
  { model, wording }: Generation,
  turn: EngineTurn,
): ChatResult {
  const choice = completion.choices?.[0];
  const content = choice?.message?.content;
  if (typeof content !== 'string') return malformed(wording('The in-browser model answered without text.'));
  turn.end(content, choice?.finish_reason);
  if (choice?.finish_reason === 'abort') return interrupted(wording);
  return answer(
    stripThinking(content),
    completion.model ?? model,
    turn.continued ? undefined : completion.usage,
    choice?.finish_reason,
  );
}

/** An answer with the engine's usage, when it counted the whole prompt. */
function answer(
  text: string,
  model: string,
  usage: WebllmUsageLike | null | undefined,
  finish: string | null | undefined,
): ModelAnswer {
  const counted = usage && Number.isInteger(usage.prompt_tokens) && usage.prompt_tokens > 0;
  return {
    ok: true,
    text,
    model,
    ...(finish ? { finishReason: finish } : {}),
    ...(counted
      ? {
          usage: {
            promptTokens: usage.prompt_tokens,
            ...(usage.completion_tokens !== undefined ? { completionTokens: usage.completion_tokens } : {}),
          },
        }
      : {}),
  };
}

/**
 * Reads the stream to its end, even after a cancel or a throwing onToken (the engine keeps the
 * generation until its final chunk); tokens stop reaching the caller at once.
 */
async function readChunks(
  stream: AsyncIterable<WebllmChunkLike>,
  { engine, model, wording }: Generation,
  request: ChatRequest,
  turn: EngineTurn,
): Promise<ChatResult> {
  const iterator = stream[Symbol.asyncIterator]();
  const filter = createThinkingFilter();
  let text = '';
  let finish: string | null | undefined;
  let answeredBy: string | undefined;
  let usage: WebllmUsageLike | null | undefined;
  let callbackError: { error: unknown } | undefined;
  const emit = (piece: string) => {
    if (!piece || !request.onToken || callbackError || request.signal?.aborted) return;
    try {
      request.onToken(piece);
    } catch (error) {
      callbackError = { error };
      interrupt(engine);
    }
  };
  for (;;) {
    let step: IteratorResult<WebllmChunkLike>;
    try {
      step = await iterator.next();
    } catch (error) {
      if (callbackError) throw callbackError.error;
      return request.signal?.aborted ? webllmCancelled(wording) : webllmFailure(error, model, wording);
    }
    if (step.done) break;
    // An interrupt raised before the engine took the request is cleared when it starts: repeat it.
    if (request.signal?.aborted || callbackError) interrupt(engine);
    const choice = step.value.choices?.[0];
    answeredBy ??= step.value.model;
    usage = step.value.usage ?? usage; // in the last chunk, which carries no choices
    if (!choice) continue;
    const delta = choice.delta?.content;
    if (delta) {
      text += delta;
      emit(filter.push(delta));
    }
    if (choice.finish_reason) finish = choice.finish_reason;
  }
  turn.end(text, finish);
  if (callbackError) throw callbackError.error;
  if (request.signal?.aborted) return webllmCancelled(wording);
  if (!finish) {
    return malformed(
      wording(
        "The in-browser model's answer ended before it finished (after {count} characters). Try again.",
        { count: text.length },
      ),
    );
  }
  if (finish === 'abort') return interrupted(wording);
  emit(filter.flush());
  return answer(stripThinking(text), answeredBy ?? model, turn.continued ? undefined : usage, finish);
}

function isAsyncIterable(value: unknown): value is AsyncIterable<WebllmChunkLike> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

function malformed(detail: string): ModelFailure {
  return { ok: false, code: ModelFailureCode.malformed, detail };
}

/** The engine stopped without our signal: someone else interrupted it. Nothing usable came back. */
function interrupted(wording: Wording): ModelFailure {
  return webllmCancelled(
    wording,
    wording('The in-browser model was interrupted before it finished. Try again.'),
  );
}
