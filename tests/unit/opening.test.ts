// A story opened with a character's greeting (opening.ts, L10): the greeting is that character's turn;
// the person reads it as written, every other audience's view is projected like any turn's.
import { describe, expect, it } from 'vitest';
import { makeStory, USER, JANE, JESS } from '../support/story-fixture.ts';
import { completeBackground, kindOf, makeEnv, subjectOf } from '../support/driver-env.ts';
import { addOpening } from '../../src/driver/turns/opening.ts';
import { interruptedViews } from '../../src/driver/turns/background.ts';
import { readPov } from '../../src/driver/doc/pov.ts';

const GREETING = 'You wake with a start, bloodied, in ${name}’s cottage. "Easy, ${user}," she says.';

describe('a story opened with a greeting (L10)', () => {
  it('[L10] the person reads the greeting as written; the other characters’ views are projected, not copied', async () => {
    const s = makeStory();
    const turn = addOpening(s.doc, {
      author: JANE,
      text: GREETING,
      names: { name: 'Jane', user: 'User' },
      id: 'opening',
      at: s.now(),
    });
    const written = 'You wake with a start, bloodied, in Jane’s cottage. "Easy, User," she says.';
    expect(readPov(s.doc, turn, USER)).toMatchObject({ perceived: true, text: written, origin: 'imported' });
    expect(readPov(s.doc, turn, JESS)).toBeUndefined();
    // A view written and one missing: the background owes it, and resumes it when the story opens.
    expect(interruptedViews(s)).toBe(1);

    const env = makeEnv(() => 'You hear Jane speak softly to someone who has just woken.');
    expect(await completeBackground(s, env)).toEqual({ ok: true });
    const projections = env.model.calls.filter((c) => kindOf(c) === 'project');
    expect(projections.map((c) => subjectOf(c))).toEqual(['Jess']);
    // The projector got the greeting as the source to rewrite for Jess.
    expect(projections[0]?.messages.at(-1)?.content).toContain(written);
    expect(readPov(s.doc, turn, JESS)).toMatchObject({
      perceived: true,
      text: 'You hear Jane speak softly to someone who has just woken.',
      origin: 'generated',
    });
  });
});
