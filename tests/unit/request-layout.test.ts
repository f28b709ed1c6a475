// How requests are laid out: plain text for roleplay prose, JSON schemas for orchestration, and one
// append-only beginning per participant, whatever its requests ask, so a server's cache serves them all.
import { describe, expect, it } from 'vitest';
import { makeStory, USER } from '../support/story-fixture.ts';
import { makeEnv, kindOf, subjectOf, chronicleAnswer, completeBackground } from '../support/driver-env.ts';
import { authorTurn, takeTurn } from '../../src/driver/turns/turn-loop.ts';
import type { ChatRequest } from '../../src/driver/model.ts';
import type { RecordedCall } from '../support/scripted-model.ts';
import { nothingYet } from '../../src/driver/views/transcript-text.ts';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import { renderPrompt } from '../../src/driver/prompts/render.ts';

function answer(request: ChatRequest, n: number): string {
  switch (kindOf(request)) {
    case 'selector':
      return JSON.stringify({ next: n % 2 ? 'Jane' : 'Jess' });
    case 'batch':
      return JSON.stringify(
        Object.fromEntries(
          (request.response_format?.json_schema.schema.required as string[]).map((k) => [
            k,
            `You hear a sound ${n}.`,
          ]),
        ),
      );
    case 'project':
      return `You hear a sound ${n}.`;
    case 'chronicle':
      return chronicleAnswer(request, n);
    case 'actor':
      return `I look around the room, counting ${n} tiles.`;
  }
}

async function playScene(turns: number) {
  const s = makeStory();
  const env = makeEnv(answer);
  for (let i = 0; i < turns; i++) {
    const r =
      i % 2 === 0
        ? await authorTurn(s, env, USER, `I say line ${i} and wait.`)
        : await takeTurn(s, env, { auto: true });
    expect(r.ok).toBe(true);
    expect(await completeBackground(s, env)).toEqual({ ok: true });
  }
  return env.model.calls;
}

describe('request layout', () => {
  it('[O5] projections and actor turns ask for plain text; selection and batches for a JSON schema', async () => {
    const calls = await playScene(4);
    for (const c of calls) {
      const kind = kindOf(c);
      if (kind === 'project' || kind === 'actor') expect(c.response_format).toBeUndefined();
      else expect(c.response_format?.type).toBe('json_schema');
    }
    expect(new Set(calls.map((c) => kindOf(c)))).toEqual(new Set(['project', 'actor', 'selector']));
  });

  it('[L7] every request of the story begins with the common rules; every request for one participant begins with the part the previous one shared, byte for byte, whatever either asks', async () => {
    const calls = await playScene(20);
    const rules = renderPrompt(shippedPrompts(), 'en', 'roleplay/common-rules', {});
    for (const c of calls) expect(c.messages[0]?.content.startsWith(rules), `request ${c.n}`).toBe(true);
    const last = new Map<string, RecordedCall>();
    const across = new Set<string>();
    let checked = 0;
    for (const c of calls) {
      const who = subjectOf(c);
      if (who === undefined) continue;
      const prev = last.get(who)?.messages[0];
      // The "nothing yet" placeholder of an empty history is the one part that is replaced, once.
      if (prev && !prev.content.includes(nothingYet('en'))) {
        expect(prev.sharedUpTo, `request ${c.n}`).toBeGreaterThan(rules.length);
        const shared = prev.content.slice(0, prev.sharedUpTo);
        expect(c.messages[0]?.content.startsWith(shared), `request ${c.n} (${kindOf(c)} for ${who})`).toBe(
          true,
        );
        across.add(`${kindOf(last.get(who) as RecordedCall)}→${kindOf(c)}`);
        checked++;
      }
      last.set(who, c);
    }
    expect(checked).toBeGreaterThan(20);
    // The test can fail across operations: a character's projection and its act share their beginning.
    expect(across).toContain('project→actor');
    expect(across).toContain('actor→project');
  });

  it("[L7] the volatile part — the new source, this call's instruction — is in the last message", async () => {
    const calls = await playScene(3);
    const toJane = calls.find((c) => kindOf(c) === 'project' && subjectOf(c) === 'Jane');
    expect(toJane?.messages.at(-1)?.content).toContain('I say line 0 and wait.');
    expect(toJane?.messages[0]?.content).not.toContain('I say line 0 and wait.');
  });
});
