// A real HTTP server on 127.0.0.1 speaking OpenAI chat completions with tool calls, whole and
// streamed (each call's id and name first, then its arguments in small pieces, as OpenAI sends them),
// with the finish reason a script chooses (`length` for a reply cut at the response limit), an error
// status a script chooses (a server that refuses `tools`), or a stream held open after its text.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatBody, OpenAIServer, RecordedRequest } from './openai-server.ts';

export interface ToolReply {
  text?: string;
  calls?: Array<{ id: string; name: string; arguments: string }>;
  /** Default: `tool_calls` when there are calls, else `stop`. */
  finishReason?: string;
  /** Wait before answering, as a slow model does. */
  delayMs?: number;
  /** Answer with this HTTP status and `error` as the message instead (as a server refusing the request does). */
  status?: number;
  error?: string;
  /** Streamed: send the text, then keep the answer open, as a model still thinking, until the client leaves. */
  hold?: boolean;
}

export type ToolScript = (body: ChatBody, n: number) => ToolReply;

/** Characters per streamed piece of text or arguments. */
const PIECE = 5;

function pieces(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += PIECE) out.push(text.slice(i, i + PIECE));
  return out;
}

export async function startToolServer(script: ToolScript): Promise<OpenAIServer> {
  const requests: RecordedRequest[] = [];
  let n = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (part: string) => (raw += part));
    req.on('end', () => void answer());
    const answer = async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: `No route ${req.method} ${req.url}` } }));
      }
      const body = JSON.parse(raw) as ChatBody;
      const headers: IncomingHttpHeaders = req.headers;
      requests.push({ n: ++n, body, status: 200, headers });
      const reply = script(body, n);
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      if (res.destroyed) return;
      if (reply.status) {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({ error: { message: reply.error ?? '', type: 'invalid_request_error' } }),
        );
      }
      const calls = reply.calls ?? [];
      const finish = reply.finishReason ?? (calls.length ? 'tool_calls' : 'stop');
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        const message = {
          role: 'assistant',
          content: reply.text ?? null,
          ...(calls.length
            ? {
                tool_calls: calls.map((c) => ({
                  id: c.id,
                  type: 'function',
                  function: { name: c.name, arguments: c.arguments },
                })),
              }
            : {}),
        };
        return res.end(
          JSON.stringify({
            id: `chatcmpl-${n}`,
            object: 'chat.completion',
            created: 0,
            model: body.model,
            choices: [{ index: 0, message, finish_reason: finish }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: object, finishReason: string | null) =>
        res.write(
          `data: ${JSON.stringify({ id: 'chatcmpl-s', object: 'chat.completion.chunk', created: 0, model: body.model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`,
        );
      chunk({ role: 'assistant', content: '' }, null);
      for (const piece of pieces(reply.text ?? '')) chunk({ content: piece }, null);
      if (reply.hold) return;
      calls.forEach((c, index) => {
        chunk(
          { tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }] },
          null,
        );
        for (const piece of pieces(c.arguments))
          chunk({ tool_calls: [{ index, function: { arguments: piece } }] }, null);
      });
      chunk({}, finish);
      res.end('data: [DONE]\n\n');
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
