// A real HTTP server on 127.0.0.1 speaking OpenAI chat completions (JSON and SSE streaming, with
// `usage`) and GET /v1/models, driven by a script so tests can make it answer, fail, stall or cut a
// stream; extra routes let it speak a server's own API too (llama.cpp's /props, Ollama's /api/show…).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream?: boolean;
  response_format?: unknown;
  temperature?: number;
  [key: string]: unknown;
}

/** Any HTTP answer; an object body is sent as JSON. */
export interface HttpReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A successful answer with knobs: piece size when streaming, a delay, a cut connection. */
export interface TextReply {
  text: string;
  /** Code points per streamed piece (default 4), so even short answers arrive in several pieces. */
  chunkSize?: number;
  /** Wait before each streamed piece, or before the whole non-streamed answer. */
  delayMs?: number;
  /**
   * Stop streaming after this many pieces: 'reset' drops the connection mid-body; 'end' ends the
   * response cleanly but without a finish reason or [DONE].
   */
  cut?: { afterChunks: number; how: 'reset' | 'end' };
  /**
   * The counts the answer reports (default 1 and 1), with any other fields a server adds (OpenAI's
   * `prompt_tokens_details`, DeepSeek's `prompt_cache_hit_tokens`). A stream reports them only when the
   * request asks (`stream_options.include_usage`), in a last chunk without choices, as OpenAI does;
   * null: the server reports none (and ignores the option).
   */
  usage?: Usage | null;
  /** Why the answer stopped (default `stop`); `length`: cut at `max_tokens`. */
  finish?: string;
  /** llama.cpp's top-level `timings` (`cache_n`, `prompt_n`…): on the completion, or the stream's last chunk. */
  timings?: Record<string, number>;
}

export type Usage = { prompt_tokens: number; completion_tokens?: number } & Record<string, unknown>;

/**
 * An answer written by hand on the response (a server misbehaving: support/misbehaving-replies.ts);
 * `wait` ends early when the server closes, so a trickle never outlives its test.
 */
export interface RawReply {
  raw: (res: ServerResponse, wait: (ms: number) => Promise<void>) => void | Promise<void>;
}

export type ScriptReply = string | HttpReply | TextReply | RawReply;
/** n counts chat-completion requests from 1. */
export type AnswerScript = (body: ChatBody, n: number) => ScriptReply | Promise<ScriptReply>;

export interface RecordedRequest {
  n: number;
  body: ChatBody;
  status: number;
  headers: IncomingHttpHeaders;
}

export interface OpenAIServer {
  /** Ends in /v1, the way users type it for OpenAI-compatible servers. */
  baseURL: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** An extra route's answer: JSON with a status, or 'stall' (never answers, as a hung server). */
export type RouteReply = HttpReply | 'stall';
/** Extra routes by `METHOD /path`, each given the request's parsed JSON body (undefined if none). */
export type Routes = Record<string, (body: unknown) => RouteReply>;

export interface OpenAIServerOptions {
  answer: AnswerScript;
  /** Served by GET /v1/models; when given, other model names get OpenAI's 404. */
  models?: string[];
  /** The entries of GET /v1/models as a server sends them (vLLM's max_model_len…), over `models`. */
  modelEntries?: object[];
  routes?: Routes;
  /** When given, every request without `Authorization: Bearer <apiKey>` gets OpenAI's 401. */
  apiKey?: string;
}

/** The error body OpenAI sends, for scripts that need one. */
export function openAIError(status: number, message: string, headers?: Record<string, string>) {
  return {
    status,
    body: { error: { message, type: 'api_error', code: null } },
    ...(headers ? { headers } : {}),
  };
}

export async function startOpenAIServer(options: OpenAIServerOptions): Promise<OpenAIServer> {
  const requests: RecordedRequest[] = [];
  const waits = new Map<NodeJS.Timeout, () => void>();
  const stalled = new Set<ServerResponse>();
  let chatCount = 0;
  // A wait that ends early when the server closes, so a stalled answer never outlives a test.
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        waits.delete(timer);
        resolve();
      }, ms);
      waits.set(timer, resolve);
    });

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendJson(res, 401, openAIError(401, 'Incorrect API key provided.').body);
    }
    const route = options.routes?.[`${req.method} ${req.url}`];
    if (route) {
      const reply = route(parseJson(raw));
      if (reply === 'stall') return void stalled.add(res);
      return sendJson(res, reply.status, reply.body ?? {});
    }
    if (req.method === 'GET' && req.url === '/v1/models') {
      const data =
        options.modelEntries ??
        (options.models ?? ['test-model']).map((id) => ({
          id,
          object: 'model',
          created: 0,
          owned_by: 'test',
        }));
      return sendJson(res, 200, { object: 'list', data });
    }
    // Any base path: OpenRouter's is /api/v1.
    if (req.method !== 'POST' || !req.url?.endsWith('/v1/chat/completions')) {
      return sendJson(res, 404, { error: { message: `No route ${req.method} ${req.url}` } });
    }
    const n = ++chatCount;
    let body: ChatBody;
    try {
      body = JSON.parse(raw) as ChatBody;
    } catch {
      requests.push({ n, body: { model: '', messages: [] }, status: 400, headers: req.headers });
      return sendJson(res, 400, { error: { message: 'Request body is not JSON' } });
    }
    const record = (status: number) => requests.push({ n, body, status, headers: req.headers });
    if (options.models && !options.models.includes(body.model)) {
      record(404);
      const reply = openAIError(404, `The model \`${body.model}\` does not exist.`);
      return sendJson(res, 404, reply.body);
    }
    let reply: ScriptReply;
    try {
      reply = await options.answer(body, n);
    } catch (error) {
      reply = openAIError(500, `The test's answer script threw: ${String(error)}`);
    }
    if (typeof reply === 'object' && 'raw' in reply) {
      record(200);
      return reply.raw(res, wait);
    }
    if (typeof reply === 'object' && 'status' in reply) {
      record(reply.status);
      const isText = typeof reply.body === 'string';
      res.writeHead(reply.status, {
        'content-type': isText ? 'text/plain' : 'application/json',
        ...reply.headers,
      });
      return res.end(isText ? reply.body : JSON.stringify(reply.body ?? {}));
    }
    record(200);
    const text: TextReply = typeof reply === 'string' ? { text: reply } : reply;
    const usage = text.usage === undefined ? DEFAULT_USAGE : text.usage;
    if (body.stream) {
      const wantsUsage = (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage;
      return streamAnswer(res, body.model, text, wait, wantsUsage === true ? usage : null);
    }
    if (text.delayMs) await wait(text.delayMs);
    if (res.destroyed) return;
    sendJson(res, 200, {
      id: `chatcmpl-${n}`,
      object: 'chat.completion',
      created: 0,
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text.text },
          finish_reason: text.finish ?? 'stop',
        },
      ],
      ...(usage ? { usage: withTotal(usage) } : {}),
      ...(text.timings ? { timings: text.timings } : {}),
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const res of stalled) res.destroy();
        server.closeAllConnections();
        for (const [timer, wake] of waits) {
          clearTimeout(timer);
          wake();
        }
        waits.clear();
      }),
  };
}

const DEFAULT_USAGE = { prompt_tokens: 1, completion_tokens: 1 };

function withTotal(usage: Usage) {
  return { ...usage, total_tokens: usage.prompt_tokens + (usage.completion_tokens ?? 0) };
}

async function streamAnswer(
  res: ServerResponse,
  model: string,
  reply: TextReply,
  wait: (ms: number) => Promise<void>,
  usage: TextReply['usage'],
): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta: object, finish: string | null, extra: object = {}) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-s', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;
  res.write(chunk({ role: 'assistant', content: '' }, null));
  const points = Array.from(reply.text);
  const size = reply.chunkSize ?? 4;
  for (let i = 0, sent = 0; i < points.length; i += size, sent++) {
    if (reply.cut && sent === reply.cut.afterChunks) {
      // 'reset' closes the socket mid-body (after flushing what was written), like a crash.
      return void (reply.cut.how === 'reset' ? res.socket?.end() : res.end());
    }
    if (reply.delayMs) await wait(reply.delayMs);
    if (res.destroyed) return; // the client went away (an abort)
    res.write(chunk({ content: points.slice(i, i + size).join('') }, null));
  }
  // llama.cpp puts its timings on the last chunk: the usage chunk when asked for, else the finishing one.
  const timings = reply.timings ? { timings: reply.timings } : {};
  res.write(chunk({}, reply.finish ?? 'stop', usage ? {} : timings));
  if (usage) {
    const last = {
      id: 'chatcmpl-s',
      object: 'chat.completion.chunk',
      created: 0,
      model,
      choices: [],
      usage: withTotal(usage),
      ...timings,
    };
    res.write(`data: ${JSON.stringify(last)}\n\n`);
  }
  res.end('data: [DONE]\n\n');
}

function parseJson(raw: string): unknown {
  try {
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (part: string) => (data += part));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
