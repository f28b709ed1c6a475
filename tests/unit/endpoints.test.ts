// Endpoint presets and the browser-only failure analysis of "Test connection", with an injected
// fetch: a CORS block and a dead server both throw TypeError; a no-cors probe tells them apart.
import { describe, expect, it } from 'vitest';
import {
  corsHelpFor,
  endpointPresets,
  presetFor,
  testConnection,
} from '../../src/backends/openai/endpoints.ts';
import type { FetchLike } from '../../src/backends/openai/fetch.ts';
import { english } from '../../src/backends/wording.ts';

type Call = { url: string; mode: RequestMode | undefined; authorization: string | null };

/** A browser-like fetch: normal requests fail like a CORS block or a dead server; no-cors as told. */
function browserFetch(noCors: 'opaque' | 'fails') {
  const calls: Call[] = [];
  const fetch: FetchLike = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({ url, mode: init?.mode, authorization: new Headers(init?.headers).get('authorization') });
    if (init?.mode === 'no-cors' && noCors === 'opaque') {
      return { type: 'opaque', status: 0, ok: false } as Response;
    }
    throw new TypeError('Failed to fetch');
  };
  return { fetch, calls };
}

const APP = 'https://rashomon.example';
const PRESETS = endpointPresets(english);

describe('endpoint presets', () => {
  it('offers Ollama, LM Studio, llama.cpp and KoboldCpp at their default addresses', () => {
    expect(PRESETS.map((p) => [p.label, p.baseURL])).toEqual([
      ['Ollama', 'http://localhost:11434/v1'],
      ['LM Studio', 'http://localhost:1234/v1'],
      ['llama.cpp server', 'http://localhost:8080/v1'],
      ['KoboldCpp', 'http://localhost:5001/v1'],
    ]);
    for (const preset of PRESETS) expect(preset.corsHelp.length).toBeGreaterThan(40);
  });

  it("fills the app's origin into the CORS advice", () => {
    const ollama = PRESETS[0]!;
    expect(corsHelpFor(ollama, APP, english)).toContain(`OLLAMA_ORIGINS=${APP} ollama serve`);
    expect(corsHelpFor(ollama, undefined, english)).toContain(
      "OLLAMA_ORIGINS=this app's address ollama serve",
    );
  });

  it('matches an address to a preset by port on a loopback host only', () => {
    expect(presetFor('http://127.0.0.1:1234/v1', PRESETS)?.id).toBe('lm-studio');
    expect(presetFor('http://localhost:11434', PRESETS)?.id).toBe('ollama');
    expect(presetFor('http://[::1]:8080/v1', PRESETS)?.id).toBe('llama-cpp');
    expect(presetFor('http://192.168.1.20:11434/v1', PRESETS)).toBeUndefined();
    expect(presetFor('http://localhost:9999/v1', PRESETS)).toBeUndefined();
    expect(presetFor('not a url', PRESETS)).toBeUndefined();
  });
});

describe('testConnection in a browser: CORS or unreachable', () => {
  it('classifies a TypeError as CORS when a no-cors probe gets an opaque answer, with the preset fix', async () => {
    const { fetch, calls } = browserFetch('opaque');
    const report = await testConnection(
      { baseURL: 'http://localhost:11434/v1/', apiKey: 'secret' },
      { fetch, isBrowser: true, appOrigin: APP, wording: english },
    );
    expect(report).toMatchObject({ ok: false, code: 'cors', models: [] });
    expect(report.detail).toContain('is running, but the browser blocked the answer (CORS)');
    expect(report.detail).toContain(`OLLAMA_ORIGINS=${APP} ollama serve`);
    const probe = calls.find((call) => call.mode === 'no-cors');
    expect(probe).toEqual({ url: 'http://localhost:11434/v1/models', mode: 'no-cors', authorization: null });
  });

  it('explains CORS generically for a server that matches no preset', async () => {
    const { fetch } = browserFetch('opaque');
    const report = await testConnection(
      { baseURL: 'https://llm.example.net/v1' },
      { fetch, isBrowser: true, appOrigin: APP, wording: english },
    );
    expect(report.code).toBe('cors');
    expect(report.detail).toContain(`does not allow web pages from ${APP}`);
    expect(report.detail).toContain('Access-Control-Allow-Origin');
  });

  it('classifies a TypeError as unreachable when the no-cors probe fails too', async () => {
    const { fetch, calls } = browserFetch('fails');
    const report = await testConnection(
      { baseURL: 'http://localhost:1234/v1' },
      { fetch, isBrowser: true, appOrigin: APP, wording: english },
    );
    expect(report).toMatchObject({ ok: false, code: 'unreachable' });
    expect(report.detail).toMatch(/Could not reach/);
    expect(report.detail).toMatch(/local network access/);
    expect(calls.some((call) => call.mode === 'no-cors')).toBe(true);
  });

  it('names mixed content when an https page tries a plain http server on the network', async () => {
    const { fetch } = browserFetch('fails');
    const report = await testConnection(
      { baseURL: 'http://192.168.1.20:11434/v1' },
      { fetch, isBrowser: true, appOrigin: APP, wording: english },
    );
    expect(report.code).toBe('unreachable');
    expect(report.detail).toMatch(/plain http:\/\/ addresses other than localhost/);
  });

  it('outside a browser a network error is unreachable, without a no-cors probe', async () => {
    const { fetch, calls } = browserFetch('opaque');
    const report = await testConnection(
      { baseURL: 'http://localhost:11434/v1' },
      { fetch, isBrowser: false, wording: english },
    );
    expect(report.code).toBe('unreachable');
    expect(calls.some((call) => call.mode === 'no-cors')).toBe(false);
  });

  it('does not call an HTTP error answer CORS: the server answered', async () => {
    const calls: Array<RequestMode | undefined> = [];
    const fetch: FetchLike = async (_input, init) => {
      calls.push(init?.mode);
      return new Response(JSON.stringify({ error: { message: 'boom' } }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    };
    const report = await testConnection(
      { baseURL: 'http://localhost:8080/v1' },
      { fetch, isBrowser: true, wording: english },
    );
    expect(report.code).toBe('unreachable');
    expect(report.detail).toMatch(/failed/);
    expect(calls).not.toContain('no-cors');
  });
});

describe('testConnection: odd answers and silence', () => {
  it('reports an answer that is not a model list, suggesting /v1', async () => {
    const fetch: FetchLike = async () =>
      new Response('<html>Welcome</html>', { status: 200, headers: { 'content-type': 'text/html' } });
    const report = await testConnection(
      { baseURL: 'http://localhost:5001' },
      { fetch, isBrowser: false, wording: english },
    );
    expect(report).toMatchObject({ ok: false, code: 'unreachable' });
    expect(report.detail).toContain('did you mean http://localhost:5001/v1?');
  });

  it('gives up on a server that never answers after the timeout', async () => {
    const fetch: FetchLike = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const started = Date.now();
    const report = await testConnection(
      { baseURL: 'http://localhost:1234/v1' },
      { fetch, isBrowser: false, timeoutMs: 200, wording: english },
    );
    expect(report).toMatchObject({ ok: false, code: 'unreachable' });
    expect(report.detail).toContain('did not answer within 0.2 s');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('rejects an address that is not http(s) before any request', async () => {
    let called = false;
    const fetch: FetchLike = async () => {
      called = true;
      return new Response('{}');
    };
    expect(await testConnection({ baseURL: 'localhost:11434' }, { fetch, wording: english })).toMatchObject({
      code: 'unreachable',
      detail: expect.stringContaining('not an http:// or https:// address'),
    });
    expect(called).toBe(false);
  });
});
