// A view is stored with the basis its request was made from, never the history as it stands when the
// answer comes back (L4): the story changing while a projection is in flight leaves the view stale.
// Isolated projections (the background's and the one the person waits for) and the batch alike.
import { describe, expect, it } from 'vitest';
import { makeStory, USER, JANE, JESS } from '../support/story-fixture.ts';
import { makeEnv, kindOf, subjectOf, completeBackground } from '../support/driver-env.ts';
import { projectTurn } from '../../src/driver/turns/projection.ts';
import { projectBatch } from '../../src/driver/turns/batch-projection.ts';
import { authorTurn } from '../../src/driver/turns/turn-loop.ts';
import { editSource, readTurn } from '../../src/driver/doc/turns.ts';
import { updateSettings } from '../../src/driver/doc/story-doc.ts';
import type { ChatRequest } from '../../src/driver/model.ts';

function answer(request: ChatRequest, n: number): string {
  if (kindOf(request) === 'batch') {
    const names = request.response_format?.json_schema.schema.required as string[];
    return JSON.stringify(Object.fromEntries(names.map((x) => [x, `You hear a knock. (answer ${n})`])));
  }
  return `You hear a knock. (answer ${n})`;
}

describe('a view keeps the basis of its request (L4)', () => {
  it('[L4] an isolated projection whose audience history was edited while it was in flight is stored stale', async () => {
    const s = makeStory({ jessPresent: false });
    const t1 = s.say(USER, 'I wave.');
    s.projectAll(t1);
    const t2 = s.say(USER, 'I knock twice.');
    const requested = s.expectedPov(t2, JANE);
    const env = makeEnv((req, n) => {
      // The person edits Jane's view of the turn before, while Jane's view of t2 is being asked for.
      s.project(t1, JANE, 'You see someone wave at you twice.', 'edited');
      return answer(req, n);
    });
    const r = await projectTurn(s, env, t2, JANE);
    expect(r.ok).toBe(true);
    expect(env.model.calls).toHaveLength(1);
    // Stored with what the request was made from, so it reads stale against the moved history.
    expect(readTurn(s.doc, t2).pov[JANE]?.basis).toBe(requested);
    expect(s.expectedPov(t2, JANE)).not.toBe(requested);
    expect(s.views.staleItems()).toContainEqual({ turnId: t2, audience: JANE });
    expect(s.views.node(t2).pov.get(JANE)?.state).toBe('stale');
  });

  it('[L4] the source edited while its projection was in flight leaves the background’s view stale', async () => {
    const s = makeStory({ jessPresent: false });
    let t = '';
    const env = makeEnv((req, n) => {
      if (kindOf(req) === 'project' && subjectOf(req) === 'Jane')
        expect(editSource(s.doc, t, { text: 'I knock three times.' }).ok).toBe(true);
      return answer(req, n);
    });
    const r = await authorTurn(s, env, USER, 'I knock twice.');
    expect(r.ok).toBe(true);
    t = r.ok ? r.turnId : '';
    // The view is written, stale at once; the background then stops for the person's choice (L8).
    const bg = await completeBackground(s, env);
    expect(!bg.ok && bg.code).toBe('stale-history');
    expect(env.model.calls).toHaveLength(1);
    expect(readTurn(s.doc, t).source).toBe('I knock three times.');
    expect(readTurn(s.doc, t).pov[JANE]).toBeDefined();
    expect(s.views.staleItems()).toContainEqual({ turnId: t, audience: JANE });
  });

  it('[L4][O4] a batch stores each audience’s view with the basis its request was made from', async () => {
    const s = makeStory();
    updateSettings(s.doc, { batchReprojection: true });
    const t1 = s.say(USER, 'I wave.');
    s.projectAll(t1);
    const t2 = s.say(USER, 'I knock twice.');
    const requested = { [JANE]: s.expectedPov(t2, JANE), [JESS]: s.expectedPov(t2, JESS) };
    const env = makeEnv((req, n) => {
      if (kindOf(req) === 'batch') s.project(t1, JESS, 'Someone waves, far off.', 'edited');
      return answer(req, n);
    });
    const r = await projectBatch(s, env, t2, [JANE, JESS]);
    expect(r.ok && r.remaining).toEqual([]);
    expect(env.model.calls.map((c) => kindOf(c))).toEqual(['batch']);
    const pov = readTurn(s.doc, t2).pov;
    expect(pov[JANE]?.basis).toBe(requested[JANE]);
    expect(pov[JESS]?.basis).toBe(requested[JESS]);
    // Jess's history moved under the request: her view is stale, Jane's (untouched history) fresh.
    expect(s.views.staleItems()).toEqual([{ turnId: t2, audience: JESS }]);
  });
});
