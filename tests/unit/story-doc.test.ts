// The story document through its typed API: participants, turns, POV records, the tree, migrations.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  createStory,
  metaMap,
  readMeta,
  readSettings,
  updateSettings,
} from '../../src/driver/doc/story-doc.ts';
import {
  addParticipant,
  findParticipantByName,
  listParticipants,
  presentIds,
  setPresent,
  updateParticipant,
  userParticipant,
} from '../../src/driver/doc/participants.ts';
import {
  activeLeaf,
  appendTurn,
  editSource,
  readTurn,
  sourceText,
  turnGiven,
} from '../../src/driver/doc/turns.ts';
import {
  clearPov,
  editPovText,
  markPerceivedNothing,
  povGiven,
  readPov,
  writePov,
} from '../../src/driver/doc/pov.ts';
import { newestLeafUnder, setActiveLeaf } from '../../src/driver/doc/tree.ts';
import { migrateStory, type Migration } from '../../src/driver/doc/migrations.ts';
import { STORY_SCHEMA_VERSION } from '../../src/driver/doc/schema.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { createStoryViews } from '../../src/driver/views/story-views.ts';
import { participantRefusal } from '../../src/driver/i18n/doc-refusals.ts';
import { JANE, JESS, USER, childIds, isoAt, makeStory, pathIds } from '../support/story-fixture.ts';

const pov = (text: string, perceived = true) => ({
  perceived,
  text,
  basis: 'b',
  origin: 'generated' as const,
  createdAt: isoAt(99),
});

describe('story meta', () => {
  it('creates a story whose id is the doc guid, at the current schema version, with default settings', () => {
    const doc = new Y.Doc({ guid: 'abc' });
    createStory(doc, {
      title: 'T',
      language: 'zh',
      createdAt: isoAt(0),
      settings: { turnSelection: 'manual' },
    });
    expect(readMeta(doc)).toEqual({
      id: 'abc',
      schemaVersion: STORY_SCHEMA_VERSION,
      title: 'T',
      language: 'zh',
      createdAt: isoAt(0),
      activeLeaf: null,
      settings: { batchReprojection: false, turnSelection: 'manual' },
    });
    updateSettings(doc, { batchReprojection: true });
    expect(readSettings(doc)).toEqual({ batchReprojection: true, turnSelection: 'manual' });
  });
});

describe('participants', () => {
  it('[D3] refuses a name already used, ignoring case and surrounding spaces', () => {
    const { doc } = makeStory();
    const r = addParticipant(doc, { id: 'jane2', kind: 'character', name: '  JANE ', present: true });
    expect(r).toMatchObject({ ok: false, code: 'duplicate-name' });
    // The document answers in codes; the driver words them in the story's language.
    if (r.ok) throw new Error('a duplicate name was accepted');
    expect(participantRefusal('en', r)).toBe(
      'There is already a participant named JANE. Names must be unique.',
    );
    expect(participantRefusal('zh', r)).toContain('JANE');
    expect(
      listParticipants(doc)
        .map((p) => p.id)
        .sort(),
    ).toEqual([JANE, JESS, USER]);
    expect(updateParticipant(doc, JESS, { name: 'jane' })).toMatchObject({
      ok: false,
      code: 'duplicate-name',
    });
    expect(findParticipantByName(doc, 'jess')?.id).toBe(JESS);
    // Renaming to one's own name in another case is not a clash.
    expect(updateParticipant(doc, JESS, { name: 'JESS' })).toEqual({ ok: true });
    expect(findParticipantByName(doc, 'Jess')?.name).toBe('JESS');
  });

  it('[D3] refuses a second user', () => {
    const { doc } = makeStory();
    expect(addParticipant(doc, { id: 'u2', kind: 'user', name: 'Other', present: true })).toMatchObject({
      ok: false,
      code: 'second-user',
    });
    expect(userParticipant(doc)?.id).toBe(USER);
    expect(listParticipants(doc).filter((p) => p.kind === 'user')).toHaveLength(1);
  });

  it('toggles presence', () => {
    const { doc } = makeStory();
    expect(presentIds(doc).sort()).toEqual([JANE, JESS, USER]);
    expect(setPresent(doc, JESS, false)).toEqual({ ok: true });
    expect(presentIds(doc).sort()).toEqual([JANE, USER]);
    expect(setPresent(doc, 'nobody', true)).toMatchObject({ ok: false, code: 'unknown' });
  });

  it('[P3] a turn’s audiences are the participants present at append time plus the author; parent = active leaf', () => {
    const f = makeStory();
    setPresent(f.doc, JESS, false);
    const t1 = f.say(USER, 'Hello.');
    expect(readTurn(f.doc, t1)).toMatchObject({ parent: null, author: USER });
    expect(readTurn(f.doc, t1).audiences.sort()).toEqual([JANE, USER]);
    // An absent author is still an audience of their own turn.
    const t2 = f.say(JESS, 'I arrive.');
    expect(readTurn(f.doc, t2).parent).toBe(t1);
    expect(readTurn(f.doc, t2).audiences.sort()).toEqual([JANE, JESS, USER]);
    expect(activeLeaf(f.doc)).toBe(t2);
    // Later presence changes do not rewrite earlier audiences.
    setPresent(f.doc, JESS, true);
    expect(readTurn(f.doc, t1).audiences).not.toContain(JESS);
  });
  it('[P3] snapshots and exports copy the audiences: changing them does not change the doc', () => {
    const f = makeStory();
    const t = f.say(USER, 'Hello.');
    readTurn(f.doc, t).audiences.push('ghost');
    exportStory(f.doc).turns[0]?.audiences.push('ghost');
    f.views.node(t).turn.audiences.push('ghost');
    expect(readTurn(f.doc, t).audiences).not.toContain('ghost');
  });
});

describe('sources', () => {
  it('[P2] edits the one source by delta and by replacement, stored exactly as written', () => {
    const f = makeStory();
    const t = f.say(JANE, 'I open the gate. *I hope he is harmless.*');
    editSource(f.doc, t, { delta: [{ retain: 2 }, { delete: 4 }, { insert: 'unlock' }] });
    expect(readTurn(f.doc, t).source).toBe('I unlock the gate. *I hope he is harmless.*');
    const text = sourceText(f.doc, t);
    editSource(f.doc, t, { text: 'I unlock the big gate.  ' });
    expect(text.toString()).toBe('I unlock the big gate.  ');
    expect(sourceText(f.doc, t)).toBe(text); // the same Y.Text, edited in place
  });
});

describe('POV records', () => {
  it('[P4] refuses a record for the author or for a participant who was not an audience', () => {
    const f = makeStory({ jessPresent: false });
    const t = f.say(JANE, 'I wave.');
    expect(() => writePov(f.doc, t, JANE, pov('x'))).toThrow(/author/);
    expect(() => writePov(f.doc, t, JESS, pov('x'))).toThrow(/not an audience/);
    expect(readTurn(f.doc, t).pov).toEqual({});
  });

  it('[P7] perceived false (stored text empty) is distinct from an absent record', () => {
    const f = makeStory();
    const t = f.say(JANE, 'I whisper.');
    expect(readPov(f.doc, t, USER)).toBeUndefined();
    writePov(f.doc, t, USER, pov('ignored text', false));
    expect(readPov(f.doc, t, USER)).toMatchObject({ perceived: false, text: '', origin: 'generated' });
    writePov(f.doc, t, JESS, pov('You hear a whisper.'));
    expect(readPov(f.doc, t, JESS)).toMatchObject({ perceived: true, text: 'You hear a whisper.' });
    clearPov(f.doc, t, USER);
    expect(readPov(f.doc, t, USER)).toBeUndefined();
    expect(Object.keys(readTurn(f.doc, t).pov)).toEqual([JESS]);
  });

  it('[P7] editing a record marks it edited with the given basis; markPerceivedNothing empties it', () => {
    const f = makeStory();
    const t = f.say(JANE, 'I whisper.');
    writePov(f.doc, t, USER, pov('You hear a whisper.'));
    editPovText(f.doc, t, USER, { delta: [{ retain: 11 }, { insert: 'soft ' }] }, 'b2');
    expect(readPov(f.doc, t, USER)).toMatchObject({
      perceived: true,
      text: 'You hear a soft whisper.',
      origin: 'edited',
      basis: 'b2',
    });
    editPovText(f.doc, t, USER, { text: 'You hear nothing clear.' }, 'b3');
    expect(readPov(f.doc, t, USER)).toMatchObject({ text: 'You hear nothing clear.', basis: 'b3' });
    markPerceivedNothing(f.doc, t, USER, 'b4');
    expect(readPov(f.doc, t, USER)).toEqual({
      perceived: false,
      text: '',
      basis: 'b4',
      origin: 'edited',
      createdAt: isoAt(99),
    });
    expect(() => editPovText(f.doc, t, JESS, { text: 'x' }, 'b')).toThrow(/no POV record/);
  });
});

describe('the tree', () => {
  it('[D1] branches from an earlier turn, switches the active leaf and walks paths', () => {
    const f = makeStory();
    const a = f.say(USER, 'A');
    const b = f.say(JANE, 'B');
    const c = f.say(USER, 'C');
    const b2 = f.say(JANE, 'B2', { parent: a });
    const c2 = f.say(USER, 'C2');
    expect(activeLeaf(f.doc)).toBe(c2);
    expect(pathIds(f.doc)).toEqual([a, b2, c2]);
    expect(pathIds(f.doc, c)).toEqual([a, b, c]);
    expect(childIds(f.doc, a)).toEqual([b, b2]);
    expect(childIds(f.doc, null)).toEqual([a]);
    expect(newestLeafUnder(f.doc, a)).toBe(c2);
    expect(newestLeafUnder(f.doc, b)).toBe(c);
    setActiveLeaf(f.doc, c);
    expect(pathIds(f.doc)).toEqual([a, b, c]);
    expect(() => setActiveLeaf(f.doc, 'nope')).toThrow();
    expect(activeLeaf(f.doc)).toBe(c);
    // A non-activating append leaves the chronology alone.
    const d = f.say(JANE, 'D', { parent: b2, activate: false });
    expect(activeLeaf(f.doc)).toBe(c);
    expect(newestLeafUnder(f.doc, a)).toBe(d);
  });

  it('refuses an append to an unknown parent or with a duplicate id', () => {
    const f = makeStory();
    const a = f.say(USER, 'A');
    expect(() => f.say(JANE, 'x', { parent: 'ghost' })).toThrow(/unknown turn/);
    expect(() => f.say(JANE, 'x', { id: a })).toThrow(/exists/);
  });
});

describe('migrations', () => {
  const v0Doc = () => {
    const doc = new Y.Doc();
    createStory(doc, { title: 'Old', language: 'en', createdAt: isoAt(0) });
    metaMap(doc).set('schemaVersion', 0);
    metaMap(doc).set('oldTitle', 'Legacy');
    return doc;
  };

  it('[D11] migrates an older story in place, version by version', () => {
    const doc = v0Doc();
    const ran: number[] = [];
    const fake: Migration[] = [
      {
        to: 1,
        up(d) {
          ran.push(1);
          const meta = metaMap(d);
          meta.set('title', String(meta.get('oldTitle')));
          meta.delete('oldTitle');
        },
      },
    ];
    expect(migrateStory(doc, fake, 1)).toEqual({ ok: true, from: 0, to: 1 });
    expect(ran).toEqual([1]);
    expect(readMeta(doc)).toMatchObject({ schemaVersion: 1, title: 'Legacy' });
    expect(metaMap(doc).has('oldTitle')).toBe(false);
    // Already current: nothing runs again.
    expect(migrateStory(doc, fake, 1)).toEqual({ ok: true, from: 1, to: 1 });
    expect(ran).toEqual([1]);
  });

  it('[D11] runs each step in order across several versions', () => {
    const doc = v0Doc();
    const seen: number[] = [];
    const steps: Migration[] = [2, 1, 3].map((to) => ({
      to,
      up: (d) => seen.push(Number(metaMap(d).get('schemaVersion'))),
    }));
    expect(migrateStory(doc, steps, 3)).toEqual({ ok: true, from: 0, to: 3 });
    expect(seen).toEqual([0, 1, 2]);
    expect(readMeta(doc).schemaVersion).toBe(3);
  });

  it('[D11] refuses a story saved by a newer schema and leaves it untouched', () => {
    const f = makeStory();
    metaMap(f.doc).set('schemaVersion', STORY_SCHEMA_VERSION + 1);
    const before = Y.encodeStateVector(f.doc);
    const r = migrateStory(f.doc);
    expect(r).toMatchObject({ ok: false, code: 'newer-version' });
    expect(r.ok ? '' : r.detail).toMatch(/newer/);
    expect(Y.encodeStateVector(f.doc)).toEqual(before);
  });
});

describe('[P8] the <empty> sentinel is never stored as text', () => {
  it('[P8][H5] writing a record as exactly <empty> stores perceived nothing; an edit to <empty> or to no text is refused and changes nothing', () => {
    const s = makeStory();
    const t1 = s.say(USER, 'I wave.');
    writePov(s.doc, t1, JANE, {
      perceived: true,
      text: ' <empty> ',
      basis: 'b',
      origin: 'generated',
      createdAt: s.now(),
    });
    expect(readPov(s.doc, t1, JANE)).toMatchObject({ perceived: false, text: '' });
    writePov(s.doc, t1, JESS, {
      perceived: true,
      text: 'You see a wave.',
      basis: 'b',
      origin: 'generated',
      createdAt: s.now(),
    });
    // Perceiving nothing is its own decision (markPerceivedNothing): an edit to the sentinel, or to no
    // text at all, is refused and changes nothing, so `<empty>` never means "the content was deleted".
    for (const text of ['<empty>', ' ', ''])
      expect(editPovText(s.doc, t1, JESS, { text }, 'b2')).toEqual({ ok: false, code: 'empty' });
    expect(editPovText(s.doc, t1, JESS, { delta: [{ delete: 15 }] }, 'b2')).toEqual({
      ok: false,
      code: 'empty',
    });
    expect(readPov(s.doc, t1, JESS)).toMatchObject({
      perceived: true,
      text: 'You see a wave.',
      origin: 'generated',
    });
  });
});

describe('[D1] a path whose older turns have not arrived yet', () => {
  it('starts at the oldest turn present instead of failing', () => {
    const first = makeStory();
    first.say(USER, 'one', { id: 'a' });
    const second = new Y.Doc({ guid: first.doc.guid });
    Y.applyUpdate(second, Y.encodeStateAsUpdate(first.doc));
    appendTurn(second, { id: 'b', author: USER, text: 'two', origin: 'authored', createdAt: isoAt(9) });
    // A third device gets the second device's own change before the first device's.
    const third = new Y.Doc({ guid: first.doc.guid });
    Y.applyUpdate(third, Y.encodeStateAsUpdate(second, Y.encodeStateVector(first.doc)));
    expect(
      createStoryViews(third)
        .path('b')
        .map((n) => n.id),
    ).toEqual(['b']);
    Y.applyUpdate(third, Y.encodeStateAsUpdate(first.doc));
    expect(
      createStoryViews(third)
        .path()
        .map((n) => n.id),
    ).toEqual(['a', 'b']);
  });

  it('grows back to the root in views made before the older turns arrived', () => {
    const first = makeStory();
    first.say(USER, 'one', { id: 'a' });
    const second = new Y.Doc({ guid: first.doc.guid });
    Y.applyUpdate(second, Y.encodeStateAsUpdate(first.doc));
    appendTurn(second, { id: 'b', author: USER, text: 'two', origin: 'authored', createdAt: isoAt(9) });
    const third = new Y.Doc({ guid: first.doc.guid });
    Y.applyUpdate(third, Y.encodeStateAsUpdate(second, Y.encodeStateVector(first.doc)));
    const views = createStoryViews(third);
    expect(views.path('b').map((n) => n.id)).toEqual(['b']);
    Y.applyUpdate(third, Y.encodeStateAsUpdate(first.doc));
    expect(views.path().map((n) => n.id)).toEqual(['a', 'b']);
    expect(views.transcript(USER).map((e) => e.text)).toEqual(['one', 'two']);
  });
});

describe('[G1] what a request was given', () => {
  it('is stored compactly with the turn and the view, read back whole, and a malformed one reads as absent', () => {
    const s = makeStory();
    const given = {
      context: 2048,
      maxTokens: 250,
      source: 'setting' as const,
      parts: [
        { part: 'instructions' as const, tokens: 410 },
        { part: 'history' as const, tokens: 903 },
        { part: 'known' as const, tokens: 37 },
        { part: 'source' as const, tokens: 120 },
      ],
      promptTokens: 1470,
      exact: true,
      window: { start: 120, entries: 44 },
      batch: true,
    };
    const t = s.say(JANE, 'I wave.', { origin: 'generated' });
    writePov(s.doc, t, USER, {
      perceived: true,
      text: 'Jane waves.',
      basis: s.expectedPov(t, USER),
      origin: 'generated',
      createdAt: isoAt(1),
      given,
    });
    expect(povGiven(s.doc, t, USER)).toEqual(given);
    const stored = s.doc.getMap('turns').get(t) as Y.Map<Y.Map<Y.Map<unknown>>>;
    const raw = stored.get('pov')?.get(USER)?.get('given');
    expect(Array.isArray(raw)).toBe(true);
    stored.get('pov')?.get(USER)?.set('given', [1, 2, 3]);
    expect(povGiven(s.doc, t, USER)).toBeUndefined();
    expect(turnGiven(s.doc, t)).toBeUndefined();
  });
});
