// The segmented story wired through the worker's store and host views (issue 21), on fake-indexeddb: a
// story kept in one document is migrated as it opens, turns an older device wrote into a segmented root
// are swept out, writes to segments are mirrored in the root, and the transcript and overview count rows
// by depth when only the newest bands are loaded.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addParticipant } from '../../src/driver/doc/participants.ts';
import { readLeafRef } from '../../src/driver/doc/leaf-ref.ts';
import { SEGMENTED_SCHEMA_VERSION } from '../../src/driver/doc/segment-meta.ts';
import { segmentClocksMap } from '../../src/driver/doc/segment-clocks.ts';
import { storySetOf } from '../../src/driver/doc/story-set.ts';
import { createStory, metaMap, turnsMap } from '../../src/driver/doc/story-doc.ts';
import { appendTurn } from '../../src/driver/doc/turns.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { exportSegmentedStory } from '../../src/driver/story-json/export-segments.ts';
import { segmentExportLoader } from '../../src/workers/store/segment-export-loader.ts';
import { createStoryStore, type StoryStore } from '../../src/workers/store/story-store.ts';
import { overview, transcriptSlice } from '../../src/workers/host/views.ts';
import {
  AUTHOR,
  appendChainTurn,
  segmentedChain,
  segmentedRoot,
  turnText,
  writeTurn,
} from '../support/segment-story.ts';

const stores: StoryStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.closeAll();
});

function store(prefix: string, segmented: boolean) {
  const made = createStoryStore({ prefix, segmented });
  stores.push(made);
  return made;
}

const AT = '2026-01-01T00:00:00.000Z';

/** A story in one document (schema 1) with a 3-turn path and one alternative, stored under `prefix`. */
async function storedOneDocument(prefix: string) {
  const plain = store(prefix, false);
  await plain.ready;
  const doc = new Y.Doc({ guid: 'old' });
  createStory(doc, { title: 'Old road', language: 'en', createdAt: AT });
  addParticipant(doc, { id: AUTHOR, kind: 'user', name: 'Wren', present: true, persona: '' });
  const write = (id: string, parent?: string) =>
    appendTurn(doc, { id, author: AUTHOR, text: `Turn ${id}.`, origin: 'authored', createdAt: AT, parent });
  write('a');
  write('b', 'a');
  write('b2', 'a');
  write('c', 'b');
  const before = exportStory(doc);
  await plain.adopt(doc);
  await plain.closeAll();
  stores.splice(stores.indexOf(plain), 1);
  return before;
}

describe('the segmented story in the store and views', () => {
  it('[SF1] a story kept in one document opens in a segmented store as a root and segments, exported the same, its writes mirrored', async () => {
    const prefix = `flip-${randomUUID()}`;
    const before = await storedOneDocument(prefix);
    const segmented = store(prefix, true);
    const opened = await segmented.open('old');
    if (!opened.ok) throw new Error(opened.detail);
    const root = opened.story.doc;
    expect(metaMap(root).get('schemaVersion')).toBe(SEGMENTED_SCHEMA_VERSION);
    expect(turnsMap(root).size).toBe(0);
    expect(readLeafRef(root)).toEqual({ id: 'c', depth: 2 });
    const segment = storySetOf(root)?.segment(0);
    expect(turnText(segment, 'b2')).toBe('Turn b2.');
    const clientKey = `0:${segment?.clientID}`;
    expect(segmentClocksMap(root).get(clientKey)).toBeTypeOf('number');
    const segments = opened.story.segments?.();
    if (!segments) throw new Error('no segments');
    const after = await exportSegmentedStory(root, await segmentExportLoader(root, segments));
    expect(after).toEqual({ ok: true, story: before });

    appendTurn(root, { id: 'd', author: AUTHOR, text: 'Turn d.', origin: 'authored', createdAt: AT });
    const clock = segmentClocksMap(root).get(clientKey) as number;
    expect(clock).toBeGreaterThan(0);
    await segmented.closeAll();
    stores.splice(stores.indexOf(segmented), 1);

    const again = store(prefix, true);
    const reopened = await again.open('old');
    if (!reopened.ok) throw new Error(reopened.detail);
    expect(turnsMap(reopened.story.doc).size).toBe(0);
    expect(reopened.story.views.path().map((n) => n.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('[SF2] turns an older device wrote into a segmented root are swept into their segment as it opens', async () => {
    const prefix = `flip-${randomUUID()}`;
    const first = store(prefix, true);
    const { root, set } = segmentedChain('road', 3);
    await first.adopt(root, set);
    // A device of schema 1 writes a turn under the leaf into the root's own map.
    writeTurn(root, 'late', 't2', 3, 'Written by an older device.');
    turnsMap(root).get('late')?.delete('depth');
    await first.closeAll();
    stores.splice(stores.indexOf(first), 1);

    const again = store(prefix, true);
    const opened = await again.open('road');
    if (!opened.ok) throw new Error(opened.detail);
    expect(turnsMap(opened.story.doc).size).toBe(0);
    const segment = storySetOf(opened.story.doc)?.segment(0);
    expect(turnText(segment, 'late')).toBe('Written by an older device.');
    expect(segment && turnsMap(segment).get('late')?.get('depth')).toBe(3);
  });

  it('[SF3] with only the newest bands loaded, the overview counts every turn and the transcript rows are indexed by depth', async () => {
    const prefix = `flip-${randomUUID()}`;
    const first = store(prefix, true);
    const { root, set } = segmentedChain('long', 1100);
    await first.adopt(root, set);
    await first.closeAll();
    stores.splice(stores.indexOf(first), 1);

    const again = store(prefix, true);
    const opened = await again.open('long');
    if (!opened.ok) throw new Error(opened.detail);
    const story = opened.story;
    expect(story.segments?.()?.loaded()).toEqual([1, 2]);
    expect(story.views.path()[0]?.index).toBe(500);
    expect(overview(story).length).toBe(1100);
    const slice = transcriptSlice(story, { start: 1090 });
    expect(slice.length).toBe(1100);
    expect(slice.rows.map((r) => r.index)).toEqual(Array.from({ length: 10 }, (_, i) => 1090 + i));
    expect(slice.rows[0]?.text).toBe('Turn 1090.');
    // Rows above the loaded bands are not in the slice: the host loads their band first.
    expect(transcriptSlice(story, { start: 10, end: 20 }).rows).toEqual([]);
    await story.segments?.()?.load(0);
    const reached = transcriptSlice(story, { start: 10, end: 12 });
    expect(reached.rows.map((r) => [r.index, r.text])).toEqual([
      [10, 'Turn 10.'],
      [11, 'Turn 11.'],
    ]);
  });

  it('[SS2] a story closed right after an append made a new band closes, and the turn is stored', async () => {
    const prefix = `flip-${randomUUID()}`;
    const first = store(prefix, true);
    const { root, set } = segmentedRoot('quick');
    await first.adopt(root, set);
    appendChainTurn(set, 'Written just before closing.');
    await first.closeAll();
    stores.splice(stores.indexOf(first), 1);

    const again = store(prefix, true);
    const opened = await again.open('quick');
    if (!opened.ok) throw new Error(opened.detail);
    expect(turnText(storySetOf(opened.story.doc)?.segment(0), 't0')).toBe('Written just before closing.');
  });

  it('[SF4] a story that arrives empty and becomes segmented on its first sync reads its turns through views over its set', async () => {
    const prefix = `flip-${randomUUID()}`;
    const { root, set } = segmentedChain('arriving', 3);
    const fresh = store(prefix, true);
    const opened = await fresh.open('arriving');
    if (!opened.ok) throw new Error(opened.detail);
    const story = opened.story;
    expect(story.views.path()).toEqual([]);
    Y.applyUpdate(story.doc, Y.encodeStateAsUpdate(root), 'peer');
    const segment = await fresh.loadSegment('arriving', 0);
    const written = set.segment(0);
    if (!segment || !written) throw new Error('segment 0 is not there');
    Y.applyUpdate(segment, Y.encodeStateAsUpdate(written), 'peer');
    expect(story.views.path().map((n) => n.id)).toEqual(['t0', 't1', 't2']);
    // A later edit there reaches the views too.
    const source = turnsMap(segment).get('t1')?.get('source');
    if (!(source instanceof Y.Text)) throw new Error('t1 has no source');
    source.insert(0, 'Edited: ');
    expect(story.views.node('t1').turn.source).toBe('Edited: Turn 1.');
  });
});
