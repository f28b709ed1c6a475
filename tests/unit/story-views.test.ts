// Derived views of a story: transcripts, missing records, staleness with propagation, accept, and
// the memoisation that keeps a long story cheap to recompute.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { editSource } from '../../src/driver/doc/turns.ts';
import { editPovText } from '../../src/driver/doc/pov.ts';
import { setPresent } from '../../src/driver/doc/participants.ts';
import { setActiveLeaf } from '../../src/driver/doc/tree.ts';
import { EMPTY_SENTINEL } from '../../src/driver/doc/schema.ts';
import { createStoryViews, type StoryViews } from '../../src/driver/views/story-views.ts';
import { acceptStale } from '../../src/driver/views/keep.ts';
import { JANE, JESS, USER, makeStory, type StoryFixture } from '../support/story-fixture.ts';

const staleKeys = (views: StoryViews) =>
  views
    .staleItems()
    .map((s) => (s.audience ? `${s.turnId}/${s.audience}` : s.turnId))
    .sort();

/**
 * t1 User (all) · t2 Jane generated (all) · t3 Jess generated, Jane absent · t4 User (all) ·
 * t5 Jane generated (all) · t6 Jess generated (all); every record projected with a fresh basis.
 */
function sixTurns(): StoryFixture & { t: string[] } {
  const f = makeStory();
  const t1 = f.say(USER, 'I knock.');
  f.projectAll(t1);
  const t2 = f.say(JANE, 'I open the gate.', { origin: 'generated' });
  f.projectAll(t2);
  const t3 = f.say(JESS, 'I watch from the tower.', { origin: 'generated', audiences: [JESS, USER] });
  f.projectAll(t3);
  const t4 = f.say(USER, 'I step inside.');
  f.projectAll(t4);
  const t5 = f.say(JANE, 'I close the gate.', { origin: 'generated' });
  f.projectAll(t5);
  const t6 = f.say(JESS, 'I climb down.', { origin: 'generated' });
  f.projectAll(t6);
  return { ...f, t: [t1, t2, t3, t4, t5, t6] };
}

describe('transcripts', () => {
  function story() {
    const f = makeStory();
    const t1 = f.say(USER, 'I knock.');
    f.project(t1, JANE, 'Someone knocks at your gate.');
    f.project(t1, JESS, null);
    const t2 = f.say(JANE, 'I open the gate. *He looks tired.*');
    f.project(t2, USER, 'Jane opens the gate.');
    setPresent(f.doc, JESS, false);
    const t3 = f.say(USER, 'I whisper to Jane.');
    f.project(t3, JANE, 'The traveller whispers to you.');
    return { ...f, t1, t2, t3 };
  }

  it('[P5] own turns as authored, others as the POV record, `nothing` where nothing was perceived', () => {
    const { views, t1, t2, t3 } = story();
    expect(views.transcript(USER)).toEqual([
      { turnId: t1, speaker: USER, kind: 'own', text: 'I knock.' },
      { turnId: t2, speaker: JANE, kind: 'perceived', text: 'Jane opens the gate.' },
      { turnId: t3, speaker: USER, kind: 'own', text: 'I whisper to Jane.' },
    ]);
    expect(views.transcript(JANE)).toEqual([
      { turnId: t1, speaker: USER, kind: 'perceived', text: 'Someone knocks at your gate.' },
      { turnId: t2, speaker: JANE, kind: 'own', text: 'I open the gate. *He looks tired.*' },
      { turnId: t3, speaker: USER, kind: 'perceived', text: 'The traveller whispers to you.' },
    ]);
    expect(views.transcript(JANE, { before: t3 }).map((e) => e.turnId)).toEqual([t1, t2]);
  });

  it('[P3][P7] an absent participant’s history lacks the turn; an absent record is `missing`, not `nothing`', () => {
    const { views, t1, t2 } = story();
    expect(views.transcript(JESS)).toEqual([
      { turnId: t1, speaker: USER, kind: 'nothing', text: '' },
      { turnId: t2, speaker: JANE, kind: 'missing', text: '' },
    ]);
    expect(views.missing(JESS)).toEqual([t2]);
    expect(views.missing(USER)).toEqual([]);
    expect(views.missing(JANE)).toEqual([]);
  });

  it('[P6][P8] a transcript never holds another participant’s source or another audience’s projection', () => {
    const { views } = story();
    const user = JSON.stringify(views.transcript(USER));
    expect(user).not.toContain('He looks tired');
    expect(user).not.toContain('Someone knocks');
    const jess = JSON.stringify(views.transcript(JESS));
    for (const secret of ['I open the gate', 'Jane opens the gate', 'whisper', 'I knock', EMPTY_SENTINEL]) {
      expect(jess).not.toContain(secret);
    }
  });

  it('[D1] follows the active leaf and any other leaf', () => {
    const f = makeStory();
    const a = f.say(USER, 'A');
    const b = f.say(JANE, 'B');
    const b2 = f.say(JANE, 'B2', { parent: a });
    expect(f.views.path().map((n) => n.id)).toEqual([a, b2]);
    expect(f.views.transcript(JANE).map((e) => e.text)).toEqual(['', 'B2']);
    expect(f.views.transcript(JANE, { leaf: b }).map((e) => e.turnId)).toEqual([a, b]);
    setActiveLeaf(f.doc, b);
    expect(f.views.path().map((n) => n.id)).toEqual([a, b]);
    expect(f.views.node(b2).index).toBe(1);
  });
});

describe('staleness', () => {
  it('[D4] a story built with current bases has nothing stale', () => {
    const { views } = sixTurns();
    expect(views.staleItems()).toEqual([]);
    for (const who of [USER, JANE, JESS]) expect(views.missing(who)).toEqual([]);
  });

  it('[D5][D6] editing a source makes its projections and the affected audiences’ later items stale', () => {
    const f = sixTurns();
    const [, t2, t3, t4, t5, t6] = f.t as [string, string, string, string, string, string];
    editSource(f.doc, t3, { text: 'I watch from the tower, bow drawn.' });
    expect(staleKeys(f.views)).toEqual(
      [
        `${t3}/${USER}`,
        `${t4}/${JESS}`,
        `${t5}/${USER}`,
        `${t5}/${JESS}`,
        t6,
        `${t6}/${JANE}`,
        `${t6}/${USER}`,
      ].sort(),
    );
    // Jane never perceived t3: her items and her generated turn stay fresh.
    expect(f.views.node(t4).pov.get(JANE)?.state).toBe('fresh');
    expect(f.views.node(t5).turnState).toBe('fresh');
    expect(f.views.node(t2).turnState).toBe('fresh');
  });

  it('[D6] editing one projection makes only that audience’s later items stale', () => {
    const f = sixTurns();
    const [, , , t4, t5] = f.t as [string, string, string, string, string, string];
    editPovText(f.doc, t4, JESS, { delta: [{ insert: 'Quietly, ' }] }, f.expectedPov(t4, JESS));
    expect(f.views.node(t4).pov.get(JESS)?.state).toBe('fresh');
    // t6 is Jess's own generated turn: it and what was generated from it are stale too.
    const [, , , , , t6] = f.t as [string, string, string, string, string, string];
    expect(staleKeys(f.views)).toEqual([`${t5}/${JESS}`, t6, `${t6}/${JANE}`, `${t6}/${USER}`].sort());
    expect(f.views.node(t5).pov.get(USER)?.state).toBe('fresh');
  });

  it('[D6] an edited projection on the last turn leaves every other audience fresh', () => {
    const f = sixTurns();
    const t7 = f.say(USER, 'I sit.');
    f.projectAll(t7);
    const t8 = f.say(USER, 'I wait.');
    f.projectAll(t8);
    editPovText(f.doc, t7, JANE, { text: 'He sits heavily.' }, f.expectedPov(t7, JANE));
    expect(staleKeys(f.views)).toEqual([`${t8}/${JANE}`]);
  });

  it('[D5] a generated turn with a mismatched basis is stale, and so are its projections and what follows', () => {
    const f = sixTurns();
    const t7 = f.say(JANE, 'I sigh.', { origin: 'generated', basis: 'not-the-history' });
    f.projectAll(t7);
    const t8 = f.say(USER, 'I nod.');
    f.projectAll(t8);
    expect(f.views.node(t7).turnState).toBe('stale');
    expect(f.views.node(t7).pov.get(USER)?.expected).toBe(f.expectedPov(t7, USER)); // bases match…
    expect(staleKeys(f.views)).toEqual(
      [t7, `${t7}/${JESS}`, `${t7}/${USER}`, `${t8}/${JANE}`, `${t8}/${JESS}`].sort(),
    );
  });

  it('[D7] accepting re-stamps the chosen items; what was stale only through them is fresh again', () => {
    const f = sixTurns();
    const [, , t3, t4, t5, t6] = f.t as [string, string, string, string, string, string];
    editSource(f.doc, t3, { text: 'I watch from the tower, bow drawn.' });
    expect(staleKeys(f.views)).toContain(`${t5}/${USER}`);
    const accepted = acceptStale(f.doc, f.views, [{ turnId: t3, audience: USER }, { turnId: 'not-stale' }]);
    expect(accepted).toEqual([{ turnId: t3, audience: USER }]);
    // t5/user was stale only through t3/user.
    expect(staleKeys(f.views)).toEqual(
      [`${t4}/${JESS}`, `${t5}/${JESS}`, t6, `${t6}/${JANE}`, `${t6}/${USER}`].sort(),
    );
    expect(acceptStale(f.doc, f.views)).toHaveLength(5);
    expect(f.views.staleItems()).toEqual([]);
  });

  it('[D8] an edit from another Y.Doc makes the same items stale, with no write on the receiving doc', () => {
    const a = sixTurns();
    const b = new Y.Doc({ guid: a.doc.guid });
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a.doc), 'remote');
    const viewsB = createStoryViews(b);
    expect(viewsB.staleItems()).toEqual([]);
    const origins: unknown[] = [];
    b.on('update', (_u: Uint8Array, origin: unknown) => origins.push(origin));
    const relay = (u: Uint8Array) => Y.applyUpdate(b, u, 'remote');
    a.doc.on('update', relay);
    editSource(a.doc, a.t[2] as string, { text: 'I watch from the tower, bow drawn.' });
    a.doc.off('update', relay);
    expect(staleKeys(viewsB)).toEqual(staleKeys(a.views));
    expect(staleKeys(viewsB)).toHaveLength(7);
    viewsB.transcript(USER);
    viewsB.everyNode();
    expect(origins).toEqual(['remote']);
    expect(Y.encodeStateVector(b)).toEqual(Y.encodeStateVector(a.doc));
  });
});

describe('memoisation', () => {
  it(
    'appending to a 2,000-turn story recomputes only the new node; an edit recomputes from there on',
    { timeout: 30_000 },
    () => {
      const f = makeStory();
      for (let i = 0; i < 2000; i++) f.say(i % 2 ? JANE : USER, `turn ${i}`);
      const before = f.views.path();
      expect(before).toHaveLength(2000);
      f.say(USER, 'one more');
      const after = f.views.path();
      expect(after).toHaveLength(2001);
      expect(after.slice(0, 2000).every((n, i) => n === before[i])).toBe(true);
      expect(after[2000]?.parent).toBe(before[1999]);

      const edited = after[999]?.id as string;
      editSource(f.doc, edited, { text: 'turn 999, revised' });
      const again = f.views.path();
      expect(again.slice(0, 999).every((n, i) => n === after[i])).toBe(true);
      expect(again.slice(999).every((n, i) => n !== after[999 + i])).toBe(true);
      expect(again[999]?.turn.source).toBe('turn 999, revised');
      // Nothing changed since: the next read reuses every node.
      expect(f.views.path().every((n, i) => n === again[i])).toBe(true);
    },
  );
});
