// Where a rewrite leaves the old branch (H3, H4): stale views before the first stale model-written
// turn are projected again in place, on the same turns; that turn is written again as a sibling of
// itself, and what follows is copied or written again after it. Small stories built by hand, so the
// exact turn the new branch starts at is known: one turn early, one late or never all fail here.
import { describe, expect, it } from 'vitest';
import {
  makeStory,
  pathIds,
  childIds,
  USER,
  JANE,
  JESS,
  type StoryFixture,
} from '../support/story-fixture.ts';
import { makeEnv, kindOf, subjectOf } from '../support/driver-env.ts';
import { editSource, readTurn } from '../../src/driver/doc/turns.ts';
import { settleStale } from '../../src/driver/turns/commands.ts';
import { staleHistory } from '../../src/driver/turns/stale-history.ts';
import type { ChatRequest } from '../../src/driver/model.ts';

let ids = 0;
const answer = (request: ChatRequest, n: number) =>
  kindOf(request) === 'actor' ? `I nod slowly. (answer ${n})` : `You hear footsteps nearby. (answer ${n})`;
const envOf = () => makeEnv(answer, { newId: () => `new${++ids}` });

/**
 * t1 User, t2 Jane, t3 User, t4 Jess, t5 User, t6 Jane: the characters' turns model-written with the
 * basis of their author's history, every view written.
 */
function sixTurns(): { s: StoryFixture; t: string[] } {
  const s = makeStory();
  const t: string[] = [];
  const add = (author: string, text: string) => {
    const id = s.say(author, text, author === USER ? {} : { origin: 'generated' });
    s.projectAll(id);
    t.push(id);
  };
  add(USER, 'I knock at the gate.');
  add(JANE, 'I open the hatch and look out.');
  add(USER, 'I show my pass.');
  add(JESS, 'I lift the lantern higher.');
  add(USER, 'I step inside.');
  add(JANE, 'I close the gate behind us.');
  expect(s.views.staleItems()).toEqual([]);
  return { s, t };
}

/** Each request as `kind subject`, in order. */
const asked = (calls: readonly ChatRequest[]) => calls.map((c) => `${kindOf(c)} ${subjectOf(c)}`);

describe('a rewrite forks at the first stale model-written turn (H3)', () => {
  it('[H3] views before it are projected again in place; that turn is written again beside itself', async () => {
    const { s, t } = sixTurns();
    const [t1, t2, t3, t4, t5, t6] = t as [string, string, string, string, string, string];
    // The person edits Jane's view of t3: her later views (t4, t5) and her own later turn (t6), with its
    // views, are stale.
    s.project(t3, JANE, 'You see the traveller hold up a crumpled paper.', 'edited');
    expect(s.views.staleItems()).toEqual([
      { turnId: t4, audience: JANE },
      { turnId: t5, audience: JANE },
      { turnId: t6 },
      { turnId: t6, audience: USER },
      { turnId: t6, audience: JESS },
    ]);
    const before = {
      t4: readTurn(s.doc, t4).pov[JANE],
      t5: readTurn(s.doc, t5).pov[JANE],
      t6: readTurn(s.doc, t6),
    };

    const env = envOf();
    const r = await settleStale(s, env, t6, 'rewrite');
    expect(r.ok, JSON.stringify(r)).toBe(true);
    const leaf = r.ok ? r.leaf : null;
    // In place: Jane's views of t4 and t5 (the same turns, the path up to t5 unchanged), then the fork.
    expect(asked(env.model.calls)).toEqual([
      'project Jane',
      'project Jane',
      'actor Jane',
      'project User',
      'project Jess',
    ]);
    const path = pathIds(s.doc);
    expect(path.slice(0, 5)).toEqual([t1, t2, t3, t4, t5]);
    expect(path).toHaveLength(6);
    const made = path[5] as string;
    expect(leaf).toBe(made);
    expect(made).not.toBe(t6);
    expect(childIds(s.doc, t5).sort()).toEqual([made, t6].sort());
    expect(readTurn(s.doc, made)).toMatchObject({ author: JANE, origin: 'generated', parent: t5 });
    expect(readTurn(s.doc, t4).pov[JANE]?.text).not.toBe(before.t4?.text);
    expect(readTurn(s.doc, t5).pov[JANE]?.text).not.toBe(before.t5?.text);
    // The old turn stays exactly as it was, one swipe away; nothing on the path is stale.
    expect(readTurn(s.doc, t6)).toEqual(before.t6);
    expect(staleHistory(s)).toBeNull();
  });

  it('[H3][H4] a stale turn edited by hand is kept in place; the fork is the first one the model wrote as it stands', async () => {
    const { s, t } = sixTurns();
    const [t1, t2, t3, t4, t5, t6] = t as [string, string, string, string, string, string];
    // Jane's t2 edited by hand: it is the person's text now (kept, re-stamped); its views are stale,
    // and with them Jess's history, so Jess's t4 no longer fits; then Jane's t6 after the new t4.
    expect(editSource(s.doc, t2, { text: 'I open the hatch and curse the cold.' }).ok).toBe(true);
    s.project(t1, JANE, 'Someone knocks. (the person’s own words)', 'edited');
    const stale = s.views.staleItems();
    expect(stale[0]).toEqual({ turnId: t2 });
    expect(stale).toContainEqual({ turnId: t4 });
    const oldT4 = readTurn(s.doc, t4);

    const env = envOf();
    // The user's t5 comes after the fork: the person chooses to copy it onto the new branch (H9).
    const r = await settleStale(s, env, t6, { rewrite: { copy: [t5] } });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    const path = pathIds(s.doc);
    // t2 and t3 stay where they are (t2's and t3's views projected again in place); t4 is the fork.
    expect(path.slice(0, 3)).toEqual([t1, t2, t3]);
    expect(path).toHaveLength(6);
    expect(path[3]).not.toBe(t4);
    expect(childIds(s.doc, t3).sort()).toEqual([path[3], t4].sort());
    expect(readTurn(s.doc, t2)).toMatchObject({
      source: 'I open the hatch and curse the cold.',
      edited: true,
    });
    expect(readTurn(s.doc, path[3] as string)).toMatchObject({ author: JESS, origin: 'generated' });
    // The user's t5 is copied after it; Jane's t6 no longer fits and is written again.
    expect(path[4]).not.toBe(t5);
    expect(readTurn(s.doc, path[4] as string)).toMatchObject({ author: USER, source: 'I step inside.' });
    expect(path[5]).not.toBe(t6);
    expect(readTurn(s.doc, path[5] as string)).toMatchObject({ author: JANE, origin: 'generated' });
    const kinds = asked(env.model.calls);
    expect(kinds.filter((k) => k.startsWith('actor'))).toEqual(['actor Jess', 'actor Jane']);
    // Before the fork only views were asked for, and only of turns before it.
    const firstActor = kinds.findIndex((k) => k.startsWith('actor'));
    expect(kinds.slice(0, firstActor).every((k) => k.startsWith('project'))).toBe(true);
    expect(readTurn(s.doc, t4)).toEqual(oldT4);
    expect(staleHistory(s)).toBeNull();
  });

  it('[H3] with no stale model-written turn nothing forks: the views are projected again in place', async () => {
    const { s, t } = sixTurns();
    const t5 = t[4] as string;
    const leaf = t[5] as string;
    expect(editSource(s.doc, leaf, { text: 'I close the gate and bar it.' }).ok).toBe(true);
    // Jane's own t6 edited by hand: its views are stale, the turn is the person's.
    expect(s.views.staleItems()).toEqual([
      { turnId: leaf, audience: USER },
      { turnId: leaf, audience: JESS },
    ]);
    const env = envOf();
    const r = await settleStale(s, env, leaf, 'rewrite');
    expect(r.ok && r.leaf).toBe(leaf);
    expect(pathIds(s.doc)).toEqual(t);
    expect(childIds(s.doc, t5)).toEqual([leaf]);
    expect(asked(env.model.calls)).toEqual(['project User', 'project Jess']);
  });
});
