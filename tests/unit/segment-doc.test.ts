// The doc layer of a segmented story (docs/design/segmented-story.md §2.1–2.3): each turn lives in
// the segment document of its depth's band, found from the root doc the driver is handed; what sits
// anywhere else, or at a depth that does not follow its parent's, is read around and listed.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createStorySet, type OwnedStorySet } from '../../src/driver/doc/story-set.ts';
import { createStory, metaMap, readMeta, turnsMap, unreadableMeta } from '../../src/driver/doc/story-doc.ts';
import { addParticipant } from '../../src/driver/doc/participants.ts';
import {
  activeLeaf,
  appendTurn,
  appendTurnAt,
  editSource,
  hasTurn,
  readTurn,
  restampTurn,
  turnDepth,
  turnParent,
} from '../../src/driver/doc/turns.ts';
import {
  allTurnsTopological,
  childrenIndex,
  newestLeafUnder,
  setActiveLeaf,
} from '../../src/driver/doc/tree.ts';
import { readPov, writePov } from '../../src/driver/doc/pov.ts';
import { observeStoryChanges, observeTurnChanges } from '../../src/driver/doc/changes.ts';
import { readLeafRef } from '../../src/driver/doc/leaf-ref.ts';
import { cutPathAt } from '../../src/driver/doc/path-cut.ts';
import { createStoryViews } from '../../src/driver/views/story-views.ts';
import { storyProblems } from '../../src/driver/views/story-problems.ts';

const USER = 'user';
const JANE = 'jane';
const at = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 1000).toISOString();

/** A segmented story of `depths` depths a band, with a user and Jane; `clientID` fixes conflict order. */
function segmented(depths = 3, clientID = 1, guid = 'seg'): OwnedStorySet {
  const root = new Y.Doc({ guid });
  root.clientID = clientID;
  const set = createStorySet(
    root,
    (n) => {
      const d = new Y.Doc({ guid: `${guid}~${n}` });
      d.clientID = clientID;
      return d;
    },
    { depths },
  );
  createStory(root, { title: 'Bands', language: 'en', createdAt: at(0) });
  addParticipant(root, { id: USER, kind: 'user', name: 'User', present: true });
  addParticipant(root, { id: JANE, kind: 'character', name: 'Jane', present: true });
  return set;
}

let clock = 1;
function say(root: Y.Doc, id: string, parent?: string | null, origin?: unknown): string {
  return appendTurn(
    root,
    {
      id,
      author: clock % 2 ? USER : JANE,
      text: `turn ${id}`,
      origin: 'authored',
      createdAt: at(clock++),
      ...(parent === undefined ? {} : { parent }),
    },
    origin,
  );
}

const idsIn = (set: OwnedStorySet, n: number) => [...turnsMap(set.segment(n) as Y.Doc).keys()].sort();

describe('where a turn is stored', () => {
  it('[SG1] puts each turn in the band of its depth, branches and extra roots included', () => {
    const set = segmented(3);
    const root = set.root;
    for (let i = 0; i < 7; i++) say(root, `a${i}`);
    const branch = say(root, 'b3', 'a2'); // depth 3: band 1, beside a3
    const otherRoot = say(root, 'r0', null); // depth 0 again
    say(root, 'r1');
    expect(set.loaded()).toEqual([0, 1, 2]);
    expect(idsIn(set, 0)).toEqual(['a0', 'a1', 'a2', 'r0', 'r1']);
    expect(idsIn(set, 1)).toEqual(['a3', 'a4', 'a5', 'b3']);
    expect(idsIn(set, 2)).toEqual(['a6']);
    expect(turnsMap(root).size).toBe(0);
    expect([branch, otherRoot, 'r1', 'a6'].map((id) => turnDepth(root, id))).toEqual([3, 0, 1, 6]);
    expect(
      turnsMap(set.segment(1) as Y.Doc)
        .get('b3')
        ?.get('depth'),
    ).toBe(3);
    expect(childrenIndex(root).get(null)).toEqual(['a0', 'r0']);
    expect(childrenIndex(root).get('a2')).toEqual(['a3', 'b3']);
    expect(allTurnsTopological(root)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'b3', 'r0', 'r1']);
    expect(newestLeafUnder(root, 'a0')).toBe('b3');
    expect(turnParent(root, 'a3')).toBe('a2');
  });

  it('[SG2] stores the leaf as {id, depth} in the root, and reads the active leaf back from it', () => {
    const set = segmented(3);
    const root = set.root;
    for (let i = 0; i < 5; i++) say(root, `a${i}`);
    expect(readLeafRef(root)).toEqual({ id: 'a4', depth: 4 });
    expect(metaMap(root).has('activeLeaf')).toBe(false);
    expect(readMeta(root)).toMatchObject({ schemaVersion: 2, activeLeaf: 'a4' });
    setActiveLeaf(root, 'a1');
    expect(readLeafRef(root)).toEqual({ id: 'a1', depth: 1 });
    expect(activeLeaf(root)).toBe('a1');
    expect(cutPathAt(root, 'a1')).toEqual({ ok: true, leaf: 'a1', cut: 1 });
    expect(readLeafRef(root)).toEqual({ id: 'a0', depth: 0 });
    // A leaf whose stored depth is not its turn's is no leaf: the newest sound turn stands in (U5).
    metaMap(root).set('leaf', { id: 'a4', depth: 3 });
    expect(activeLeaf(root)).toBe('a4');
    expect(unreadableMeta(root)).toEqual([]);
    metaMap(root).set('leaf', 'a4');
    expect(unreadableMeta(root)).toEqual(['activeLeaf']);
    expect(readMeta(root).activeLeaf).toBeNull();
  });

  it('[SG1] appending across a band boundary makes the next segment, through the set', () => {
    const set = segmented(3);
    const added: number[] = [];
    set.observe((e) => e.kind === 'added' && added.push(e.n));
    for (let i = 0; i < 3; i++) say(set.root, `a${i}`);
    expect(set.loaded()).toEqual([0]);
    say(set.root, 'a3');
    expect(set.loaded()).toEqual([0, 1]);
    expect(added).toEqual([0, 1]);
    expect(set.segment(1)?.guid).toBe('seg~1');
  });

  it('[SG3] answers a code, writing nothing, when the parent or the leaf is in a band not loaded', () => {
    const set = segmented(3);
    const root = set.root;
    for (let i = 0; i < 4; i++) say(root, `a${i}`);
    const seg1 = set.remove(1) as Y.Doc;
    const turn = { id: 'x', author: USER, text: 'x', origin: 'authored' as const, createdAt: at(99) };
    expect(appendTurnAt(root, turn)).toEqual({ ok: false, code: 'segment-not-loaded', segment: 1 });
    expect(appendTurnAt(root, { ...turn, parent: { id: 'a3', depth: 3 } })).toEqual({
      ok: false,
      code: 'segment-not-loaded',
      segment: 1,
    });
    expect(() => appendTurn(root, turn)).toThrow(/segment 1 is not loaded/);
    expect(hasTurn(root, 'x')).toBe(false);
    // A parent that is loaded is fine: a branch into an older band.
    expect(appendTurnAt(root, { ...turn, parent: 'a1', activate: false })).toEqual({ id: 'x', depth: 2 });
    set.add(1, seg1);
    expect(appendTurnAt(root, { ...turn, id: 'y' })).toEqual({ id: 'y', depth: 4 });
  });

  it('[SG1] two devices appending at one depth at once meet in one segment document, as a branch', () => {
    const a = segmented(3, 1);
    for (let i = 0; i < 3; i++) say(a.root, `a${i}`);
    // Device b receives the story: its root, then segment 0.
    const bRoot = new Y.Doc({ guid: 'seg' });
    bRoot.clientID = 2;
    const b = createStorySet(bRoot, undefined, { depths: 3 });
    Y.applyUpdate(b.root, Y.encodeStateAsUpdate(a.root));
    b.add(0, new Y.Doc({ guid: 'seg~0' }));
    Y.applyUpdate(b.segment(0) as Y.Doc, Y.encodeStateAsUpdate(a.segment(0) as Y.Doc));
    expect(activeLeaf(b.root)).toBe('a2');
    say(a.root, 'fromA');
    say(b.root, 'fromB');
    // Each device made segment 1 for itself; the documents share a guid, so their updates merge.
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      Y.applyUpdate(to.root, Y.encodeStateAsUpdate(from.root));
      Y.applyUpdate(to.segment(1) as Y.Doc, Y.encodeStateAsUpdate(from.segment(1) as Y.Doc));
    }
    for (const set of [a, b]) {
      expect(idsIn(set, 1)).toEqual(['fromA', 'fromB']);
      expect(childrenIndex(set.root).get('a2')).toEqual(['fromA', 'fromB']);
      expect(turnDepth(set.root, 'fromB')).toBe(3);
    }
    expect(readLeafRef(a.root)).toEqual(readLeafRef(b.root));
  });
});

describe('writes through the root go to the turn segment', () => {
  it('[SG4] edits, restamps and POV records land in the segment, with the caller origin', () => {
    const set = segmented(3);
    const root = set.root;
    for (let i = 0; i < 5; i++) say(root, `a${i}`);
    const seg1 = set.segment(1) as Y.Doc;
    const origins: unknown[] = [];
    seg1.on('afterTransaction', (tr: Y.Transaction) => origins.push(tr.origin));
    const rootUpdates: unknown[] = [];
    root.on('update', (_u: Uint8Array, o: unknown) => rootUpdates.push(o));
    editSource(root, 'a4', { text: 'changed' }, 'person');
    restampTurn(root, 'a4', 'basis-x', 'driver');
    const audience = readTurn(root, 'a4').author === USER ? JANE : USER;
    writePov(
      root,
      'a4',
      audience,
      { perceived: true, text: 'seen', basis: 'b', origin: 'generated', createdAt: at(50) },
      'driver',
    );
    expect(origins).toEqual(['person', 'driver', 'driver']);
    expect(rootUpdates).toEqual([]);
    expect(readTurn(root, 'a4')).toMatchObject({ source: 'changed', basis: 'basis-x', parent: 'a3' });
    expect(readPov(root, 'a4', audience)?.text).toBe('seen');
  });

  it('[SG4] tells turn changes of every segment, and all of a segment when it is loaded or unloaded', () => {
    const set = segmented(3);
    const root = set.root;
    const seen: string[][] = [];
    const stories: string[][] = [];
    observeTurnChanges(root, (ids) => seen.push([...ids].sort()));
    observeStoryChanges(root, (c) => stories.push([...c.turnIds].sort()));
    for (let i = 0; i < 4; i++) say(root, `a${i}`);
    expect(seen).toEqual([['a0'], ['a1'], ['a2'], ['a3']]);
    editSource(root, 'a3', { text: 'again' });
    expect(seen.at(-1)).toEqual(['a3']);
    const seg0 = set.remove(0) as Y.Doc;
    expect(seen.at(-1)).toEqual(['a0', 'a1', 'a2']);
    set.add(0, seg0);
    expect(seen.at(-1)).toEqual(['a0', 'a1', 'a2']);
    expect(stories.flat()).toEqual(expect.arrayContaining(['a0', 'a1', 'a2', 'a3']));
    expect(stories.at(-1)).toEqual(['a0', 'a1', 'a2']);
    // Turns an older device wrote into the root are told (the migration's sweep moves them), not read.
    root.transact(() => turnsMap(root).set('v1', new Y.Map()));
    expect(seen.at(-1)).toEqual(['v1']);
    expect(hasTurn(root, 'v1')).toBe(false);
    // A removed segment is no longer observed.
    const count = seen.length;
    set.remove(0);
    seg0.transact(() => turnsMap(seg0).delete('a0'));
    expect(seen.length).toBe(count + 1);
  });

  it('[SG3] the views walk the loaded part of a path and pick the rest up when its segment loads', () => {
    const set = segmented(3);
    const root = set.root;
    for (let i = 0; i < 8; i++) say(root, `a${i}`);
    const views = createStoryViews(root);
    expect(views.path().map((n) => n.id)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7']);
    const seg0 = set.remove(0) as Y.Doc;
    expect(views.path().map((n) => n.id)).toEqual(['a3', 'a4', 'a5', 'a6', 'a7']);
    expect(storyProblems(root)).toEqual([]);
    set.add(0, seg0);
    expect(views.path().map((n) => n.id)).toHaveLength(8);
    views.dispose();
  });
});

describe('misplaced turns from a peer', () => {
  /** Writes a raw turn record, as a hostile or buggy peer could, into segment `n`. */
  function rawTurn(set: OwnedStorySet, n: number, id: string, parent: string | null, depth: unknown) {
    const seg = set.ensure(n);
    seg.transact(() => {
      const m = new Y.Map<unknown>();
      m.set('parent', parent);
      m.set('author', USER);
      m.set('audiences', [USER, JANE]);
      m.set('source', new Y.Text(`raw ${id}`));
      m.set('origin', 'authored');
      m.set('createdAt', at(70));
      m.set('pov', new Y.Map());
      m.set('depth', depth);
      turnsMap(seg).set(id, m);
    });
  }

  it('[SG5] a depth not its parent + 1, or a turn in another band, is read around and listed', () => {
    const set = segmented(3);
    const root = set.root;
    for (let i = 0; i < 4; i++) say(root, `a${i}`);
    rawTurn(set, 1, 'deep', 'a2', 5); // band 1 holds depths 3..5, but a2's child has depth 3
    rawTurn(set, 0, 'far', 'a3', 4); // depth 4 belongs in band 1
    rawTurn(set, 1, 'noDepth', 'a3', 'four');
    rawTurn(set, 1, 'a1', 'a0', 1); // a copy of a1 in the wrong band, beside the real one
    rawTurn(set, 1, 'ok', 'a3', 4);
    for (const id of ['deep', 'far', 'noDepth']) expect(hasTurn(root, id), id).toBe(false);
    expect(hasTurn(root, 'ok')).toBe(true);
    expect(readTurn(root, 'a1').source).toBe('turn a1');
    expect(childrenIndex(root).get('a2')).toEqual(['a3']);
    expect(childrenIndex(root).get('a3')).toEqual(['ok']);
    expect(childrenIndex(root).get('a0')).toEqual(['a1']);
    const views = createStoryViews(root);
    expect(views.path('deep')).toEqual([]);
    expect(() => setActiveLeaf(root, 'far')).toThrow(/unknown turn/);
    expect(storyProblems(root)).toEqual(
      expect.arrayContaining([
        { code: 'unreadable-turn', turnId: 'deep', field: 'depth' },
        { code: 'unreadable-turn', turnId: 'far', field: 'segment' },
        { code: 'unreadable-turn', turnId: 'noDepth', field: 'depth' },
        { code: 'unreadable-turn', turnId: 'a1', field: 'segment' },
      ]),
    );
    expect(storyProblems(root)).toHaveLength(4);
    views.dispose();
  });

  it('[SG5] a record in a segment that is no turn at all is listed, not thrown on', () => {
    const set = segmented(3);
    const root = set.root;
    for (let i = 0; i < 2; i++) say(root, `a${i}`);
    expect(storyProblems(root)).toEqual([]);
    (turnsMap(set.segment(0) as Y.Doc) as Y.Map<unknown>).set('not-a-turn', 12);
    expect(storyProblems(root)).toEqual([{ code: 'unreadable-turn', turnId: 'not-a-turn', field: 'turn' }]);
  });

  it('[SG5] a turn whose parent is in a band not loaded is no missing parent', () => {
    const set = segmented(3);
    const root = set.root;
    for (let i = 0; i < 5; i++) say(root, `a${i}`);
    expect(storyProblems(root)).toEqual([]);
    set.remove(0);
    expect(storyProblems(root)).toEqual([]);
    rawTurn(set, 1, 'orphan', 'nobody', 4);
    expect(storyProblems(root)).toEqual([{ code: 'missing-parent', turnId: 'orphan', parent: 'nobody' }]);
  });
});

describe('a peer changing the depth of a turn on the path', () => {
  it('[SG13] makes its children misplaced too: the views read around them, never throw', () => {
    const set = segmented(3);
    const root = set.root;
    for (let i = 0; i < 6; i++) say(root, `a${i}`);
    const views = createStoryViews(root);
    expect(views.path().map((n) => n.id)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5']);
    const problems = () => storyProblems(root).map((p) => JSON.stringify(p));
    expect(problems()).toEqual([]);
    // a1's depth (and only it) is changed: a2 no longer follows its parent's depth.
    const seg0 = set.segment(0) as Y.Doc;
    seg0.transact(() => turnsMap(seg0).get('a1')?.set('depth', 7));
    expect(hasTurn(root, 'a2')).toBe(false);
    expect(views.path().map((n) => n.id)).toEqual(['a3', 'a4', 'a5']);
    const fresh = createStoryViews(root);
    expect(views.path()).toEqual(fresh.path());
    expect(views.staleItems()).toEqual(fresh.staleItems());
    expect(problems()).toEqual(
      [
        { code: 'unreadable-turn', turnId: 'a1', field: 'segment' },
        { code: 'unreadable-turn', turnId: 'a2', field: 'depth' },
      ].map((p) => JSON.stringify(p)),
    );
    views.dispose();
    fresh.dispose();
  });
});

describe('a story kept in one document', () => {
  it('[SG6] stores turns, leaf and records as before: no depth, no segments', () => {
    const root = new Y.Doc({ guid: 'one' });
    createStory(root, { title: 'One', language: 'en', createdAt: at(0) });
    addParticipant(root, { id: USER, kind: 'user', name: 'User', present: true });
    say(root, 'a0');
    say(root, 'a1');
    expect(metaMap(root).get('activeLeaf')).toBe('a1');
    expect(metaMap(root).has('leaf')).toBe(false);
    expect(turnsMap(root).get('a1')?.has('depth')).toBe(false);
    expect(readMeta(root).schemaVersion).toBe(1);
    expect(turnDepth(root, 'a1')).toBeUndefined();
    expect(
      appendTurnAt(root, { id: 'a2', author: USER, text: 'x', origin: 'authored', createdAt: at(9) }),
    ).toEqual({ id: 'a2', depth: 2 });
  });
});
