// Ways a model server answers 200 and still fails (issue 19), as raw replies for the OpenAI test
// server: a body that is not JSON, one cut mid-way, an answer that trickles or stays silent past any
// deadline, and one that never stops growing; each for a plain answer or an SSE stream.
import type { ServerResponse } from 'node:http';
import type { RawReply } from './openai-server.ts';

/** Long enough for written bytes to reach the client on this machine before the connection drops. */
const FLUSH_MS = 50;

const completion = (text: string) =>
  JSON.stringify({
    id: 'chatcmpl-x',
    object: 'chat.completion',
    created: 0,
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
  });
const event = (delta: object) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'test-model', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
const json = (res: ServerResponse, length?: number) =>
  res.writeHead(200, {
    'content-type': 'application/json',
    ...(length !== undefined ? { 'content-length': String(length) } : {}),
  });
const sse = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' });

/** 200 with a JSON content type and a body that is not JSON; streamed, an event that is not JSON. */
export const invalidJson: RawReply = {
  raw: (res) => {
    json(res);
    res.end('{"choices": [{"message": ');
  },
};
export const invalidJsonEvent: RawReply = {
  raw: (res) => {
    sse(res);
    res.end('data: {"choices": [\n\n');
  },
};

/** Half the promised body, then the connection drops. */
export const cutBody: RawReply = {
  raw: async (res, wait) => {
    const body = completion('A whole answer that never arrives whole.');
    json(res, body.length);
    res.write(body.slice(0, body.length / 2));
    await wait(FLUSH_MS); // the client has the headers and half the body before the drop
    res.socket?.destroy();
  },
};
/** A stream whose connection drops before any token. */
export const cutStream: RawReply = {
  raw: async (res, wait) => {
    sse(res);
    res.write(event({ role: 'assistant', content: '' }));
    await wait(FLUSH_MS);
    res.socket?.destroy();
  },
};

/** Headers, then one byte (or one token) every `everyMs`, forever. */
export const trickle = (everyMs: number): RawReply => ({
  raw: async (res, wait) => {
    json(res);
    res.write('{');
    while (!res.destroyed) {
      await wait(everyMs);
      if (!res.destroyed) res.write(' ');
    }
  },
});
export const trickleStream = (everyMs: number): RawReply => ({
  raw: async (res, wait) => {
    sse(res);
    while (!res.destroyed) {
      res.write(event({ content: 'and ' }));
      await wait(everyMs);
    }
  },
});

/** Headers, then nothing at all. */
export const silent: RawReply = {
  raw: (res) => void json(res),
};

/** A stream that never stops sending tokens, about a KB each millisecond. */
export const endlessStream: RawReply = {
  raw: async (res, wait) => {
    sse(res);
    const piece = event({ content: 'more '.repeat(200) });
    while (!res.destroyed) {
      res.write(piece);
      await wait(1);
    }
  },
};

/** A plain answer of `bytes` bytes (valid JSON, one long text). */
export const hugeAnswer = (bytes: number): RawReply => ({
  raw: (res) => {
    json(res);
    res.end(completion('x'.repeat(bytes)));
  },
});
