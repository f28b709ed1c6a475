// The driver over the real OpenAI-compatible backend and a real HTTP server: streamed tokens reach
// the caller, a blank answer is refused and asked again, a 429 is waited out (in the background, which
// writes the views nobody waited for), and what is stored is the validated text.
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAIServer, type ChatBody, type OpenAIServer } from '../support/openai-server.ts';
import { createOpenAIChatModel } from '../../src/backends/openai/chat-model.ts';
import { english } from '../../src/backends/wording.ts';
import { makeStory, USER, JANE, JESS } from '../support/story-fixture.ts';
import { completeBackground, makeEnv } from '../support/driver-env.ts';
import { bodyKind, bodySubject, isFor } from '../support/body-kinds.ts';
import { takeTurn } from '../../src/driver/turns/turn-loop.ts';
import { readTurn } from '../../src/driver/doc/turns.ts';

let server: OpenAIServer | undefined;
afterEach(async () => server?.close());

const isActor = (body: ChatBody) => isFor(body, 'actor', 'Jane');
/** A request as the log below reads it: its kind, and a projection's audience. */
const bodyKindOf = (body: ChatBody) =>
  bodyKind(body) === 'project' ? `project:${bodySubject(body)}` : bodyKind(body);

describe('driver over the OpenAI protocol', () => {
  it("[L1][L8][V1][V7] streams tokens, retries a blank answer with the reason, writes the reader's view at once and another's in the background (a 429 waited out), stores the valid text", async () => {
    let actorCalls = 0;
    let jessLimited = false;
    server = await startOpenAIServer({
      answer: (body) => {
        if (isActor(body)) {
          actorCalls++;
          if (actorCalls === 1) return '   ';
          return { text: 'I lift the lantern and peer into the dark.', chunkSize: 5 };
        }
        if (isFor(body, 'project', 'Jess') && !jessLimited) {
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
    const turnId = r.ok ? r.turnId : '';
    const turn = readTurn(s.doc, turnId);
    expect(turn.source).toBe('I lift the lantern and peer into the dark.');
    // The turn is the person's to read at once; Jess's view waits for the background.
    expect(turn.pov[USER]?.text).toBe('A lantern rises in the dark; its light finds you.');
    expect(turn.pov[JESS]).toBeUndefined();
    expect(server.requests.map((q) => [bodyKindOf(q.body), q.status])).toEqual([
      ['actor', 200],
      ['actor', 200],
      ['project:User', 200],
    ]);
    expect((await completeBackground(s, env)).ok).toBe(true);
    expect(readTurn(s.doc, turnId).pov[JESS]?.text).toBe('A lantern rises in the dark; its light finds you.');
    expect(server.requests.slice(3).map((q) => [bodyKindOf(q.body), q.status])).toEqual([
      ['project:Jess', 429],
      ['project:Jess', 200],
    ]);
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
