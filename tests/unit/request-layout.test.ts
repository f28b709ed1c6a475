// How requests are laid out: plain text for roleplay prose, JSON schemas for orchestration, and an
// append-only prefix so consecutive requests of one operation for one audience reuse the cache.
import { describe, expect, it } from 'vitest';
import { makeStory, USER } from '../support/story-fixture.ts';
import { makeEnv, kindOf, subjectOf, chronicleAnswer } from '../support/driver-env.ts';
import { authorTurn, takeTurn } from '../../src/driver/turns/turn-loop.ts';
import type { ChatRequest } from '../../src/driver/model.ts';
import type { RecordedCall } from '../support/scripted-model.ts';
import { nothingYet } from '../../src/driver/views/transcript-text.ts';

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

const serialise = (c: RecordedCall) => c.messages.map((m) => `${m.role}\n${m.content}`).join('\n');

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
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

  it('[L7] consecutive requests of one operation for one audience extend the previous one as a byte-identical prefix', async () => {
    const calls = await playScene(20);
    const last = new Map<string, string>();
    const shares: number[] = [];
    for (const c of calls) {
      const kind = kindOf(c);
      if (kind !== 'project' && kind !== 'actor') continue;
      const key = `${kind}:${subjectOf(c)}`;
      const text = serialise(c);
      const prev = last.get(key);
      // The "nothing yet" placeholder of an empty history is the one part that is replaced, once.
      if (prev !== undefined && !prev.includes(nothingYet('en'))) {
        // Everything before the previous request's final message is still there, unchanged.
        const stable = prev.lastIndexOf('\nuser\n');
        expect(commonPrefix(prev, text)).toBeGreaterThanOrEqual(stable);
        shares.push(commonPrefix(prev, text) / text.length);
      }
      last.set(key, text);
    }
    shares.sort((a, b) => a - b);
    expect(shares.length).toBeGreaterThan(20);
    expect(shares[Math.floor(shares.length / 2)]).toBeGreaterThanOrEqual(0.8);
  });

  it("[L7] the volatile part — the new source, this call's instruction — is in the last message", async () => {
    const calls = await playScene(3);
    const toJane = calls.find((c) => kindOf(c) === 'project' && subjectOf(c) === 'Jane');
    expect(toJane?.messages.at(-1)?.content).toContain('I say line 0 and wait.');
    expect(toJane?.messages[0]?.content).not.toContain('I say line 0 and wait.');
  });
});
