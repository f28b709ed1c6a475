// What the background owes a story (background.ts, L1, L8): every missing view, one audience after
// another with the person's first; nothing on a stale path; and which missing views a stopped run left
// (resumed when the story opens) as against a backlog the person has not asked for.
import { describe, expect, it } from 'vitest';
import { makeStory, USER, JANE, JESS } from '../support/story-fixture.ts';
import { completeBackground, kindOf, makeEnv, subjectOf } from '../support/driver-env.ts';
import { interruptedViews, pendingViews } from '../../src/driver/turns/background.ts';
import { editSource } from '../../src/driver/doc/turns.ts';

const answer = () => 'You hear a chair scrape.';

describe('the background (L8)', () => {
  it('[L1][L8] writes every missing view, the person’s first, then each audience’s in story order', async () => {
    const s = makeStory();
    const first = s.say(JANE, 'I light the stove.');
    const second = s.say(JESS, 'I sit down by the window.');
    const third = s.say(USER, 'I hang up my coat.');
    const env = makeEnv(answer);
    expect(pendingViews(s)).toBe(6);
    expect(await completeBackground(s, env)).toEqual({ ok: true });
    expect(pendingViews(s)).toBe(0);
    const asked = env.model.calls.filter((c) => kindOf(c) === 'project').map((c) => subjectOf(c));
    // The user's two views, then Jane's (Jess's turn, the user's), then Jess's (Jane's, the user's).
    expect(asked).toEqual(['User', 'User', 'Jane', 'Jane', 'Jess', 'Jess']);
    for (const turn of [first, second, third])
      expect([...s.views.node(turn).pov.values()].every((v) => v.state === 'fresh')).toBe(true);
  });

  it('[L3][L8] asks nothing on a stale path: that waits for the person’s choice', async () => {
    const s = makeStory();
    const turn = s.say(JANE, 'I light the stove.');
    s.projectAll(turn);
    s.say(USER, 'I hang up my coat.');
    editSource(s.doc, turn, { text: 'I light the lamp.' });
    const env = makeEnv(answer);
    expect(await completeBackground(s, env)).toMatchObject({ ok: false, code: 'stale-history' });
    expect(env.model.calls).toEqual([]);
  });

  it('[L8] a turn the loop began to project counts as interrupted; one none of whose views is written is a backlog', () => {
    const s = makeStory();
    // A chat imported to be projected later: no view of it at all.
    s.say(USER, 'I knock.');
    s.say(JANE, 'I open the door.');
    expect(pendingViews(s)).toBe(4);
    expect(interruptedViews(s)).toBe(0);
    // A round the background was writing when the tab closed: the person's view is there, Jess's not.
    const turn = s.say(JANE, 'I pour the tea.');
    s.project(turn, USER, 'You see Jane pour the tea.');
    expect(interruptedViews(s)).toBe(1);
  });
});
