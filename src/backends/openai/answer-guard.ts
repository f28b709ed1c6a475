// What bounds one request to a model server (issue 19): a deadline for all of it, the body included
// (the SDK's own timeout ends when the headers arrive, so a trickling answer once hung for minutes),
// and a cap on the bytes of an answer, counted as they arrive, so a runaway server cannot fill memory.
import { DEFAULT_REQUEST_TIMEOUT_S } from '../../driver/request-deadline.ts';
import type { FetchLike } from './fetch.ts';

/** One request's deadline, body included, unless the profile or `--timeout` sets another. */
export const DEFAULT_REQUEST_TIMEOUT_MS = DEFAULT_REQUEST_TIMEOUT_S * 1000;
/**
 * The most bytes one answer may bring. A chat answer of a few thousand tokens is a few KB as JSON and
 * tens of KB streamed (each token its own event); anything near this is a server gone wrong.
 */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** Raised inside the answer's body when it grows past its cap; the connection is closed with it. */
export class AnswerTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the answer is larger than ${maxBytes} bytes`);
    this.name = 'AnswerTooLarge';
  }
}

/** `fetchImpl` whose answers' bodies error with AnswerTooLarge past `maxBytes`. */
export function cappedFetch(fetchImpl: FetchLike, maxBytes: number): FetchLike {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (!response.body) return response;
    let seen = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > maxBytes) controller.error(new AnswerTooLarge(maxBytes));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** One attempt's signal: aborted by the command's signal, or when the deadline passes. */
export interface AttemptSignal {
  signal: AbortSignal;
  /** The deadline passed (rather than the command being cancelled). */
  timedOut(): boolean;
  /** Stops the clock and lets go of the command's signal. */
  end(): void;
}

export function startAttempt(parent: AbortSignal | undefined, deadlineMs: number): AttemptSignal {
  // The SDK never removes the listener it adds to the signal it is given: a signal of its own per
  // attempt, which the command's aborts, keeps a long command's signal from gathering one per request.
  const controller = new AbortController();
  let expired = false;
  const forward = () => controller.abort(parent?.reason);
  if (parent?.aborted) forward();
  parent?.addEventListener('abort', forward, { once: true });
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new Error(`deadline of ${deadlineMs} ms passed`));
  }, deadlineMs);
  return {
    signal: controller.signal,
    timedOut: () => expired,
    end() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', forward);
    },
  };
}
