import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createStorySet, storySetOf, type SegmentEvent } from '../../src/driver/doc/story-set.ts';
import {
  parseSegmentGuid,
  segmentGuid,
  segmentOf,
  SEGMENT_DEPTHS,
} from '../../src/driver/doc/segment-key.ts';

describe('segment keys', () => {
  it('puts a depth in its band and names the band', () => {
    expect([0, SEGMENT_DEPTHS - 1, SEGMENT_DEPTHS, 10_499].map(segmentOf)).toEqual([0, 0, 1, 20]);
    expect(segmentGuid('story_a-1', 3)).toBe('story_a-1~3');
    expect(parseSegmentGuid('story_a-1~3')).toEqual({ storyId: 'story_a-1', n: 3 });
  });
  it('reads no segment from a story id or a malformed guid', () => {
    for (const g of ['story', 'story~01', 'story~-1', 'story~1~2', '~1', 'a b~1', 'story~1234567'])
      expect(parseSegmentGuid(g), g).toBeNull();
  });
});

describe('story set', () => {
  it('is found from its root, makes a missing segment once, and tells observers', () => {
    const root = new Y.Doc({ guid: 's1' });
    expect(storySetOf(root)).toBeUndefined();
    const set = createStorySet(root);
    const seen: string[] = [];
    set.observe((e: SegmentEvent) => seen.push(`${e.kind} ${e.n} ${e.doc.guid}`));
    expect(storySetOf(root)).toBe(set);
    const made = set.ensure(2);
    expect(set.ensure(2)).toBe(made);
    set.add(0, new Y.Doc({ guid: 's1~0' }));
    expect(set.loaded()).toEqual([0, 2]);
    expect(set.remove(2)).toBe(made);
    expect(set.segment(2)).toBeUndefined();
    expect(seen).toEqual(['added 2 s1~2', 'added 0 s1~0', 'removed 2 s1~2']);
  });
  it("refuses another story's document, a second copy of a segment and a second set", () => {
    const root = new Y.Doc({ guid: 's2' });
    const set = createStorySet(root);
    expect(() => set.add(1, new Y.Doc({ guid: 'other~1' }))).toThrow(/not segment 1/);
    set.add(1, new Y.Doc({ guid: 's2~1' }));
    expect(() => set.add(1, new Y.Doc({ guid: 's2~1' }))).toThrow(/already loaded/);
    expect(() => createStorySet(root)).toThrow(/already has/);
  });
  it('forgets the set when the root is destroyed', () => {
    const root = new Y.Doc({ guid: 's3' });
    createStorySet(root);
    root.destroy();
    expect(storySetOf(root)).toBeUndefined();
  });
});

describe('leaf ref', () => {
  it('reads back what was written, and nothing from a malformed value', async () => {
    const { readLeafRef, writeLeafRef, LEAF_KEY } = await import('../../src/driver/doc/leaf-ref.ts');
    const { metaMap } = await import('../../src/driver/doc/story-doc.ts');
    const root = new Y.Doc({ guid: 's4' });
    expect(readLeafRef(root)).toBeNull();
    writeLeafRef(root, { id: 't9', depth: 501 });
    expect(readLeafRef(root)).toEqual({ id: 't9', depth: 501 });
    for (const bad of [{ id: 't', depth: -1 }, { id: 't', depth: 1.5 }, { id: '', depth: 0 }, 't9']) {
      metaMap(root).set(LEAF_KEY, bad);
      expect(readLeafRef(root), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe('segment guids and the sync server', () => {
  it('reads the same rooms as segments as the server does (each side keeps its own pattern)', async () => {
    const { SEGMENT_ROOM } = await import('../../sync-server/protocol.ts');
    for (const g of ['story~0', 'a_b-c~499', 'story~01', 'story~-1', 'story~1~2', '~1', 'story', 'x~1234567'])
      expect(parseSegmentGuid(g) !== null, g).toBe(SEGMENT_ROOM.test(g));
  });
});
