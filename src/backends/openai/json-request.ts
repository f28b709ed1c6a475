// One request to a server's own API (beside its OpenAI one), with a bounded wait: what it answered as
// JSON, or nothing, and never a throw: such answers only add what the server can tell.
import type { FetchLike } from './fetch.ts';

export interface JsonTarget {
  apiKey?: string;
  fetch?: FetchLike;
}

export interface JsonAnswer {
  /** The server answered at all (any HTTP status). */
  reached: boolean;
  /** The body of a 2xx answer, parsed; undefined for an error status, a body that is not JSON, or no answer. */
  json?: unknown;
}

/** GETs the URL, or POSTs `body` as JSON when given. */
export async function requestJson(
  target: JsonTarget,
  url: string,
  options: { body?: unknown; timeoutMs: number },
): Promise<JsonAnswer> {
  const fetchImpl: FetchLike = target.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const { body, timeoutMs } = options;
  let reached = false;
  try {
    const response = await fetchImpl(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    reached = true;
    return response.ok ? { reached, json: (await response.json()) as unknown } : { reached };
  } catch {
    return { reached }; // refused, blocked (CORS), timed out, or not JSON
  }
}
