// The driver's part of moving turns into segment documents (docs/design/segmented-story.md §2.8): the
// depth of every turn, the copy that keeps every field, and the sweep of turns a v1 device wrote into
// a segmented root.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendTurn } from '../../src/driver/doc/turns.ts';
import { markPerceivedNothing, writePov } from '../../src/driver/doc/pov.ts';
import { readLeafRef, writeLeafRef } from '../../src/driver/doc/leaf-ref.ts';
import { SEGMENT_DEPTHS, segmentGuid, type TurnRef } from '../../src/driver/doc/segment-key.ts';
import { createStorySet } from '../../src/driver/doc/story-set.ts';
import { metaMap, turnsMap } from '../../src/driver/doc/story-doc.ts';
import {
  copyTurns,
  planRootSplit,
  planSegments,
  sweepRootTurns,
} from '../../src/driver/doc/split-segments.ts';
import type { Given } from '../../src/driver/doc/given.ts';
import { JANE, JESS, USER, makeStory } from '../support/story-fixture.ts';

const depthsOf = (plan: Map<number, TurnRef[]>) =>
  Object.fromEntries([...plan.values()].flat().map((t) => [t.id, t.depth]));

/** A bare readable turn, as a peer may write one (only its parent link matters here). */
function rawTurn(doc: Y.Doc, id: string, parent: string | null): void {
  doc.transact(() => {
    const m = new Y.Map<unknown>();
    m.set('parent', parent);
    m.set('author', USER);
    m.set('audiences', [USER]);
    m.set('source', new Y.Text(id));
    m.set('origin', 'authored');
    m.set('pov', new Y.Map());
    turnsMap(doc).set(id, m);
  });
}

const GIVEN: Given = {
  context: 8192,
  maxTokens: 350,
  source: 'server',
  parts: [
    { part: 'instructions', tokens: 10 },
    { part: 'history', tokens: 90 },
  ],
  promptTokens: 100,
  exact: true,
  window: { start: 0, entries: 1 },
  lore: { fresh: ['lore/b/e'], carried: [] },
};

describe('planSegments: the depth of every turn', () => {
  it('[SM1] roots are depth 0, a child its parent + 1; branches and roots land in the band of their depth', () => {
    const s = makeStory();
    const ids: string[] = [];
    for (let i = 0; i < SEGMENT_DEPTHS + 3; i++) ids.push(s.say(i % 2 ? JANE : USER, `line ${i}`));
    const branch = s.say(JESS, 'an alternative at depth 2', { parent: ids[1] as string });
    const late = s.say(JESS, 'an alternative at depth 501', { parent: ids[500] as string });
    const root2 = s.say(USER, 'a second root', { parent: null });
    const plan = planSegments(s.doc);
    const depths = depthsOf(plan);
    expect(Object.keys(depths)).toHaveLength(SEGMENT_DEPTHS + 6);
    expect(depths[ids[0] as string]).toBe(0);
    expect(depths[ids[502] as string]).toBe(502);
    expect(depths[branch]).toBe(2);
    expect(depths[late]).toBe(501);
    expect(depths[root2]).toBe(0);
    expect([...plan.keys()]).toEqual([0, 1]);
    expect(
      plan
        .get(1)
        ?.map((t) => t.id)
        .sort(),
    ).toEqual([ids[500], ids[501], ids[502], late].sort());
  });

  it('[SM1] a parent nobody sent starts the path at its child, as the walk does; an unreadable one keeps its place', () => {
    const doc = new Y.Doc({ guid: 'peer-story' });
    rawTurn(doc, 'orphan', 'never-sent');
    rawTurn(doc, 'below-orphan', 'orphan');
    rawTurn(doc, 'broken', null);
    (turnsMap(doc).get('broken') as Y.Map<unknown>).delete('source');
    rawTurn(doc, 'below-broken', 'broken');
    turnsMap(doc).set('stray', 'not a turn' as never);
    rawTurn(doc, 'below-stray', 'stray');
    expect(depthsOf(planSegments(doc))).toEqual({
      orphan: 0,
      'below-orphan': 1,
      broken: 0,
      'below-broken': 1,
      'below-stray': 0,
    });
  });

  it("[SM1] a loop of parents (a peer's) is cut before its least id, whichever turn the pass starts from", () => {
    for (const order of [
      ['c', 'a', 'b', 'tail'],
      ['tail', 'b', 'c', 'a'],
    ]) {
      const doc = new Y.Doc({ guid: 'peer-story' });
      const parents: Record<string, string> = { a: 'c', b: 'a', c: 'b', tail: 'b' };
      for (const id of order) rawTurn(doc, id, parents[id] as string);
      expect(depthsOf(planSegments(doc))).toEqual({ a: 0, b: 1, c: 2, tail: 2 });
    }
  });

  it('[SM1] is linear: a 100,000-turn chain is placed without recursion, in seconds', () => {
    const doc = new Y.Doc({ guid: 'deep' });
    doc.transact(() => {
      // Deepest first: the pass starts with one walk up the whole chain.
      for (let i = 100_000 - 1; i >= 0; i--) rawTurn(doc, `t${i}`, i ? `t${i - 1}` : null);
    });
    const began = performance.now();
    const plan = planRootSplit(doc).plan;
    // A quadratic pass would take hours; the bound leaves room for a loaded machine.
    expect(performance.now() - began).toBeLessThan(5000);
    expect(plan.size).toBe(100_000 / SEGMENT_DEPTHS);
    expect(plan.get(199)?.find((t) => t.id === 't99999')?.depth).toBe(99_999);
  });
});

describe('copyTurns', () => {
  it('[SM2] every key of a turn and of its POV records survives, texts as texts, with the depth added', () => {
    const s = makeStory();
    const id = appendTurn(s.doc, {
      id: 'full',
      author: JANE,
      text: 'Jane speaks.',
      origin: 'generated',
      basis: 'b-full',
      edited: true,
      writtenBy: USER,
      given: GIVEN,
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    writePov(s.doc, id, USER, {
      perceived: true,
      text: 'Sam hears.',
      basis: 'pb',
      origin: 'edited',
      model: 'm1',
      given: GIVEN,
      createdAt: 'c1',
    });
    writePov(s.doc, id, JESS, {
      perceived: false,
      text: '',
      basis: 'pb2',
      origin: 'generated',
      createdAt: 'c2',
    });
    // Fields a later Rashomon may add: a map, an array holding a text, a plain object.
    const turn = turnsMap(s.doc).get(id) as Y.Map<unknown>;
    s.doc.transact(() => {
      const future = new Y.Map<unknown>();
      future.set('note', new Y.Text('kept'));
      turn.set('future', future);
      const list = new Y.Array<unknown>();
      list.push([1, 'two', new Y.Text('three')]);
      turn.set('list', list);
      turn.set('plain', { a: [1, { b: 2 }] });
      ((turn.get('pov') as Y.Map<Y.Map<unknown>>).get(USER) as Y.Map<unknown>).set('futurePov', 'x');
    });
    const segment = new Y.Doc({ guid: segmentGuid('story-1', 0) });
    copyTurns(s.doc, segment, [{ id, depth: 7 }]);
    const copy = turnsMap(segment).get(id) as Y.Map<unknown>;
    expect(copy.toJSON()).toEqual({ ...turn.toJSON(), depth: 7 });
    expect(Object.keys(copy.toJSON()).sort()).toEqual([...turn.keys(), 'depth'].sort());
    expect(copy.get('source')).toBeInstanceOf(Y.Text);
    const pov = copy.get('pov') as Y.Map<Y.Map<unknown>>;
    expect(pov.get(USER)?.get('text')).toBeInstanceOf(Y.Text);
    expect([...(pov.get(USER)?.keys() ?? [])].sort()).toEqual([
      'basis',
      'createdAt',
      'futurePov',
      'given',
      'lore',
      'model',
      'origin',
      'perceived',
      'text',
    ]);
    expect(((copy.get('future') as Y.Map<unknown>).get('note') as Y.Text).toString()).toBe('kept');
    expect((copy.get('list') as Y.Array<unknown>).get(2)).toBeInstanceOf(Y.Text);
    expect(segment.getMap('segment').toJSON()).toEqual({ story: 'story-1', n: 0 });
    // A copy, not a shared value: the one document's later edits do not reach it.
    (turn.get('source') as Y.Text).insert(0, 'EDIT ');
    expect(copy.get('source')?.toString()).toBe('Jane speaks.');
    // Through an update, as another device gets it.
    const elsewhere = new Y.Doc({ guid: segment.guid });
    Y.applyUpdate(elsewhere, Y.encodeStateAsUpdate(segment));
    expect(turnsMap(elsewhere).get(id)?.toJSON()).toEqual(copy.toJSON());
  });

  it('[SM2] a turn the segment already holds is kept as it is there', () => {
    const s = makeStory();
    const id = s.say(USER, 'hello');
    const segment = new Y.Doc({ guid: segmentGuid('story-1', 0) });
    copyTurns(s.doc, segment, [{ id, depth: 0 }]);
    (turnsMap(segment).get(id)?.get('source') as Y.Text).insert(5, ' there');
    copyTurns(s.doc, segment, [{ id, depth: 0 }]);
    expect(turnsMap(segment).get(id)?.get('source')?.toString()).toBe('hello there');
  });

  it('[SM2] refuses a document that is not a segment', () => {
    const s = makeStory();
    expect(() => copyTurns(s.doc, new Y.Doc({ guid: 'story-1' }), [])).toThrow('not a segment');
  });
});

describe('sweepRootTurns', () => {
  /** A segmented story: its root and the turns of a one-document story copied into segments 0 and 1. */
  function segmented() {
    const s = makeStory();
    const ids: string[] = [];
    for (let i = 0; i < SEGMENT_DEPTHS + 2; i++) ids.push(s.say(i % 2 ? JANE : USER, `line ${i}`));
    const root = new Y.Doc({ guid: 'story-1' });
    Y.applyUpdate(root, Y.encodeStateAsUpdate(s.doc));
    const set = createStorySet(root);
    const plan = planSegments(root);
    for (const [n, turns] of plan) copyTurns(root, set.ensure(n), turns);
    root.transact(() => {
      for (const id of ids) turnsMap(root).delete(id);
      metaMap(root).delete('activeLeaf');
      metaMap(root).set('schemaVersion', 2);
      writeLeafRef(root, { id: ids.at(-1) as string, depth: SEGMENT_DEPTHS + 1 });
    });
    return { s, root, set, ids };
  }

  it('[SM3] turns a v1 device appended to the root move to the band of their depth; its leaf becomes the ref', () => {
    const { s, root, set, ids } = segmented();
    // The v1 device, which never saw the migration, goes on from its leaf and starts a new root.
    const a = s.say(JESS, 'after the leaf');
    const b = s.say(USER, 'and on');
    const fresh = s.say(USER, 'a new root', { parent: null, activate: false });
    Y.applyUpdate(root, Y.encodeStateAsUpdate(s.doc));
    expect(turnsMap(root).size).toBe(3);
    expect(sweepRootTurns(set)).toEqual([0, 1]);
    expect(turnsMap(root).size).toBe(0);
    expect(
      turnsMap(set.segment(1) as Y.Doc)
        .get(a)
        ?.get('depth'),
    ).toBe(SEGMENT_DEPTHS + 2);
    expect(
      turnsMap(set.segment(1) as Y.Doc)
        .get(b)
        ?.get('depth'),
    ).toBe(SEGMENT_DEPTHS + 3);
    expect(
      turnsMap(set.segment(0) as Y.Doc)
        .get(fresh)
        ?.get('depth'),
    ).toBe(0);
    expect(readLeafRef(root)).toEqual({ id: b, depth: SEGMENT_DEPTHS + 3 });
    expect(metaMap(root).has('activeLeaf')).toBe(false);
    expect(ids).toHaveLength(SEGMENT_DEPTHS + 2);
    // Nothing is left to sweep: a second sweep writes nothing.
    const before = Y.encodeStateVector(root);
    expect(sweepRootTurns(set)).toEqual([]);
    expect(Y.encodeStateVector(root)).toEqual(before);
  });

  it('[SM3] a turn whose parent is in a segment not loaded waits in the root until it is', () => {
    const { s, root, set, ids } = segmented();
    const old = set.remove(0) as Y.Doc;
    const branch = s.say(JESS, 'a branch at depth 4', { parent: ids[3] as string, activate: false });
    Y.applyUpdate(root, Y.encodeStateAsUpdate(s.doc));
    expect(planRootSplit(root).waiting).toEqual([branch]);
    expect(sweepRootTurns(set)).toEqual([]);
    expect(turnsMap(root).has(branch)).toBe(true);
    set.add(0, old);
    expect(sweepRootTurns(set)).toEqual([0]);
    expect(turnsMap(old).get(branch)?.get('depth')).toBe(4);
    expect(turnsMap(root).size).toBe(0);
  });
});

describe('the bands of the set', () => {
  it('[SG12] a story migrated into a set of narrower bands puts each turn in the band its depth has there', () => {
    const s = makeStory();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(s.say(i % 2 ? JANE : USER, `line ${i}`));
    const root = new Y.Doc({ guid: 'story-1' });
    Y.applyUpdate(root, Y.encodeStateAsUpdate(s.doc));
    const set = createStorySet(root, undefined, { depths: 3 });
    expect(sweepRootTurns(set)).toEqual([0, 1, 2]);
    const bandOfId = (id: string) => set.loaded().find((n) => turnsMap(set.segment(n) as Y.Doc).has(id));
    expect(ids.map(bandOfId)).toEqual([0, 0, 0, 1, 1, 1, 2]);
    expect(readLeafRef(root)).toEqual({ id: ids[6], depth: 6 });
  });
});

describe('a parent that left the root for a segment', () => {
  it('[SG12] a v1 turn whose parent another device already swept out waits in the root, then joins its band', async () => {
    const s = makeStory({ clientID: 1 });
    const t0 = s.say(USER, 'first');
    const copy = (from: Y.Doc, clientID: number) => {
      const doc = new Y.Doc({ guid: from.guid });
      doc.clientID = clientID;
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(from));
      return doc;
    };
    // `late` stays on the older layout; `migrating` migrates before `late`'s next turn reaches it.
    const late = copy(s.doc, 2);
    const migrating = copy(s.doc, 3);
    const sweeping = copy(s.doc, 4);
    const mSet = createStorySet(migrating, undefined, { depths: 3 });
    sweepRootTurns(mSet);
    appendTurn(late, {
      id: 'a',
      author: JANE,
      text: 'a',
      origin: 'authored',
      createdAt: '2025-01-02T00:00:00.000Z',
      parent: t0,
    });
    // `sweeping` has the migration and `a`, and sweeps `a` out: an update that deletes `a` and no more.
    Y.applyUpdate(sweeping, Y.encodeStateAsUpdate(migrating));
    const sSet = createStorySet(sweeping, undefined, { depths: 3 });
    sSet.add(0, copy(mSet.segment(0) as Y.Doc, 5));
    const beforeSweep = Y.encodeStateVector(sweeping);
    Y.applyUpdate(sweeping, Y.encodeStateAsUpdate(late));
    const afterA = Y.encodeStateVector(sweeping);
    expect(sweepRootTurns(sSet)).toEqual([0]);
    const sweptA = Y.encodeStateAsUpdate(sweeping, afterA);
    expect(beforeSweep).not.toEqual(afterA);
    // `late` writes `b` under `a`, then hears of the sweep but not yet of the migration (schema still 1).
    appendTurn(late, {
      id: 'b',
      author: USER,
      text: 'b',
      origin: 'authored',
      createdAt: '2025-01-03T00:00:00.000Z',
      parent: 'a',
    });
    Y.applyUpdate(late, sweptA);
    expect(turnsMap(late).has('a')).toBe(false);
    expect(metaMap(late).get('schemaVersion')).not.toBe(2);
    // It opens with today's code: `b`'s parent left for a segment it has not loaded, so `b` waits.
    const lSet = createStorySet(late, undefined, { depths: 3 });
    sweepRootTurns(lSet);
    expect(turnsMap(late).has('b')).toBe(true);
    expect(lSet.loaded().flatMap((n) => [...turnsMap(lSet.segment(n) as Y.Doc).keys()])).not.toContain('b');
    // Once the segment arrives, `b` joins `a` in its band, at a's depth + 1.
    Y.applyUpdate(late, Y.encodeStateAsUpdate(migrating));
    lSet.add(0, copy(sSet.segment(0) as Y.Doc, 6));
    sweepRootTurns(lSet);
    expect(turnsMap(late).size).toBe(0);
    expect(
      turnsMap(lSet.segment(0) as Y.Doc)
        .get('b')
        ?.get('depth'),
    ).toBe(2);
  });
});

describe('a root with updates still missing', () => {
  it('[SG12] is not copied from while an edit of it is half applied: its records move whole once it is complete', () => {
    const s = makeStory({ clientID: 1 });
    const t = s.say(USER, 'I knock.');
    writePov(s.doc, t, JANE, {
      perceived: true,
      text: 'A knock.',
      basis: 'b1',
      origin: 'generated',
      createdAt: '2025-01-02T00:00:00.000Z',
    });
    const root = new Y.Doc({ guid: s.doc.guid });
    root.clientID = 2;
    Y.applyUpdate(root, Y.encodeStateAsUpdate(s.doc));
    // Two later writes of the v1 device; the second (it replaces the record's fields) arrives first:
    // its deletions apply at once, its new fields wait for the first write.
    const before = Y.encodeStateVector(s.doc);
    s.say(JESS, 'Who is there?');
    const middle = Y.encodeStateVector(s.doc);
    const first = Y.encodeStateAsUpdate(s.doc, before);
    markPerceivedNothing(s.doc, t, JANE, 'b2');
    const second = Y.encodeStateAsUpdate(s.doc, middle);
    Y.applyUpdate(root, second);
    const set = createStorySet(root);
    sweepRootTurns(set);
    Y.applyUpdate(root, first);
    sweepRootTurns(set);
    expect(turnsMap(root).size).toBe(0);
    const pov = turnsMap(set.segment(0) as Y.Doc)
      .get(t)
      ?.get('pov') as Y.Map<Y.Map<unknown>> | undefined;
    const record = pov?.get(JANE);
    expect(record?.toJSON()).toMatchObject({ perceived: false, text: '', basis: 'b2', origin: 'edited' });
  });
});
