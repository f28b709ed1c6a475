// Reads an OpenAI chat-completions answer (whole or streamed) into a ModelAnswer, or a failure when
// the answer is not usable text: no choices, non-text content, a stream that was cut short.
import { APIConnectionError } from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { ModelFailureCode, type ChatRequest, type ModelAnswer } from '../../../driver/model.ts';
import { cancelledFailure, classifyError, type ClassifiedFailure, type FailureContext } from './failures.ts';
import type { Wording } from '../wording.ts';

export type Attempt = ModelAnswer | ClassifiedFailure;

function malformed(detail: string): ClassifiedFailure {
  return { failure: { ok: false, code: ModelFailureCode.malformed, detail }, retryable: false };
}

export function readCompletion(completion: unknown, { baseURL, wording }: FailureContext): Attempt {
  const body = completion as { choices?: unknown; model?: unknown } | null;
  const choices = body?.choices;
  if (!Array.isArray(choices) || choices.length === 0) {
    return malformed(wording('The server at {baseURL} answered without any choices.', { baseURL }));
  }
  const message = (choices[0] as { message?: { content?: unknown } } | undefined)?.message;
  if (typeof message?.content !== 'string') {
    return malformed(wording('The model answered without text (no message content).'));
  }
  return withModel(message.content, body?.model);
}

function withModel(text: string, model: unknown): ModelAnswer {
  return typeof model === 'string' ? { ok: true, text, model } : { ok: true, text };
}

export async function readStream(
  stream: AsyncIterable<ChatCompletionChunk>,
  request: ChatRequest,
  context: FailureContext,
): Promise<Attempt> {
  const { wording } = context;
  const iterator = stream[Symbol.asyncIterator]();
  const state = { text: '', model: undefined as unknown, finished: false };
  let ended = false;
  try {
    for (;;) {
      let step: IteratorResult<ChatCompletionChunk>;
      try {
        step = await iterator.next();
      } catch (error) {
        ended = true; // the SDK has already released the connection
        if (request.signal?.aborted) return { failure: cancelledFailure(wording), retryable: false };
        // Tokens may already be on screen, so nothing after this point is retried.
        // A dropped connection here is a cut answer, not an unreachable server.
        const classified =
          error instanceof APIConnectionError ? undefined : classifyError(error, context, request.signal);
        const reason = error instanceof Error ? error.message : String(error);
        return classified
          ? { ...classified, retryable: false }
          : malformed(
              wording('The answer stream broke after {count} characters ({reason}). Try again.', {
                count: state.text.length,
                reason,
              }),
            );
      }
      // The SDK ends the iteration quietly on abort, so the signal is the only sign.
      if (request.signal?.aborted) return { failure: cancelledFailure(wording), retryable: false };
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
    return malformed(
      wording(
        'The answer stream ended before the model finished (after {count} characters); the connection may have been cut. Try again.',
        { count: state.text.length },
      ),
    );
  }
  return withModel(state.text, state.model);
}

/** Adds one chunk's text to the state; returns a failure when the chunk is not text. */
function takeChunk(
  chunk: ChatCompletionChunk,
  state: { text: string; model: unknown; finished: boolean },
  onToken: ((delta: string) => void) | undefined,
  wording: Wording,
): ClassifiedFailure | undefined {
  const choices = (chunk as { choices?: unknown }).choices;
  // Chunks without choices (usage reports) are legitimate; skip them.
  if (!Array.isArray(choices) || choices.length === 0) return undefined;
  const first = choices[0] as { delta?: { content?: unknown }; finish_reason?: unknown };
  const delta = first.delta?.content;
  if (delta !== undefined && delta !== null && typeof delta !== 'string') {
    return malformed(wording('The answer stream carried something other than text.'));
  }
  state.model ??= chunk.model;
  if (first.finish_reason) state.finished = true;
  if (delta) {
    state.text += delta;
    onToken?.(delta);
  }
  return undefined;
}
