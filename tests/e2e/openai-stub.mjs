// A tiny OpenAI-protocol server for the browser tests: GET /v1/models and streamed (SSE) chat
// completions with CORS, so the page's worker can call it cross-origin. It answers as the roleplay
// prompts ask, recognised by the opening of the system prompt (prompts/en/roleplay/*.md) or by the
// answer's JSON schema (the selector's, a batch's, the chronicler's); an actor asked to continue its
// last turn, the suggester of the user's turn and the plot author's hint, by their prompts too.
import { createServer } from 'node:http';

export const STUB_MODEL = 'stub-model';

/**
 * Which operation a request is, from the prompt text: for projections the target, for the chronicler
 * whose memory it keeps and the lines ("Name: text") of that participant's transcript it was given,
 * for an actor whether it continues its last turn, for the suggester the user it drafts for.
 */
export function classify(body) {
  // The operation's own rules follow the rules every request begins with and the participant's window
  // (roleplay/common-rules, roleplay/point-of-view): they are found in the system message, not at its start.
  const system = body.messages?.[0]?.content ?? '';
  const format = body.response_format?.json_schema?.name;
  if (format === 'next_actor' || /you direct the turn order/i.test(system)) return { op: 'selector' };
  if (format === 'projections') return { op: 'batch' };
  if (format === 'chronicle') {
    // The participant whose memory it keeps, and its own transcript it was given: the window its
    // requests begin with (roleplay/point-of-view), whose oldest turns it records.
    const who = /You keep (.+?)'s memory/.exec(system)?.[1] ?? '';
    const pov = /'s point of view \([^)]*\):\n\n([\s\S]*?)\n\nYou keep /.exec(system)?.[1];
    const stretch = pov ?? system.split('this stretch:\n\n').at(-1) ?? '';
    const entries = stretch.split('\n\n').filter((e) => e && !e.startsWith('(Earlier turns'));
    return { op: 'chronicler', who, entries };
  }
  if (system.includes('perception filter')) {
    const target = /into what (.+?) perceives of it/.exec(system)?.[1] ?? '';
    return { op: 'projector', target };
  }
  if (system.includes('You are the plot author')) return { op: 'plot-hint' };
  const user = /You suggest the next turn of (.+?), the person playing/.exec(system)?.[1];
  if (user) return { op: 'suggester', user };
  const actor = (/Now write (.+?)'s next turn as /.exec(system) ??
    /^You are (.+?) in a roleplay/.exec(system))?.[1];
  // Continue (roleplay/actor-continue) asks the actor to go on from its own last turn.
  const continuing = (body.messages?.at(-1)?.content ?? '').includes('stopped before it was done');
  if (actor) return continuing ? { op: 'actor', actor, continuing } : { op: 'actor', actor };
  return { op: 'unknown' };
}

/**
 * An answer's pacing: code points per streamed piece and the wait before each piece; an answer not
 * streamed (the background's requests) comes whole after one wait.
 */
const DEFAULT_PACE = { chunkSize: 6, delayMs: 0 };

/**
 * Starts the stub. `answer(kind, body)` returns the text of an answer (kind from `classify`);
 * `pace(kind, body)` its pacing. Both may be replaced on the returned object while tests run, and so may
 * `failure` (`{ status, message }`: every chat completion fails so; null: they answer) and `broken`
 * (a 200 that fails all the same: 'not-json', a body or event that is not JSON; 'silent', headers and
 * then nothing; null: they answer), and `refuseTools` (true: a request with `tools` is refused with a
 * 400 that says so, as an Ollama model without tool support does).
 */
export async function startOpenAIStub({ answer, pace = () => DEFAULT_PACE }) {
  const stub = { answer, pace, requests: [], aborted: 0, failure: null, broken: null, refuseTools: false };
  const server = createServer(async (req, res) => {
    cors(req, res);
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    const raw = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://stub').pathname;
    if (req.method === 'GET' && path === '/v1/models') {
      return json(res, 200, {
        object: 'list',
        data: [{ id: STUB_MODEL, object: 'model', created: 0, owned_by: 'stub' }],
      });
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      return json(res, 404, { error: { message: `No route ${req.method} ${path}` } });
    }
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      return json(res, 400, { error: { message: 'Request body is not JSON' } });
    }
    if (body.model !== STUB_MODEL) {
      return json(res, 404, {
        error: { message: `The model \`${body.model}\` does not exist.`, type: 'invalid_request_error' },
      });
    }
    // A backend that fails (a refused key, a server error) until the test sets `failure` back to null.
    if (stub.failure) return json(res, stub.failure.status, { error: { message: stub.failure.message } });
    if (stub.refuseTools && body.tools?.length)
      return json(res, 400, { error: { message: `${body.model} does not support tools` } });
    if (stub.broken) {
      res.writeHead(200, { 'content-type': body.stream ? 'text/event-stream' : 'application/json' });
      if (stub.broken === 'silent') return void res.flushHeaders();
      return res.end(body.stream ? 'data: {"choices": [\n\n' : '{"choices": [');
    }
    const kind = classify(body);
    stub.requests.push({ kind, body });
    const text = stub.answer(kind, body);
    // An answer may call tools (`{ text, toolCalls: [{ id, name, arguments }] }`), as an assistant's model does.
    if (typeof text === 'object' && text !== null) return toolAnswer(res, body, text);
    const { chunkSize, delayMs } = { ...DEFAULT_PACE, ...stub.pace(kind, body) };
    if (!body.stream) {
      await sleep(delayMs);
      return json(res, 200, completion(body.model, text));
    }
    let closed = false;
    res.on('close', () => {
      if (!res.writableFinished) {
        closed = true;
        stub.aborted++;
      }
    });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(chunk(body.model, { role: 'assistant', content: '' }, null));
    const points = Array.from(text);
    for (let i = 0; i < points.length; i += chunkSize) {
      await sleep(delayMs);
      if (closed) return;
      res.write(chunk(body.model, { content: points.slice(i, i + chunkSize).join('') }, null));
    }
    res.write(chunk(body.model, {}, 'stop'));
    res.end('data: [DONE]\n\n');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  stub.baseURL = `http://127.0.0.1:${port}/v1`;
  stub.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return stub;
}

/** The page (another origin) calls the stub from its worker: allow it, with any request headers. */
function cors(req, res) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  // '*' does not cover Authorization, so echo what the preflight asks for.
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
  res.setHeader('Access-Control-Max-Age', '600');
  // Chromium asks before a public page reaches a loopback address (Private Network Access).
  if (req.headers['access-control-request-private-network']) {
    res.setHeader('Access-Control-Allow-Private-Network', 'true');
  }
}

/** An answer with tool calls: whole, or streamed with each call's arguments in a delta of its own. */
function toolAnswer(res, body, { text = '', toolCalls = [] }) {
  const calls = toolCalls.map((c, index) => ({
    index,
    id: c.id,
    type: 'function',
    function: { name: c.name, arguments: c.arguments },
  }));
  const finish = calls.length ? 'tool_calls' : 'stop';
  if (!body.stream) {
    const message = { role: 'assistant', content: text, ...(calls.length ? { tool_calls: calls } : {}) };
    const whole = completion(body.model, text);
    return json(res, 200, { ...whole, choices: [{ index: 0, message, finish_reason: finish }] });
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(chunk(body.model, { role: 'assistant', content: text }, null));
  for (const call of calls) res.write(chunk(body.model, { tool_calls: [call] }, null));
  res.write(chunk(body.model, {}, finish));
  res.end('data: [DONE]\n\n');
}

function completion(model, text) {
  return {
    id: 'chatcmpl-stub',
    object: 'chat.completion',
    created: 0,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

function chunk(model, delta, finish) {
  const payload = {
    id: 'chatcmpl-stub',
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(payload)}\n\n`;
}

function json(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sleep(ms) {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (part) => (data += part));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
