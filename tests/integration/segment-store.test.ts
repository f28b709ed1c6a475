// The worker's store with segmented stories (design §2.5, §2.7), on fake-indexeddb: opening reads the
// root and what the leaf needs, a new band gets its own database, tabs see segment writes, idle
// segments unload, and removing a story leaves no database behind. Turns are written straight into the
// segment docs (the driver's routing is not used here).
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { readLeafRef } from '../../src/driver/doc/leaf-ref.ts';
import { activeLeaf } from '../../src/driver/doc/turns.ts';
import { storySetOf } from '../../src/driver/doc/story-set.ts';
import { createStory, metaMap, turnsMap } from '../../src/driver/doc/story-doc.ts';
import { addOpening } from '../../src/driver/turns/opening.ts';
import { SEGMENTED_SCHEMA_VERSION } from '../../src/driver/doc/segment-meta.ts';
import { SEGMENT_IDLE_UNLOAD_MS } from '../../src/workers/store/segment-store.ts';
import { createStoryStore, type StoryStore } from '../../src/workers/store/story-store.ts';
import { AUTHOR, appendChainTurn, segmentedChain, turnAt, turnText } from '../support/segment-story.ts';
import { waitFor } from '../support/sync-clients.ts';

const stores: StoryStore[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const store of stores.splice(0)) await store.closeAll();
});

function store(prefix: string, options: Parameters<typeof createStoryStore>[0] = {}) {
  const made = createStoryStore({ prefix, segmented: true, ...options });
  stores.push(made);
  return made;
}

/** A 1,100-turn story (segments 0, 1, 2; leaf at depth 1099) stored under `prefix`, then closed. */
async function storedChain(prefix: string, storyId = 'road', turns = 1100) {
  const first = store(prefix);
  await first.ready;
  const { root, set } = segmentedChain(storyId, turns);
  await first.adopt(root, set);
  await first.closeAll();
  stores.splice(stores.indexOf(first), 1);
}

/** The databases `indexedDB.open` is asked for from now on. */
function countOpens() {
  const opened: string[] = [];
  const open = indexedDB.open.bind(indexedDB);
  vi.spyOn(indexedDB, 'open').mockImplementation((name: string, version?: number) => {
    opened.push(name);
    return open(name, version);
  });
  return opened;
}

const databaseNames = async () => (await indexedDB.databases()).map((d) => d.name ?? '');

describe('segmented stories in the store', () => {
  it('[SS1] opening a stored 3-segment story reads the root and the leaf’s segments only, and loads another once when asked twice at once', async () => {
    const prefix = `seg-${randomUUID()}`;
    await storedChain(prefix);
    const second = store(prefix);
    await second.ready;
    const opened = countOpens();
    const result = await second.open('road');
    if (!result.ok) throw new Error(result.detail);
    const { story } = result;
    // The leaf (depth 1099) is in segment 2, within the prompt window of its band's start: 1 too.
    expect(opened).toEqual([`${prefix}-story-road`, `${prefix}-story-road~2`, `${prefix}-story-road~1`]);
    expect(story.segments?.()?.loaded()).toEqual([1, 2]);
    const set = storySetOf(story.doc);
    expect(readLeafRef(story.doc)).toEqual({ id: turnAt(1099), depth: 1099 });
    expect(turnText(set?.segment(2), turnAt(1099))).toBe('Turn 1099.');
    expect(set?.segment(0)).toBeUndefined();

    const [a, b] = await Promise.all([second.loadSegment('road', 0), second.loadSegment('road', 0)]);
    expect(a).toBe(b);
    expect(opened.filter((name) => name.endsWith('~0'))).toHaveLength(1);
    expect(turnText(a, turnAt(0))).toBe('Turn 0.');
    expect(set?.loaded()).toEqual([0, 1, 2]);
    expect(await second.storedIds()).toEqual(['road']);
    // Closing the story closes every one of its documents.
    const docs = [0, 1, 2].map((n) => set?.segment(n));
    await second.close('road');
    expect(docs.map((doc) => doc?.isDestroyed)).toEqual([true, true, true]);
    expect(story.doc.isDestroyed).toBe(true);
  });

  it('[SS2] a turn appended into a new band is stored in a database of its own and is there after reopening', async () => {
    const prefix = `seg-${randomUUID()}`;
    await storedChain(prefix, 'road', 1000);
    const first = store(prefix);
    const result = await first.open('road');
    if (!result.ok) throw new Error(result.detail);
    const set = storySetOf(result.story.doc);
    if (!set) throw new Error('no set');
    expect(await databaseNames()).not.toContain(`${prefix}-story-road~2`);
    expect(appendChainTurn(set, 'The first turn of band 2.')).toEqual({ id: turnAt(1000), depth: 1000 });
    await first.flush();
    expect(await databaseNames()).toContain(`${prefix}-story-road~2`);
    await first.closeAll();

    const second = store(prefix);
    const reopened = await second.open('road');
    if (!reopened.ok) throw new Error(reopened.detail);
    expect(reopened.story.segments?.()?.loaded()).toEqual([1, 2]);
    expect(turnText(storySetOf(reopened.story.doc)?.segment(2), turnAt(1000))).toBe(
      'The first turn of band 2.',
    );
  });

  it('[SS3][T1] a second store on the same prefix, linked by the tab channel, sees a segment write live', async () => {
    const prefix = `seg-${randomUUID()}`;
    await storedChain(prefix);
    const [tabA, tabB] = [
      store(prefix, { broadcast: BroadcastChannel }),
      store(prefix, { broadcast: BroadcastChannel }),
    ];
    const [a, b] = await Promise.all([tabA.open('road'), tabB.open('road')]);
    if (!a.ok || !b.ok) throw new Error('not opened');
    const inA = storySetOf(a.story.doc)?.segment(2);
    const inB = storySetOf(b.story.doc)?.segment(2);
    if (!inA || !inB) throw new Error('segment 2 not loaded');
    const text = turnsMap(inA).get(turnAt(1099))?.get('source');
    if (!(text instanceof Y.Text)) throw new Error('no source');
    text.insert(text.length, ' Edited in tab A.');
    await waitFor(() => turnText(inB, turnAt(1099)) === 'Turn 1099. Edited in tab A.', 'tab B to see it');
    // The root is linked too, and a segment tab B has not loaded is not touched.
    expect(storySetOf(b.story.doc)?.segment(0)).toBeUndefined();
  });

  it('[SS4] a segment unused for a minute is unloaded once stored, and its document freed; the leaf’s never', async () => {
    const prefix = `seg-${randomUUID()}`;
    await storedChain(prefix);
    let now = 1_000_000;
    const tab = store(prefix, { clock: () => now });
    const result = await tab.open('road');
    if (!result.ok) throw new Error(result.detail);
    const segments = result.story.segments?.();
    const set = storySetOf(result.story.doc);
    const zero = await tab.loadSegment('road', 0);
    if (!zero || !segments || !set) throw new Error('not loaded');
    const text = turnsMap(zero).get(turnAt(3))?.get('source');
    if (!(text instanceof Y.Text)) throw new Error('no source');
    now += 30_000;
    text.insert(0, 'Edited: ');
    expect(await segments.unloadIdle(now + SEGMENT_IDLE_UNLOAD_MS - 1)).toEqual([]);
    expect(await segments.unloadIdle(now + SEGMENT_IDLE_UNLOAD_MS + 3_600_000)).toEqual([0]);
    expect(zero.isDestroyed).toBe(true);
    expect(set.segment(0)).toBeUndefined();
    expect(segments.loaded()).toEqual([1, 2]);
    // What it held was stored before it went: loading it again brings the edit back.
    const again = await tab.loadSegment('road', 0);
    expect(again).not.toBe(zero);
    expect(turnText(again, turnAt(3))).toBe('Edited: Turn 3.');
  });

  it('[SS5] removing a segmented story deletes its root and every segment database', async () => {
    const prefix = `seg-${randomUUID()}`;
    await storedChain(prefix);
    await storedChain(prefix, 'other', 3);
    const tab = store(prefix);
    const result = await tab.open('road');
    if (!result.ok) throw new Error(result.detail);
    await tab.loadSegment('road', 0);
    expect((await databaseNames()).filter((name) => name.startsWith(`${prefix}-story-road`))).toHaveLength(4);
    await tab.remove('road');
    expect((await databaseNames()).filter((name) => name.startsWith(`${prefix}-story-road`))).toEqual([]);
    // Another story's databases stay.
    expect(await databaseNames()).toContain(`${prefix}-story-other~0`);
    expect(await tab.storedIds()).toEqual(['other']);
  });

  it('[SS6] a new story made as one document is stored as a root of schema 2 and a segment holding its opening', async () => {
    const prefix = `seg-${randomUUID()}`;
    const tab = store(prefix);
    const doc = new Y.Doc({ guid: 'fresh' });
    createStory(doc, { title: 'Fresh', language: 'en', createdAt: '2026-01-01T00:00:00.000Z' });
    const opening = addOpening(doc, {
      author: AUTHOR,
      text: 'The ferry leaves at dawn.',
      names: { name: 'Wren', user: 'Wren' },
      id: 'opening',
      at: '2026-01-01T00:00:00.000Z',
    });
    const { doc: root } = await tab.adopt(doc);
    expect(metaMap(root).get('schemaVersion')).toBe(SEGMENTED_SCHEMA_VERSION);
    expect(turnsMap(root).size).toBe(0);
    expect(readLeafRef(root)).toEqual({ id: opening, depth: 0 });
    // A fresh root: it never held the turn, so it keeps no tombstone of it.
    expect(Y.encodeStateAsUpdate(root).length).toBeLessThan(Y.encodeStateAsUpdate(doc).length);
    const tombstones = new Y.Doc();
    Y.applyUpdate(tombstones, Y.encodeStateAsUpdate(root));
    expect(tombstones.getMap('turns').size).toBe(0);
    await tab.closeAll();

    const again = store(prefix);
    const result = await again.open('fresh');
    if (!result.ok) throw new Error(result.detail);
    const segment = storySetOf(result.story.doc)?.segment(0);
    expect(turnText(segment, opening)).toBe('The ferry leaves at dawn.');
    expect(segment && turnsMap(segment).get(opening)?.get('depth')).toBe(0);
    expect(segment?.getMap('segment').toJSON()).toEqual({ story: 'fresh', n: 0 });
  });

  it('[SS7] with segments off, a schema-2 root is refused as today and nothing is segmented', async () => {
    const prefix = `seg-${randomUUID()}`;
    await storedChain(prefix, 'road', 3);
    const plain = createStoryStore({ prefix, segmented: false });
    stores.push(plain);
    const result = await plain.open('road');
    expect(result).toMatchObject({ ok: false, code: 'newer-version' });
  });
});

describe('a leaf at a depth no device wrote at', () => {
  it('[U5] opening loads the newest written bands, never the absurd one, and shows the newest turn', async () => {
    const prefix = `seg-${randomUUID()}`;
    await storedChain(prefix);
    const first = store(prefix);
    const opened1 = await first.open('road');
    if (!opened1.ok) throw new Error(opened1.detail);
    // A collaborator's one key: the leaf at depth one billion.
    metaMap(opened1.story.doc).set('leaf', { id: turnAt(1099), depth: 1_000_000_000 });
    await first.closeAll();
    stores.splice(stores.indexOf(first), 1);

    const second = store(prefix);
    await second.ready;
    const opened = countOpens();
    const result = await second.open('road');
    if (!result.ok) throw new Error(result.detail);
    expect(opened.every((name) => !/~\d{4,}$/.test(name))).toBe(true);
    expect(result.story.segments?.()?.loaded()).toEqual([1, 2]);
    expect(activeLeaf(result.story.doc)).toBe(turnAt(1099));
  });
});
