// The driver over the real OpenAI-compatible backend and a real HTTP server: streamed tokens reach
// the caller, a blank answer is refused and asked again, a 429 is waited out, and what is stored is
// the validated text.
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAIServer, type ChatBody, type OpenAIServer } from '../support/openai-server.ts';
import { createOpenAIChatModel } from '../../src/workers/backends/openai/chat-model.ts';
import { english } from '../../src/workers/backends/wording.ts';
import { makeStory, USER, JANE, JESS } from '../support/story-fixture.ts';
import { makeEnv } from '../support/driver-env.ts';
import { takeTurn } from '../../src/driver/turns/turn-loop.ts';
import { readTurn } from '../../src/driver/doc/turns.ts';

let server: OpenAIServer | undefined;
afterEach(async () => server?.close());

const isActor = (body: ChatBody) =>
  body.messages[0]?.content.startsWith('You are Jane in a roleplay') ?? false;

describe('driver over the OpenAI protocol', () => {
  it('[L1][V1][V7] streams tokens, retries a blank answer with the reason, waits out a 429, stores the valid text', async () => {
    let actorCalls = 0;
    let jessLimited = false;
    server = await startOpenAIServer({
      answer: (body) => {
        if (isActor(body)) {
          actorCalls++;
          if (actorCalls === 1) return '   ';
          return { text: 'I lift the lantern and peer into the dark.', chunkSize: 5 };
        }
        if (body.messages[0]?.content.includes('what Jess perceives') && !jessLimited) {
          jessLimited = true;
          return { status: 429, headers: { 'retry-after': '0' }, body: { error: { message: 'slow down' } } };
        }
        return { text: 'A lantern rises in the dark; its light finds you.', chunkSize: 7 };
      },
    });
    const model = createOpenAIChatModel({
      baseURL: server.baseURL,
      model: 'test-model',
      wording: english,
      sleep: async () => {},
    });
    const s = makeStory();
    const tokens: string[] = [];
    const env = makeEnv(() => 'unused', {
      models: { selector: model, projector: model, actor: model },
      onToken: (source, delta) => tokens.push(`${source.op}:${delta}`),
    });
    const r = await takeTurn(s, env, { actor: JANE });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    const turn = readTurn(s.doc, r.ok ? r.turnId : '');
    expect(turn.source).toBe('I lift the lantern and peer into the dark.');
    expect(turn.pov[USER]?.text).toBe('A lantern rises in the dark; its light finds you.');
    expect(turn.pov[JESS]?.text).toBe('A lantern rises in the dark; its light finds you.');
    // The blank answer was sent back with the reason; every request streamed.
    const actorRequests = server.requests.filter((q) => isActor(q.body));
    expect(actorRequests).toHaveLength(2);
    expect(actorRequests[1]?.body.messages.at(-1)?.content).toMatch(/could not be used: .*blank|empty/i);
    expect(server.requests.every((q) => q.body.stream === true)).toBe(true);
    expect(server.requests.some((q) => q.status === 429)).toBe(true);
    const actorTokens = tokens.filter((t) => t.startsWith('actor:')).map((t) => t.slice(6));
    expect(actorTokens.length).toBeGreaterThan(2);
    expect(actorTokens.join('')).toContain('I lift the lantern and peer into the dark.');
  });
});
