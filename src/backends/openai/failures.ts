// Turns what the openai SDK throws into a ModelFailure a user can act on, and says whether the
// failure is worth retrying (rate limits, server errors, network trouble).
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from 'openai/core/error';
import { ModelFailureCode, type ModelFailure } from '../../driver/model.ts';
import type { Wording } from '../wording.ts';

export interface FailureContext {
  baseURL: string;
  model: string;
  wording: Wording;
}

export interface ClassifiedFailure {
  failure: ModelFailure;
  retryable: boolean;
  /** Response headers, for Retry-After. */
  headers?: Headers;
}

// Servers that do not 404 an unknown model (llama.cpp, LM Studio, Ollama variants) say so in words.
const MODEL_MISSING = /model.*(not found|does not exist|doesn't exist|unknown|no such|not loaded)/i;

// Servers that take no `tools` refuse the request in words: Ollama "… does not support tools",
// llama.cpp "tools param requires --jinja flag", vLLM "\"auto\" tool choice requires --enable-auto-tool-choice".
const TOOLS_REFUSED = /\btools?\b|tool[_ ]choice|function[_ ]call/i;

/** A 400/422 to a request with `tools` that names them: the server does not take tool calls. */
export function toolsRefusedFailure(error: unknown, context: FailureContext): ClassifiedFailure | undefined {
  if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 422)) return undefined;
  if (!TOOLS_REFUSED.test(error.message)) return undefined;
  const { baseURL, wording } = context;
  return {
    failure: {
      ok: false,
      code: ModelFailureCode.toolsRefused,
      detail: wording('The server at {baseURL} does not take tool calls ({message}).', {
        baseURL,
        message: error.message,
      }),
    },
    retryable: false,
  };
}

export function cancelledFailure(wording: Wording): ModelFailure {
  return { ok: false, code: ModelFailureCode.cancelled, detail: wording('The request was cancelled.') };
}

/** Undefined when the error is not a transport or API error: that is a bug and should be thrown. */
export function classifyError(
  error: unknown,
  context: FailureContext,
  signal?: AbortSignal,
): ClassifiedFailure | undefined {
  if (signal?.aborted || error instanceof APIUserAbortError) {
    return { failure: cancelledFailure(context.wording), retryable: false };
  }
  if (error instanceof APIConnectionError) return { failure: unreachable(error, context), retryable: true };
  if (!(error instanceof APIError)) return undefined;
  const { status } = error;
  const message = error.message;
  const { baseURL, wording } = context;
  const fail = (code: ModelFailureCode, detail: string, retryable = false): ClassifiedFailure => ({
    failure: { ok: false, code, detail },
    retryable,
    ...(error.headers ? { headers: error.headers } : {}),
  });
  if (status === 401 || status === 403) {
    return fail(
      ModelFailureCode.unauthorized,
      wording('The server at {baseURL} refused the request ({message}). Check the API key.', {
        baseURL,
        message,
      }),
    );
  }
  if (status === 404 || ((status === 400 || status === 422) && MODEL_MISSING.test(message))) {
    return fail(
      ModelFailureCode.modelNotFound,
      wording(
        'The server at {baseURL} does not know the model "{model}" ({message}). List the models the server offers and pick one of them; if listing fails too, check the base URL (it usually ends in /v1).',
        { baseURL, model: context.model, message },
      ),
    );
  }
  if (status === 429) {
    return fail(
      ModelFailureCode.rateLimited,
      wording(
        'The server at {baseURL} is rate-limiting requests ({message}). Wait a moment and try again, or lower the number of parallel requests.',
        { baseURL, message },
      ),
      true,
    );
  }
  if (status !== undefined && status >= 500) {
    return fail(
      ModelFailureCode.server,
      wording(
        "The server at {baseURL} failed ({message}). Try again; if it keeps failing, check the server's log.",
        { baseURL, message },
      ),
      true,
    );
  }
  if (status === undefined) {
    // An error event inside a stream: the server gave up mid-answer.
    return fail(
      ModelFailureCode.server,
      wording('The server reported an error while answering: {message}', { message }),
    );
  }
  // Other 4xx: the server refuses this request as such (context too long, unsupported option).
  return fail(
    ModelFailureCode.server,
    wording('The server at {baseURL} rejected the request ({message}).', { baseURL, message }),
  );
}

function unreachable(error: APIConnectionError, context: FailureContext): ModelFailure {
  const { wording } = context;
  const why = error instanceof APIConnectionTimeoutError ? wording('timed out') : describeCause(error);
  return {
    ok: false,
    code: ModelFailureCode.unreachable,
    detail: wording(
      'Could not reach the model server at {baseURL} ({why}). Is the server running, and is the base URL right?',
      { baseURL: context.baseURL, why },
    ),
  };
}

/** The innermost useful reason: fetch wraps the socket error (ECONNREFUSED, ENOTFOUND) in causes. */
function describeCause(error: Error): string {
  let reason = error.message;
  let current: unknown = error.cause;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    reason = typeof code === 'string' ? `${code}: ${current.message}` : current.message;
    current = current.cause;
  }
  return reason;
}

/**
 * The request's deadline passed (AttemptSignal): told at once, never asked again (MS2) — a server
 * silent for a whole deadline would hold the person five deadlines with the retries — and mended in
 * Settings (the profile's request deadline) or with `--timeout`.
 */
export function timedOutFailure(context: FailureContext, deadlineMs: number): ClassifiedFailure {
  const { baseURL, wording } = context;
  return said(
    ModelFailureCode.unreachable,
    false,
    wording(
      'The model server at {baseURL} took longer than {seconds} s to answer, so the request was stopped. Try again; if the model needs longer, raise the request deadline (the backend profile in Settings, or --timeout).',
      { baseURL, seconds: Math.round(deadlineMs / 1000) },
    ),
  );
}

/** The answer grew past MAX_ANSWER_BYTES: a server gone wrong, not worth asking again at once. */
export function tooLargeFailure(context: FailureContext, maxBytes: number): ClassifiedFailure {
  const { baseURL, wording } = context;
  return said(
    ModelFailureCode.malformed,
    false,
    wording(
      "The model server at {baseURL} sent an answer larger than {size} MB, so it was stopped: no chat answer is that long. Check the server's log and the model's settings.",
      { baseURL, size: maxBytes / 1024 / 1024 },
    ),
  );
}

/** A 200 whose body is not JSON, or was cut before its end: the server may do better next time. */
export function unreadableFailure(context: FailureContext, error: Error): ClassifiedFailure {
  const { baseURL, wording } = context;
  return said(
    ModelFailureCode.malformed,
    true,
    wording(
      "The model server at {baseURL} sent an answer that could not be read ({reason}). Try again; if it keeps happening, check the server's log.",
      { baseURL, reason: describeCause(error) },
    ),
  );
}

/** A failure its attempt's bounds or answer made, `detail` in the person's words. */
function said(code: ModelFailureCode, retryable: boolean, detail: string): ClassifiedFailure {
  return { failure: { ok: false, code, detail }, retryable };
}
