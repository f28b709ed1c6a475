// The projector's answer is checked against the source turn it was given and the story's cast, in the
// isolated and the batched request alike: a continued scene is retried with its reason and never stored.
import { describe, expect, it } from 'vitest';
import { makeStory, USER, JANE, JESS } from '../support/story-fixture.ts';
import { makeEnv, kindOf, subjectOf, chronicleAnswer, completeBackground } from '../support/driver-env.ts';
import { authorTurn, takeTurn } from '../../src/driver/turns/turn-loop.ts';
import { readTurn, activeLeaf } from '../../src/driver/doc/turns.ts';
import { updateSettings } from '../../src/driver/doc/story-doc.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import type { ChatRequest } from '../../src/driver/model.ts';

const KNOCK = 'I knock on the door three times.';
/** Jess opens the door in Jane's view of the user's knock, though the knock is all the user wrote. */
const CONTINUED = 'You hear a knock at the door. Jess walks over and opens it.';
const RENDERED = 'You hear three knocks at the door.';

function answers(projection: (request: ChatRequest, tries: number) => string) {
  let tries = 0;
  return (request: ChatRequest, n: number): string => {
    switch (kindOf(request)) {
      case 'selector':
        return JSON.stringify({ next: 'Jane' });
      case 'project':
      case 'batch':
        return projection(request, ++tries);
      case 'chronicle':
        return chronicleAnswer(request, n);
      case 'actor':
        return 'I step forward and wave.';
    }
  };
}

describe('[V8][V7] the projector is checked against its source', () => {
  it("an isolated projection adding another participant's deed is retried with the reason", async () => {
    const s = makeStory({ jessPresent: false });
    const env = makeEnv(answers((_, tries) => (tries === 1 ? CONTINUED : RENDERED)));
    expect((await authorTurn(s, env, USER, KNOCK)).ok).toBe(true);
    expect((await completeBackground(s, env)).ok).toBe(true);
    expect(env.model.calls.map((c) => kindOf(c))).toEqual(['project', 'project']);
    expect(env.model.calls[1]?.messages.at(-1)?.content).toContain(
      'The answer has Jess act or speak ("Jess walks over and opens it")',
    );
    const turn = readTurn(s.doc, activeLeaf(s.doc) as string);
    expect(turn.pov[JANE]).toMatchObject({ perceived: true, text: RENDERED });
    expect(JSON.stringify(exportStory(s.doc))).not.toContain('Jess walks over');
  });

  it('the same answer passes when the source tells the deed', async () => {
    const s = makeStory({ jessPresent: false });
    const env = makeEnv(answers(() => CONTINUED));
    await authorTurn(s, env, USER, 'I knock on the door, and Jess walks over and opens it.');
    expect((await completeBackground(s, env)).ok).toBe(true);
    expect(env.model.calls.map((c) => kindOf(c))).toEqual(['project']);
    expect(readTurn(s.doc, activeLeaf(s.doc) as string).pov[JANE]?.text).toBe(CONTINUED);
  });

  it("[V9] a character's turn to the user: the speaker acting passes, an event after it is retried", async () => {
    const s = makeStory({ jessPresent: false });
    const env = makeEnv(
      answers((_, tries) =>
        tries === 1
          ? 'Jane steps forward and waves. Then the roof collapses and rain pours in.'
          : 'Jane steps forward and waves at you.',
      ),
    );
    const r = await takeTurn(s, env, { actor: JANE });
    expect(r.ok).toBe(true);
    expect(env.model.calls.map((c) => kindOf(c))).toEqual(['actor', 'project', 'project']);
    expect(env.model.calls.map((c) => subjectOf(c)).slice(1)).toEqual(['User', 'User']);
    expect(env.model.calls[2]?.messages.at(-1)?.content).toContain(
      'The answer adds something the source turn does not contain ("Then the roof collapses and rain pours in")',
    );
    expect(readTurn(s.doc, activeLeaf(s.doc) as string).pov[USER]?.text).toBe(
      'Jane steps forward and waves at you.',
    );
  });

  it('[O4] a batched answer is checked per audience against the same source', async () => {
    const s = makeStory();
    updateSettings(s.doc, { batchReprojection: true });
    const env = makeEnv(
      answers((_, tries) =>
        JSON.stringify({
          Jane: tries === 1 ? 'You hear a knock. Earlier that night, Jess had hidden the letter.' : RENDERED,
          Jess: RENDERED,
        }),
      ),
    );
    await authorTurn(s, env, USER, KNOCK);
    expect((await completeBackground(s, env)).ok).toBe(true);
    expect(env.model.calls.map((c) => kindOf(c))).toEqual(['batch', 'batch']);
    expect(env.model.calls[1]?.messages.at(-1)?.content).toContain('Jane: The answer tells earlier events');
    const turn = readTurn(s.doc, activeLeaf(s.doc) as string);
    expect(turn.pov[JANE]?.text).toBe(RENDERED);
    expect(turn.pov[JESS]?.text).toBe(RENDERED);
  });
});
