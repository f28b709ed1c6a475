// What an OpenAI-compatible server says of the context its model runs with, asked of the server's own
// API: KoboldCpp's true_max_context_length, llama.cpp's /props, Ollama's /api/show and /api/ps, LM
// Studio's /api/v0/models, and the fields of the model list (vLLM's max_model_len, OpenRouter's
// context_length). Every answer is parsed with a schema: a shape we do not recognise is no answer.
import { z } from 'zod';
import { requestJson, type JsonTarget } from './json-request.ts';

export const ServerKind = {
  koboldCpp: 'koboldcpp',
  llamaCpp: 'llama.cpp',
  ollama: 'ollama',
  lmStudio: 'lm-studio',
  vllm: 'vllm',
  openRouter: 'openrouter',
} as const;
export type ServerKind = (typeof ServerKind)[keyof typeof ServerKind];

export interface ServerContext {
  /** The server that told it; null when none did. */
  server: ServerKind | null;
  /** The context the model runs with (prompt and answer together), in tokens; null when nothing says. */
  contextTokens: number | null;
  /** The model's trained length, where the server tells it beside what it runs with (Ollama, LM Studio). */
  trainedTokens?: number;
  /** Ollama said nothing of its running context: contextTokens is its smallest default, assumed. */
  assumed?: boolean;
  /** Worth asking again next time: nothing reached the server, or it had not loaded the model yet. */
  askAgain: boolean;
  /**
   * How many requests the server keeps a prompt for at once, where it says (llama.cpp's `total_slots`,
   * its `--parallel`): with more than one, each participant's requests can be sent to a slot of theirs.
   */
  slots?: number;
  /** llama.cpp's build number (`build_info` "b6700-…"), which tells what the server can do. */
  build?: number;
}

export interface ServerTarget extends JsonTarget {
  /** Up to and including the API version, e.g. http://127.0.0.1:11434/v1. */
  baseURL: string;
  model: string;
  /** Give up on one probe after this long (PROBE_TIMEOUT_MS by default). */
  timeoutMs?: number;
}

/**
 * One probe's wait: long enough for a busy local server or a cloud model list, short enough that a
 * silent server delays a command by little (the probes run at once, so this bounds them all).
 */
export const PROBE_TIMEOUT_MS = 3_000;

/**
 * What Ollama runs a model with when neither its ps nor a Modelfile's num_ctx says: the smallest
 * default it has shipped (2048 in older versions, 4096 since, more with 24 GiB of VRAM or more).
 * Ollama silently drops the start of a prompt that does not fit, so a smaller guess is the safe one.
 */
export const OLLAMA_SMALLEST_DEFAULT_CONTEXT = 2048;

/** The server's root: the base URL without its API version (native APIs live beside /v1). */
export function serverRoot(baseURL: string): string {
  return baseURL.trim().replace(/\/+$/, '').replace(/\/v1$/, '');
}

/** Asks every server kind at once; the first in this order that answers tells (the most specific first). */
export async function detectServerContext(target: ServerTarget): Promise<ServerContext> {
  const http = createProbeHttp(target);
  const found = await Promise.all(PROBES.map((probe) => probe(http, target)));
  return (
    found.find((context) => context !== undefined) ?? {
      server: null,
      contextTokens: null,
      askAgain: !http.reached(),
    }
  );
}

type Found = ServerContext | undefined;
type Probe = (http: ProbeHttp, target: ServerTarget) => Promise<Found>;

const positive = z.int().positive();

const koboldContext = z.object({ value: positive });

const llamaProps = z.object({
  default_generation_settings: z.object({ n_ctx: positive }),
  total_slots: positive.optional(),
  build_info: z.string().optional(),
});

const ollamaShow = z.object({
  model_info: z.record(z.string(), z.unknown()),
  parameters: z.string().optional(),
});
const ollamaPs = z.object({
  models: z.array(
    z.object({
      name: z.string().optional(),
      model: z.string().optional(),
      context_length: positive.optional(),
    }),
  ),
});

const listedModels = z.object({ data: z.array(z.unknown()) });
const lmStudioEntry = z.object({
  id: z.string(),
  state: z.string().optional(),
  max_context_length: positive.optional(),
  loaded_context_length: positive.optional(),
});
const modelListEntry = z.object({
  id: z.string(),
  max_model_len: positive.nullish(),
  context_length: positive.nullish(),
});

const koboldCpp: Probe = async (http, { baseURL }) => {
  const answer = koboldContext.safeParse(
    await http.json(`${serverRoot(baseURL)}/api/extra/true_max_context_length`),
  );
  return answer.success
    ? { server: ServerKind.koboldCpp, contextTokens: answer.data.value, askAgain: false }
    : undefined;
};

const llamaCpp: Probe = async (http, { baseURL }) => {
  // n_ctx of the default slot: what one request may use (the -c context shared by --parallel slots).
  const answer = llamaProps.safeParse(await http.json(`${serverRoot(baseURL)}/props`));
  return answer.success
    ? {
        server: ServerKind.llamaCpp,
        contextTokens: answer.data.default_generation_settings.n_ctx,
        askAgain: false,
        ...(answer.data.total_slots ? { slots: answer.data.total_slots } : {}),
        ...buildOf(answer.data.build_info),
      }
    : undefined;
};

/** A llama.cpp build number from `build_info` ("b6700-abc123"), when it has one. */
function buildOf(info: string | undefined): { build?: number } {
  const number = /^b(\d+)/.exec(info ?? '')?.[1];
  return number ? { build: Number(number) } : {};
}

/**
 * Ollama's trained length is `<architecture>.context_length` in /api/show; what it runs with is the
 * loaded model's context_length in /api/ps (recent versions), else a Modelfile's num_ctx, else its default.
 */
const ollama: Probe = async (http, { baseURL, model }) => {
  const root = serverRoot(baseURL);
  const [shown, running] = await Promise.all([
    http.json(`${root}/api/show`, { model }),
    http.json(`${root}/api/ps`),
  ]);
  const show = ollamaShow.safeParse(shown);
  if (!show.success) return undefined;
  const info = show.data.model_info;
  const trained = positive.safeParse(info[`${String(info['general.architecture'])}.context_length`]);
  const numCtx = /^num_ctx\s+(\d+)\s*$/m.exec(show.data.parameters ?? '')?.[1];
  const ps = ollamaPs.safeParse(running);
  const loaded = ps.success
    ? ps.data.models.find((m) => sameOllamaModel(m.model ?? m.name, model))
    : undefined;
  const told = loaded?.context_length ?? (numCtx ? Number(numCtx) : undefined);
  const runsWith = told ?? OLLAMA_SMALLEST_DEFAULT_CONTEXT;
  return {
    server: ServerKind.ollama,
    contextTokens: trained.success ? Math.min(runsWith, trained.data) : runsWith,
    ...(trained.success ? { trainedTokens: trained.data } : {}),
    ...(told === undefined ? { assumed: true } : {}),
    // Once the model is loaded, /api/ps tells what it really runs with.
    askAgain: told === undefined && !loaded,
  };
};

const lmStudio: Probe = async (http, { baseURL, model }) => {
  const entries = listed(await http.json(`${serverRoot(baseURL)}/api/v0/models`));
  if (!entries) return undefined;
  const entry = entryFor(entries, lmStudioEntry, model);
  const trained = entry?.max_context_length;
  const loaded = entry?.state === 'loaded' ? entry.loaded_context_length : undefined;
  return {
    server: ServerKind.lmStudio,
    contextTokens: loaded ?? null,
    ...(trained !== undefined ? { trainedTokens: trained } : {}),
    // LM Studio loads a model on its first request, with the context it is set to load it with.
    askAgain: loaded === undefined,
  };
};

/** The OpenAI model list's entry for the model: vLLM adds max_model_len, OpenRouter context_length. */
const modelList: Probe = async (http, { baseURL, model }) => {
  const entries = listed(await http.json(`${baseURL.trim().replace(/\/+$/, '')}/models`));
  const entry = entries && entryFor(entries, modelListEntry, model);
  if (entry?.max_model_len)
    return { server: ServerKind.vllm, contextTokens: entry.max_model_len, askAgain: false };
  if (entry?.context_length)
    return { server: ServerKind.openRouter, contextTokens: entry.context_length, askAgain: false };
  return undefined;
};

/**
 * Most specific first: KoboldCpp also answers some llama.cpp and Ollama routes, and llama.cpp some of
 * Ollama's; the plain model list, which every server has, comes last.
 */
const PROBES: readonly Probe[] = [koboldCpp, llamaCpp, ollama, lmStudio, modelList];

/** The entries of a `{ data: [...] }` model list, or undefined when the answer is not one. */
function listed(json: unknown): unknown[] | undefined {
  const list = listedModels.safeParse(json);
  return list.success ? list.data.data : undefined;
}

/** The model's entry in a list, skipping entries of other shapes (a list mixes kinds of models). */
function entryFor<T extends { id: string }>(entries: unknown[], schema: z.ZodType<T>, model: string) {
  for (const raw of entries) {
    const entry = schema.safeParse(raw);
    if (entry.success && entry.data.id === model) return entry.data;
  }
  return undefined;
}

/** Ollama names a model `name:tag`; a name without a tag means `:latest`. */
function sameOllamaModel(listed: string | undefined, wanted: string): boolean {
  const tagged = (name: string) => (/:[^/]*$/.test(name) ? name : `${name}:latest`);
  return listed !== undefined && tagged(listed) === tagged(wanted);
}

interface ProbeHttp {
  /** The JSON a URL answers with (POSTing `body` when given), or undefined when it answers none. */
  json(url: string, body?: unknown): Promise<unknown>;
  /** Whether any request so far got an HTTP answer at all. */
  reached(): boolean;
}

function createProbeHttp(target: ServerTarget): ProbeHttp {
  const timeoutMs = target.timeoutMs ?? PROBE_TIMEOUT_MS;
  let reached = false;
  return {
    reached: () => reached,
    async json(url, body) {
      const answer = await requestJson(target, url, { body, timeoutMs });
      reached ||= answer.reached;
      return answer.json;
    },
  };
}
