// OpenAI-compatible endpoints: presets for local servers, a "Test connection" that names the first
// thing wrong (unreachable, CORS, key, model), and a probe that finds which local server answers.
import type { ConnectionReport, EndpointPreset } from '../reports.ts';
import type { Wording } from '../wording.ts';
import { listModels } from './chat-model.ts';
import type { FetchLike } from './fetch.ts';

/** Placeholder in corsHelp for the app's own origin, filled in when it is known. */
export const APP_ORIGIN = '<app origin>';

/** The local servers the app knows, at their default addresses, with their CORS advice in `wording`. */
export function endpointPresets(wording: Wording): EndpointPreset[] {
  return [
    {
      id: 'ollama',
      label: 'Ollama',
      baseURL: 'http://localhost:11434/v1',
      corsHelp: wording(
        'Ollama answers web pages only from origins it trusts (localhost by default). Quit Ollama and start it with this app\'s origin allowed: OLLAMA_ORIGINS={origin} ollama serve. For the macOS app run launchctl setenv OLLAMA_ORIGINS "{origin}"; on Windows set OLLAMA_ORIGINS as a user environment variable; with systemd add Environment="OLLAMA_ORIGINS=…" to the service. Then restart Ollama.',
        { origin: APP_ORIGIN },
      ),
    },
    {
      id: 'lm-studio',
      label: 'LM Studio',
      baseURL: 'http://localhost:1234/v1',
      corsHelp: wording(
        'Turn on "Enable CORS" in LM Studio\'s local server settings (Developer tab), or start the server with lms server start --cors, then try again.',
      ),
    },
    {
      id: 'llama-cpp',
      label: 'llama.cpp server',
      baseURL: 'http://localhost:8080/v1',
      corsHelp: wording(
        "llama-server accepts web pages from any origin unless it was started with --cors-origins (or with its built-in tools, which limit it to localhost). Add this app's origin: llama-server … --cors-origins {origin}",
        { origin: APP_ORIGIN },
      ),
    },
    {
      id: 'koboldcpp',
      label: 'KoboldCpp',
      baseURL: 'http://localhost:5001/v1',
      corsHelp: wording(
        'KoboldCpp normally accepts web pages from any origin. If the browser still blocks it, update KoboldCpp and check that nothing in between (a proxy or tunnel) strips its CORS headers.',
      ),
    },
  ];
}

export interface Endpoint {
  baseURL: string;
  apiKey?: string;
  model?: string;
}

export interface ConnectionOptions {
  fetch?: FetchLike;
  /** In a browser a CORS block looks like a dead server; only there is it worth telling apart. */
  isBrowser?: boolean;
  /** The app's origin, put into CORS advice. Defaults to location.origin where there is one. */
  appOrigin?: string;
  /** Give up on a silent server after this long. */
  timeoutMs?: number;
  /** The servers to probe and to take CORS advice from; endpointPresets(wording) by default. */
  presets?: readonly EndpointPreset[];
  /** The words of the report (see wording.ts). */
  wording: Wording;
}

const DEFAULT_TIMEOUT_MS = 8_000;
const PROBE_TIMEOUT_MS = 1_500;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Reachable → CORS → authorized → has models → has this model: the first failing step is reported. */
export async function testConnection(
  endpoint: Endpoint,
  options: ConnectionOptions,
): Promise<ConnectionReport> {
  const { wording } = options;
  const baseURL = endpoint.baseURL.trim().replace(/\/+$/, '');
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const report = (code: ConnectionReport['code'], detail: string, models: string[] = []) => ({
    ok: false,
    ...(code ? { code } : {}),
    detail,
    models,
  });
  if (!/^https?:\/\/[^/]/i.test(baseURL)) {
    return report(
      'unreachable',
      wording('"{address}" is not an http:// or https:// address.', { address: endpoint.baseURL }),
    );
  }

  let transportError: unknown;
  let status: number | undefined;
  let body: Promise<unknown> | undefined;
  const watched: FetchLike = (input, init) =>
    fetchImpl(input, init).then(
      (response) => {
        status = response.status;
        // The SDK reads any 2xx body as an empty list: keep a copy to check it really is one.
        if (response.ok)
          body = response
            .clone()
            .json()
            .catch(() => undefined);
        return response;
      },
      (error: unknown) => {
        transportError = error;
        throw error;
      },
    );
  const signal = AbortSignal.timeout(timeoutMs);
  let listed: Awaited<ReturnType<typeof listModels>>;
  try {
    listed = await listModels({
      baseURL,
      ...(endpoint.apiKey ? { apiKey: endpoint.apiKey } : {}),
      wording,
      fetch: watched,
      signal,
    });
  } catch {
    return notAModelList(baseURL, wording);
  }

  if (!listed.ok) {
    if (signal.aborted) {
      return report(
        'unreachable',
        wording('{baseURL} did not answer within {seconds} s. Is the server running and the address right?', {
          baseURL,
          seconds: timeoutMs / 1000,
        }),
      );
    }
    if (listed.code === 'unauthorized') {
      return report(
        'unauthorized',
        endpoint.apiKey
          ? wording('{baseURL} refused the API key. Enter the key the server expects.', { baseURL })
          : wording('{baseURL} refused the API key (none was given). Enter the key the server expects.', {
              baseURL,
            }),
      );
    }
    if (transportError !== undefined && (options.isBrowser ?? inBrowser())) {
      // Blocked by CORS and refused both surface as a TypeError. A no-cors request can still reach
      // a server that sends no CORS headers (its answer is opaque): if it arrives, the server is up.
      if (await answersOpaquely(fetchImpl, `${baseURL}/models`, timeoutMs)) {
        return report('cors', corsDetail(baseURL, options));
      }
      return report('unreachable', withBrowserHint(listed.detail, baseURL, options));
    }
    const v1Hint = status === 404 && !/\/v\d+$/.test(baseURL);
    return report(
      'unreachable',
      v1Hint
        ? wording('{detail} Did you mean {baseURL}/v1?', { detail: listed.detail, baseURL })
        : listed.detail,
    );
  }

  const models = listed.models;
  if (models.length === 0) {
    const raw = (await body) as { data?: unknown } | undefined;
    if (!Array.isArray(raw?.data)) return notAModelList(baseURL, wording);
    return report(
      'no-models',
      wording(
        '{baseURL} answers but offers no models. Load or download one in the server first (for Ollama: ollama pull <model>; in LM Studio: load a model in the Developer tab).',
        { baseURL },
      ),
    );
  }
  const wanted = endpoint.model?.trim();
  if (wanted && !models.includes(wanted)) {
    return report(
      'model-not-found',
      wording('{baseURL} has no model "{model}". It offers: {models}.', {
        baseURL,
        model: wanted,
        models: listSome(models, wording),
      }),
      models,
    );
  }
  return {
    ok: true,
    detail: wanted
      ? wording('Connected to {baseURL}: "{model}" is available ({models}).', {
          baseURL,
          model: wanted,
          models: count(models.length, wording),
        })
      : wording('Connected to {baseURL}: {models} available.', {
          baseURL,
          models: count(models.length, wording),
        }),
    models,
  };
}

export interface ProbeResult {
  preset: EndpointPreset;
  report: ConnectionReport;
}

/**
 * Tries every preset at once with a short timeout; returns the ones whose server is there (working,
 * or answering with a problem such as CORS or a key), in preset order.
 */
export async function probeLocalServers(options: ConnectionOptions): Promise<ProbeResult[]> {
  const presets = options.presets ?? endpointPresets(options.wording);
  const tried = await Promise.all(
    presets.map(async (preset) => ({
      preset,
      report: await testConnection(
        { baseURL: preset.baseURL },
        { ...options, timeoutMs: options.timeoutMs ?? PROBE_TIMEOUT_MS },
      ),
    })),
  );
  return tried.filter(({ report }) => report.code !== 'unreachable');
}

/** An answer that is not an OpenAI model list at all (a web page, another API). */
function notAModelList(baseURL: string, wording: Wording): ConnectionReport {
  return {
    ok: false,
    code: 'unreachable',
    detail: /\/v\d+$/.test(baseURL)
      ? wording(
          '{baseURL}/models answered with something other than an OpenAI-compatible model list. Check the base URL.',
          { baseURL },
        )
      : wording(
          '{baseURL}/models answered with something other than an OpenAI-compatible model list. Check the base URL (did you mean {baseURL}/v1?).',
          { baseURL },
        ),
    models: [],
  };
}

/** The preset serving this address: same port on a loopback host (localhost, 127.0.0.1, ::1). */
export function presetFor(baseURL: string, presets: readonly EndpointPreset[]): EndpointPreset | undefined {
  const target = parseURL(baseURL);
  if (!target || !LOOPBACK.has(target.hostname)) return undefined;
  return presets.find((preset) => {
    const candidate = parseURL(preset.baseURL);
    return candidate && LOOPBACK.has(candidate.hostname) && candidate.port === target.port;
  });
}

/** A preset's CORS advice with the app's origin filled in. */
export function corsHelpFor(preset: EndpointPreset, appOrigin: string | undefined, wording: Wording): string {
  return preset.corsHelp.split(APP_ORIGIN).join(appOrigin ?? wording("this app's address"));
}

function corsDetail(baseURL: string, options: ConnectionOptions): string {
  const { wording } = options;
  const appOrigin = options.appOrigin ?? currentOrigin();
  const preset = presetFor(baseURL, options.presets ?? endpointPresets(wording));
  const origin = appOrigin ?? wording("this app's address");
  if (preset)
    return wording(
      'The server at {baseURL} is running, but the browser blocked the answer (CORS): the server does not allow web pages from {origin}. {server}: {help}',
      { baseURL, origin, server: preset.label, help: corsHelpFor(preset, appOrigin, wording) },
    );
  return wording(
    'The server at {baseURL} is running, but the browser blocked the answer (CORS): the server does not allow web pages from {origin}. Configure the server to send Access-Control-Allow-Origin for this origin (and to answer OPTIONS preflight requests allowing the Authorization and Content-Type headers), or put it behind a proxy that does.',
    { baseURL, origin },
  );
}

/** The failure's detail with the browser-only reason a running server can look unreachable, if any. */
function withBrowserHint(detail: string, baseURL: string, options: ConnectionOptions): string {
  const { wording } = options;
  const target = parseURL(baseURL);
  const appOrigin = options.appOrigin ?? currentOrigin();
  if (target?.protocol === 'http:' && appOrigin?.startsWith('https:') && !LOOPBACK.has(target.hostname)) {
    return wording(
      '{detail} Browsers block plain http:// addresses other than localhost from an https:// page: use https for that server, or run it on this computer.',
      { detail },
    );
  }
  if (target && LOOPBACK.has(target.hostname)) {
    return wording(
      "{detail} If the server is running, the browser may be blocking this site from reaching local servers: allow local network access in the site's settings if it asks.",
      { detail },
    );
  }
  return detail;
}

async function answersOpaquely(fetchImpl: FetchLike, url: string, timeoutMs: number): Promise<boolean> {
  try {
    await fetchImpl(url, { mode: 'no-cors', signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
}

function inBrowser(): boolean {
  const scope = globalThis as { document?: unknown; WorkerGlobalScope?: unknown };
  return scope.document !== undefined || scope.WorkerGlobalScope !== undefined;
}

function currentOrigin(): string | undefined {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin && origin !== 'null' ? origin : undefined;
}

function parseURL(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function listSome(models: string[], wording: Wording): string {
  const shown = models.slice(0, 12).join(', ');
  return models.length > 12
    ? wording('{models} and {count} more', { models: shown, count: models.length - 12 })
    : shown;
}

function count(n: number, wording: Wording): string {
  return n === 1 ? wording('1 model') : wording('{count} models', { count: n });
}
