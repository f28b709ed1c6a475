// The actor check is told who the user is (V11): a character's turn writing the user's feelings is
// retried with the reason and never stored; the user's own turn may tell the user's feelings.
import { describe, expect, it } from 'vitest';
import { makeStory, USER, JANE } from '../support/story-fixture.ts';
import { makeEnv, kindOf, chronicleAnswer } from '../support/driver-env.ts';
import { takeTurn } from '../../src/driver/turns/turn-loop.ts';
import { actorContext } from '../../src/driver/turns/actor-checks.ts';
import { readTurn, activeLeaf } from '../../src/driver/doc/turns.ts';
import type { ChatRequest } from '../../src/driver/model.ts';

describe('[V11] the actor check knows the user', () => {
  it("a character's turn telling the user's feeling is retried with the reason", async () => {
    const s = makeStory({ jessPresent: false });
    let tries = 0;
    const env = makeEnv((request: ChatRequest, n: number) => {
      switch (kindOf(request)) {
        case 'actor':
          return ++tries === 1 ? 'I leap out. User is terrified.' : 'I leap out.';
        case 'chronicle':
          return chronicleAnswer(request, n);
        default:
          return 'Jane leaps out.';
      }
    });
    expect((await takeTurn(s, env, { actor: JANE })).ok).toBe(true);
    expect(env.model.calls.map((c) => kindOf(c)).slice(0, 2)).toEqual(['actor', 'actor']);
    expect(env.model.calls[1]?.messages.at(-1)?.content).toContain(
      'The answer writes another participant\'s response ("User is terrified")',
    );
    expect(readTurn(s.doc, activeLeaf(s.doc) as string).source).toBe('I leap out.');
  });

  it('names the user for a character, and no one when the user is the one writing', () => {
    const s = makeStory();
    expect(actorContext(s, JANE)).toMatchObject({ actor: 'Jane', user: 'User' });
    expect(actorContext(s, USER)).toMatchObject({ actor: 'User', user: null, others: ['Jane', 'Jess'] });
  });
});
