// Reads an OpenAI chat-completions answer (whole or streamed) into a ModelAnswer, or a failure when
// the answer is not usable text: no choices, non-text content, a stream that was cut short. The
// tokens the server counted (`usage`) come along when it reports them.
import { APIConnectionError } from 'openai/core/error';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { ModelFailureCode, type ChatRequest, type ModelAnswer } from '../../driver/model.ts';
import { classifyError, type ClassifiedFailure, type FailureContext } from './failures.ts';
import { createToolCallDeltas, readToolCalls } from './tool-calls.ts';
import type { Wording } from '../wording.ts';

export type Attempt = ModelAnswer | ClassifiedFailure;

/** What stops a stream from outside it (chat-model.ts): a cancel, the deadline, the size cap. */
export interface StreamGuard {
  /** The attempt was cancelled or ran out of time: the stream's end says nothing else. */
  interrupted(): ClassifiedFailure | undefined;
  /** `interrupted`, or the error was the answer outgrowing its cap. */
  failed(error: unknown): ClassifiedFailure | undefined;
}

function malformed(detail: string, retryable = false): ClassifiedFailure {
  return { failure: { ok: false, code: ModelFailureCode.malformed, detail }, retryable };
}

const cachedCount = z.int().nonnegative().optional().catch(undefined);

/**
 * OpenAI's `usage`. A prompt of no tokens is not a count (some servers send zeros when they do not
 * count), so a usage without a positive prompt count is left out rather than misleading the driver.
 * The tokens a server took from a prompt it kept: OpenAI's (and vLLM's, xAI's…)
 * `prompt_tokens_details.cached_tokens`, DeepSeek's `prompt_cache_hit_tokens`.
 */
const usageSchema = z.object({
  prompt_tokens: z.int().positive(),
  completion_tokens: z.int().nonnegative().optional(),
  // A cached count a server fills otherwise (a null, a string) is dropped alone, not the usage with it.
  prompt_tokens_details: z.object({ cached_tokens: cachedCount }).nullish().catch(undefined),
  prompt_cache_hit_tokens: cachedCount,
});

/** llama.cpp's `timings`: the prompt's tokens taken from the slot's kept prompt (`cache_n`). */
const timingsSchema = z.object({ cache_n: z.int().nonnegative() });

/** The usage a completion or chunk reports (`usage`, and llama.cpp's `timings`), or undefined when none we can use. */
function readUsage(body: { usage?: unknown; timings?: unknown } | null | undefined): ModelAnswer['usage'] {
  const usage = usageSchema.safeParse(body?.usage);
  if (!usage.success) return undefined;
  const { prompt_tokens, completion_tokens } = usage.data;
  const timings = timingsSchema.safeParse(body?.timings);
  const cached =
    usage.data.prompt_tokens_details?.cached_tokens ??
    usage.data.prompt_cache_hit_tokens ??
    (timings.success ? timings.data.cache_n : undefined);
  return {
    promptTokens: prompt_tokens,
    ...(completion_tokens !== undefined ? { completionTokens: completion_tokens } : {}),
    ...(cached !== undefined ? { cachedTokens: Math.min(cached, prompt_tokens) } : {}),
  };
}

export function readCompletion(completion: unknown, { baseURL, wording }: FailureContext): Attempt {
  const body = completion as {
    choices?: unknown;
    model?: unknown;
    usage?: unknown;
    timings?: unknown;
  } | null;
  const choices = body?.choices;
  if (!Array.isArray(choices) || choices.length === 0) {
    return malformed(wording('The server at {baseURL} answered without any choices.', { baseURL }));
  }
  const first = choices[0] as {
    message?: { content?: unknown; tool_calls?: unknown };
    finish_reason?: unknown;
  };
  const message = first.message;
  const toolCalls = readToolCalls(message?.tool_calls);
  // An answer that only calls tools may carry no content at all.
  const text = typeof message?.content === 'string' ? message.content : toolCalls.length ? '' : undefined;
  if (text === undefined) {
    return malformed(wording('The model answered without text (no message content).'));
  }
  return answer(text, body?.model, readUsage(body), { toolCalls, finishReason: first.finish_reason });
}

function answer(
  text: string,
  model: unknown,
  usage: ModelAnswer['usage'],
  end: { toolCalls: ModelAnswer['toolCalls']; finishReason: unknown },
): ModelAnswer {
  return {
    ok: true,
    text,
    ...(typeof model === 'string' ? { model } : {}),
    ...(usage ? { usage } : {}),
    ...(end.toolCalls?.length ? { toolCalls: end.toolCalls } : {}),
    ...(typeof end.finishReason === 'string' ? { finishReason: end.finishReason } : {}),
  };
}

/** What a stream has brought so far. */
interface StreamState {
  text: string;
  model: unknown;
  finished: boolean;
  finishReason?: string;
  usage: ModelAnswer['usage'];
  toolCalls: ReturnType<typeof createToolCallDeltas>;
}

export async function readStream(
  stream: AsyncIterable<ChatCompletionChunk>,
  request: ChatRequest,
  context: FailureContext,
  guard: StreamGuard,
): Promise<Attempt> {
  const { wording } = context;
  const iterator = stream[Symbol.asyncIterator]();
  const state: StreamState = {
    text: '',
    model: undefined,
    finished: false,
    usage: undefined,
    toolCalls: createToolCallDeltas(),
  };
  // Once tokens are on screen nothing is retried: a second answer would be shown after the first.
  const unlessShown = (failure: ClassifiedFailure): ClassifiedFailure =>
    state.text ? { ...failure, retryable: false } : failure;
  let ended = false;
  try {
    for (;;) {
      let step: IteratorResult<ChatCompletionChunk>;
      try {
        step = await iterator.next();
      } catch (error) {
        ended = true; // the SDK has already released the connection
        const stopped = guard.failed(error);
        if (stopped) return unlessShown(stopped);
        // A dropped connection here is a cut answer, not an unreachable server.
        const classified =
          error instanceof APIConnectionError ? undefined : classifyError(error, context, request.signal);
        const reason = error instanceof Error ? error.message : String(error);
        return unlessShown(
          classified ??
            malformed(
              wording('The answer stream broke after {count} characters ({reason}). Try again.', {
                count: state.text.length,
                reason,
              }),
              true,
            ),
        );
      }
      // The SDK ends the iteration quietly on abort, so the signal is the only sign.
      const stopped = guard.interrupted();
      if (stopped) return unlessShown(stopped);
      if (step.done) {
        ended = true;
        break;
      }
      const problem = takeChunk(step.value, state, request.onToken, wording);
      if (problem) return problem;
    }
  } finally {
    // Leaving early (cancel, bad chunk, a throwing onToken) must close the connection.
    if (!ended) iterator.return?.().catch(() => {}); // closing is best effort; the answer is decided
  }
  if (!state.finished) {
    return unlessShown(
      malformed(
        wording(
          'The answer stream ended before the model finished (after {count} characters); the connection may have been cut. Try again.',
          { count: state.text.length },
        ),
        true,
      ),
    );
  }
  return answer(state.text, state.model, state.usage, {
    toolCalls: state.toolCalls.calls(),
    finishReason: state.finishReason,
  });
}

/** Adds one chunk's text to the state; returns a failure when the chunk is not text. */
function takeChunk(
  chunk: ChatCompletionChunk,
  state: StreamState,
  onToken: ((delta: string) => void) | undefined,
  wording: Wording,
): ClassifiedFailure | undefined {
  // Asked for with stream_options.include_usage: OpenAI sends it in a last chunk without choices, some
  // servers on the finishing chunk; a server that ignores the option sends none, and that is fine.
  state.usage = readUsage(chunk as { usage?: unknown; timings?: unknown }) ?? state.usage;
  const choices = (chunk as { choices?: unknown }).choices;
  if (!Array.isArray(choices) || choices.length === 0) return undefined;
  const first = choices[0] as {
    delta?: { content?: unknown; tool_calls?: unknown };
    finish_reason?: unknown;
  };
  const delta = first.delta?.content;
  if (delta !== undefined && delta !== null && typeof delta !== 'string') {
    return malformed(wording('The answer stream carried something other than text.'));
  }
  state.model ??= chunk.model;
  state.toolCalls.add(first.delta?.tool_calls);
  if (first.finish_reason) state.finished = true;
  if (typeof first.finish_reason === 'string') state.finishReason = first.finish_reason;
  if (delta) {
    state.text += delta;
    onToken?.(delta);
  }
  return undefined;
}
