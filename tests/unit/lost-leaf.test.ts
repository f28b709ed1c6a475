// [U5] A collaborator's one key — the leaf set to a turn nobody has, or to an absurd depth — never hides
// the story: the owner's device still shows the newest sound path, says the leaf is lost, exports a
// file naming a turn it holds, attaches the next turn to that path, and Repair writes it back.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { makeStory, USER } from '../support/story-fixture.ts';
import { AUTHOR, segmentedChain } from '../support/segment-story.ts';
import { activeLeaf, appendTurn, appendTurnAt, turnParent } from '../../src/driver/doc/turns.ts';
import { repairLeaf } from '../../src/driver/doc/tree.ts';
import { readLeafRef } from '../../src/driver/doc/leaf-ref.ts';
import { createStoryViews } from '../../src/driver/views/story-views.ts';
import { storyProblems } from '../../src/driver/views/story-problems.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { exportSegmentedStory } from '../../src/driver/story-json/export-segments.ts';
import { importStory } from '../../src/driver/story-json/import.ts';
import { newestSoundTurn } from '../../src/driver/doc/sound-leaf.ts';

/** A hostile peer: a copy of `doc` that writes `key` of the meta through Yjs alone, synced back. */
function peerSetsMeta(doc: Y.Doc, key: string, value: unknown): void {
  const peer = new Y.Doc({ guid: doc.guid });
  peer.clientID = 666;
  Y.applyUpdate(peer, Y.encodeStateAsUpdate(doc));
  peer.getMap('meta').set(key, value);
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(peer, Y.encodeStateVector(doc)));
}

function threeTurns() {
  const s = makeStory();
  s.say(USER, 'We reach the gate.');
  s.say(USER, 'The guard looks up.');
  s.say(USER, 'We wait.');
  return s;
}

describe('a lost leaf in a story kept in one document', () => {
  it.each([
    ['a turn nobody has', 'ghost'],
    ['a value of the wrong type', 42],
  ])('[U5] a leaf set to %s still shows the story, says so, exports and continues it', (_, bad) => {
    const s = threeTurns();
    peerSetsMeta(s.doc, 'activeLeaf', bad);
    const views = createStoryViews(s.doc);
    expect(views.path().map((n) => n.id)).toEqual(['t1', 't2', 't3']);
    expect(storyProblems(s.doc)).toContainEqual({
      code: 'lost-leaf',
      leaf: typeof bad === 'string' ? bad : null,
      shown: 't3',
    });

    // The export names a turn it holds, so it imports again.
    const file = exportStory(s.doc);
    expect(file.activeLeaf).toBe('t3');
    expect(importStory(file, '2026-01-01T00:00:00.000Z').ok).toBe(true);

    // The next turn follows the turns shown, not a new root.
    const next = s.say(USER, 'The gate opens.');
    expect(turnParent(s.doc, next)).toBe('t3');
    views.dispose();
  });

  it('[U5] the newest turn with a sound path stands in; one under a missing turn does not', () => {
    const s = threeTurns();
    // A branch beside t3, newer, whose own parent is gone: not a sound path.
    s.doc.transact(() => s.doc.getMap<Y.Map<unknown>>('turns').get('t2')?.set('parent', 't1'));
    appendTurn(s.doc, {
      id: 'b1',
      author: USER,
      text: 'Aside.',
      origin: 'authored',
      parent: 't1',
      createdAt: s.now(),
    });
    s.doc.getMap<Y.Map<unknown>>('turns').get('b1')?.set('parent', 'gone');
    peerSetsMeta(s.doc, 'activeLeaf', 'ghost');
    expect(activeLeaf(s.doc)).toBe('t3');
    // Repair writes it, and the problem is gone.
    expect(repairLeaf(s.doc)).toBe(true);
    expect(s.doc.getMap('meta').get('activeLeaf')).toBe('t3');
    expect(storyProblems(s.doc).filter((p) => p.code === 'lost-leaf')).toEqual([]);
    expect(repairLeaf(s.doc)).toBe(false);
  });

  it('[U5] the choice is the same on every device: newest, then the longer path, then the greater id', () => {
    const turns = new Map([
      ['a', { parent: null, createdAt: '1' }],
      ['b', { parent: 'a', createdAt: '2' }],
      ['c', { parent: 'a', createdAt: '2' }],
      ['d', { parent: 'b', createdAt: '2' }],
      ['loop', { parent: 'loop', createdAt: '9' }],
    ]);
    expect(newestSoundTurn(turns.keys(), (id) => turns.get(id))).toBe('d');
    expect(newestSoundTurn([...turns.keys()].reverse(), (id) => turns.get(id))).toBe('d');
  });
});

describe('a lost leaf in a segmented story', () => {
  it.each([
    ['an absurd depth', { id: 't3', depth: 1_000_000_000 }],
    ['a turn nobody has', { id: 'ghost', depth: 2 }],
    ['the wrong depth', { id: 't2', depth: 3 }],
  ])('[U5] meta.leaf set to %s still shows the story, exports and continues it', async (_, bad) => {
    const { root, set } = segmentedChain('s-lost', 5);
    peerSetsMeta(root, 'leaf', bad);
    expect(set.loaded()).toEqual([0]);
    const views = createStoryViews(root);
    expect(views.path().map((n) => n.id)).toEqual(['t0', 't1', 't2', 't3', 't4']);
    expect(storyProblems(root)).toContainEqual({
      code: 'lost-leaf',
      leaf: bad.id,
      depth: bad.depth,
      shown: 't4',
    });

    const exported = await exportSegmentedStory(root, {
      segments: [0],
      load: async (n) => set.segment(n) ?? null,
      release: () => {},
    });
    if (!exported.ok) throw new Error(exported.detail);
    expect(exported.story.activeLeaf).toBe('t4');
    expect(importStory(exported.story, '2026-01-01T00:00:00.000Z').ok).toBe(true);

    const next = appendTurnAt(root, {
      id: 't5',
      author: AUTHOR,
      text: 'On.',
      origin: 'authored',
      createdAt: '2026-01-02T00:00:00.000Z',
    });
    expect(next).toEqual({ id: 't5', depth: 5 });
    expect(turnParent(root, 't5')).toBe('t4');
    // No segment was made for the absurd band.
    expect(set.loaded()).toEqual([0]);
    views.dispose();
  });

  it('[U5] Repair writes the turn shown, with its depth', () => {
    const { root } = segmentedChain('s-repair', 4);
    peerSetsMeta(root, 'leaf', { id: 't1', depth: 999_999 });
    expect(repairLeaf(root)).toBe(true);
    expect(readLeafRef(root)).toEqual({ id: 't3', depth: 3 });
    expect(storyProblems(root).filter((p) => p.code === 'lost-leaf')).toEqual([]);
  });
});
