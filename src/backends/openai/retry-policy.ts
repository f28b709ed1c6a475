// How long to wait before retrying a transport failure (429, 5xx, network): deterministic
// exponential backoff, or the server's own Retry-After hint, always bounded.

/** Retries after the first attempt: five tries in all ride out a server restart or a short overload. */
export const MAX_TRANSPORT_RETRIES = 4;
/** First backoff step; doubles each retry (0.5 s, 1 s, 2 s, 4 s). */
export const INITIAL_BACKOFF_MS = 500;
/** Upper bound for our own backoff, so a raised retry count cannot make one wait absurdly long. */
export const MAX_BACKOFF_MS = 8_000;
/** Upper bound for a server's Retry-After: a user watching a story should not wait longer per try. */
export const MAX_RETRY_AFTER_MS = 30_000;

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;
export type Clock = () => number;

/** Our own delay before retry number `retry` (1-based); no jitter, so tests can assert it. */
export function backoffDelay(retry: number): number {
  return Math.min(INITIAL_BACKOFF_MS * 2 ** (retry - 1), MAX_BACKOFF_MS);
}

/**
 * The delay the server asked for, from `retry-after-ms` (milliseconds, non-standard but sent by
 * OpenAI) or `Retry-After` (seconds or an HTTP date); undefined when absent or unparseable.
 */
export function serverRetryDelay(headers: Headers | undefined, clock: Clock): number | undefined {
  if (!headers) return undefined;
  const millis = parseNonNegative(headers.get('retry-after-ms'));
  if (millis !== undefined) return Math.min(millis, MAX_RETRY_AFTER_MS);
  const raw = headers.get('retry-after');
  if (raw === null) return undefined;
  const seconds = parseNonNegative(raw);
  if (seconds !== undefined) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(raw);
  if (Number.isNaN(date)) return undefined;
  return Math.min(Math.max(date - clock(), 0), MAX_RETRY_AFTER_MS);
}

function parseNonNegative(raw: string | null): number | undefined {
  if (raw === null || !/^\s*\d+(\.\d+)?\s*$/.test(raw)) return undefined;
  return Number(raw);
}

/** The default sleep: a real timer, cleared if the signal aborts. */
export const timerSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });

/**
 * Waits `ms` with the given sleep, but returns false as soon as the signal aborts, even if an
 * injected sleep ignores the signal; true when the wait ran out normally.
 */
export async function waitUnlessAborted(
  sleep: Sleep,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  if (signal?.aborted) return false;
  if (!signal) {
    await sleep(ms);
    return true;
  }
  let onAbort = () => {};
  const aborted = new Promise<void>((resolve) => {
    onAbort = () => resolve();
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([sleep(ms, signal), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  return !signal.aborted;
}
