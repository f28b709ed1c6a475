// An answer a real OpenAI-compatible server stops at its limit (`finish_reason: "length"`), streamed and
// whole: the driver asks it to go on and stores the whole perception (B6).
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAIServer, type OpenAIServer } from '../support/openai-server.ts';
import { createOpenAIChatModel } from '../../src/backends/openai/chat-model.ts';
import { english } from '../../src/backends/wording.ts';
import { makeStory, USER, JANE } from '../support/story-fixture.ts';
import { makeEnv } from '../support/driver-env.ts';
import { projectTurn } from '../../src/driver/turns/projection.ts';
import { readPov } from '../../src/driver/doc/pov.ts';

let server: OpenAIServer | undefined;
afterEach(async () => server?.close());

const CONTINUE = /stopped at its length limit before it was done/;

describe('an answer cut at its limit, over the OpenAI protocol (B6)', () => {
  for (const streamed of [false, true])
    it(`[B6] ${streamed ? 'streamed' : 'whole'}: a view the server cut is continued and stored whole`, async () => {
      server = await startOpenAIServer({
        answer: (body) =>
          CONTINUE.test(body.messages.at(-1)?.content ?? '')
            ? { text: 'lantern and walk on.', chunkSize: 5 }
            : { text: 'You see Jane lift the lante', finish: 'length', chunkSize: 5 },
      });
      const model = createOpenAIChatModel({ baseURL: server.baseURL, model: 'test-model', wording: english });
      const s = makeStory();
      const turn = s.say(JANE, 'I lift the lantern and walk on.');
      const tokens: string[] = [];
      const env = makeEnv(() => 'unused', {
        models: { selector: model, projector: model, actor: model },
        ...(streamed ? { onToken: (_source, delta) => tokens.push(delta) } : {}),
      });
      expect(await projectTurn(s, env, turn, USER)).toEqual({ ok: true });
      expect(readPov(s.doc, turn, USER)).toMatchObject({
        text: 'You see Jane lift the lantern and walk on.',
      });
      expect(readPov(s.doc, turn, USER)?.cut).toBeUndefined();
      const [first, second] = server.requests;
      expect(server.requests).toHaveLength(2);
      expect(first?.body.stream === true).toBe(streamed);
      expect(second?.body.messages.at(-2)).toEqual({ role: 'assistant', content: 'You see Jane lift the' });
      // The continuation is streamed after the text so far, which it shows again first.
      if (streamed) expect(tokens.join('')).toContain('You see Jane lift the lantern and walk on.');
    });
});
