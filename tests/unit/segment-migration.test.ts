// A story kept in one document becomes a segmented one in place (docs/design/segmented-story.md §2.8),
// with its documents in (fake) IndexedDB as the worker keeps them: nothing is lost (the Story JSON
// export is the same before and after), a crash at any step is undone by migrating again, two devices
// migrating at once converge, and a v1 device's later turns are swept into their segments.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readLeafRef } from '../../src/driver/doc/leaf-ref.ts';
import { createStorySet } from '../../src/driver/doc/story-set.ts';
import { metaMap, turnsMap } from '../../src/driver/doc/story-doc.ts';
import { appendTurn } from '../../src/driver/doc/turns.ts';
import type { WriteSegment } from '../../src/driver/doc/split-segments.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { importStory } from '../../src/driver/story-json/import.ts';
import { migrateToSegments } from '../../src/workers/store/segment-migration.ts';
import { persisted, stored } from '../../src/workers/store/story-store.ts';
import {
  exportOfSegments,
  indexedDbSegments,
  longStoryJson,
  memorySegments,
} from '../support/segment-docs.ts';
import { isoAt } from '../support/story-fixture.ts';

const STORY = 'long-story';
const TURNS = 1200;

/** The story as a v1 device has it: one document holding every turn. */
function v1Story(): Y.Doc {
  const imported = importStory(longStoryJson(TURNS, STORY), isoAt(100_000));
  if (!imported.ok) throw new Error(imported.detail);
  return imported.doc;
}

const copyOf = (doc: Y.Doc): Y.Doc => {
  const copy = new Y.Doc({ guid: doc.guid });
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
};

/** A device's story database: the root stored under the story's own name, opened and closed as the store does. */
function device() {
  const prefix = `migrate-${randomUUID()}`;
  const name = `${prefix}-story-${STORY}`;
  const open = async () => {
    const doc = new Y.Doc({ guid: STORY });
    const persistence = await persisted(name, doc);
    return {
      doc,
      close: async () => {
        await stored(persistence);
        await persistence.destroy();
        doc.destroy();
      },
    };
  };
  return { prefix, open };
}

/** Stores `doc` as a device's story, as a v1 Rashomon left it. */
async function storeV1(doc: Y.Doc) {
  const d = device();
  const persistence = await persisted(`${d.prefix}-story-${STORY}`, doc);
  await stored(persistence);
  await persistence.destroy();
  return d;
}

/** Opens the device's root, loads every stored segment, and exports the story. */
async function exportStored(d: ReturnType<typeof device>) {
  const root = await d.open();
  const docs = await indexedDbSegments(d.prefix, STORY).loadAll();
  const story = await exportOfSegments(root.doc, docs);
  const state = {
    turnsInRoot: turnsMap(root.doc).size,
    schema: metaMap(root.doc).get('schemaVersion'),
    docs,
  };
  await root.close();
  return { story, ...state };
}

describe('migrateToSegments', () => {
  it('[SM2] moves every turn into its segment: the export is the same before and after, every field is kept', async () => {
    const v1 = v1Story();
    const before = exportStory(v1);
    const d = await storeV1(copyOf(v1));
    const root = await d.open();
    const migrated = await migrateToSegments(root.doc, indexedDbSegments(d.prefix, STORY).write);
    expect(migrated).toEqual({ ok: true, from: 1, segments: [0, 1, 2], moved: TURNS, waiting: 0 });
    await root.close();

    const after = await exportStored(d);
    expect(after.turnsInRoot).toBe(0);
    expect(after.schema).toBe(2);
    expect(after.story).toEqual(before);
    // Not only what the file has: each stored turn is the v1 turn, key for key, plus its depth.
    let compared = 0;
    for (const doc of after.docs.values())
      for (const [id, m] of turnsMap(doc).entries()) {
        const { depth, ...rest } = m.toJSON() as { depth: number };
        expect(rest, id).toEqual(turnsMap(v1).get(id)?.toJSON());
        expect(typeof depth).toBe('number');
        compared++;
      }
    expect(compared).toBe(TURNS);

    // Idempotent: a second run finds nothing to move and writes nothing.
    const again = await d.open();
    const vector = Y.encodeStateVector(again.doc);
    expect(await migrateToSegments(again.doc, indexedDbSegments(d.prefix, STORY).write)).toEqual({
      ok: true,
      from: 2,
      segments: [],
      moved: 0,
      waiting: 0,
    });
    expect(Y.encodeStateVector(again.doc)).toEqual(vector);
    await again.close();
  });

  for (const k of [0, 1, 2])
    it(`[SM2] a crash after segment ${k} is stored${k === 2 ? ' (the last: before the root transaction)' : ''} leaves the one document whole; migrating again gives the same story`, async () => {
      const v1 = v1Story();
      const before = exportStory(v1);
      const d = await storeV1(copyOf(v1));
      const root = await d.open();
      const crashing = indexedDbSegments(d.prefix, STORY, (n) => n === k);
      await expect(migrateToSegments(root.doc, crashing.write)).rejects.toThrow(`crash after segment ${k}`);
      await root.close();

      const reopened = await d.open();
      expect(metaMap(reopened.doc).get('schemaVersion')).toBe(1);
      expect(exportStory(reopened.doc)).toEqual(before);
      expect(await migrateToSegments(reopened.doc, indexedDbSegments(d.prefix, STORY).write)).toMatchObject({
        ok: true,
        moved: TURNS,
      });
      await reopened.close();
      expect((await exportStored(d)).story).toEqual(before);
    });

  it('[SM2] a crash after the root transaction, before the root is stored, is undone the same way', async () => {
    const v1 = v1Story();
    const before = exportStory(v1);
    const d = await storeV1(copyOf(v1));
    const root = await d.open();
    // The transaction happens in a copy that never reaches the root's database.
    const lost = copyOf(root.doc);
    await migrateToSegments(lost, indexedDbSegments(d.prefix, STORY).write);
    expect(turnsMap(lost).size).toBe(0);
    await root.close();

    const reopened = await d.open();
    expect(turnsMap(reopened.doc).size).toBe(TURNS);
    await migrateToSegments(reopened.doc, indexedDbSegments(d.prefix, STORY).write);
    await reopened.close();
    const after = await exportStored(d);
    expect(after.turnsInRoot).toBe(0);
    expect(after.story).toEqual(before);
  });

  it('[SM2] two devices migrating the same story at once converge, whichever way their updates go', async () => {
    const v1 = v1Story();
    const before = exportStory(v1);
    const devices = [copyOf(v1), copyOf(v1)].map((root) => ({ root, segments: memorySegments(STORY) }));
    for (const dev of devices) await migrateToSegments(dev.root, dev.segments.write);
    const [a, b] = devices as [(typeof devices)[0], (typeof devices)[0]];
    // Each device gets the other's updates; b's arrive at a root first, a's at b segments first.
    Y.applyUpdate(a.root, Y.encodeStateAsUpdate(b.root));
    for (const [n, doc] of b.segments.docs)
      Y.applyUpdate(a.segments.docs.get(n) as Y.Doc, Y.encodeStateAsUpdate(doc));
    for (const [n, doc] of a.segments.docs)
      Y.applyUpdate(b.segments.docs.get(n) as Y.Doc, Y.encodeStateAsUpdate(doc));
    Y.applyUpdate(b.root, Y.encodeStateAsUpdate(a.root));

    expect(a.root.toJSON()).toEqual(b.root.toJSON());
    for (const [n, doc] of a.segments.docs)
      expect(turnsMap(doc).toJSON(), `segment ${n}`).toEqual(
        turnsMap(b.segments.docs.get(n) as Y.Doc).toJSON(),
      );
    expect(turnsMap(a.root).size).toBe(0);
    expect(readLeafRef(a.root)).toEqual(readLeafRef(b.root));
    expect(await exportOfSegments(a.root, a.segments.docs)).toEqual(before);
    expect(await exportOfSegments(b.root, b.segments.docs)).toEqual(before);
  });

  it("[SM3] a v1 device's turns written into the root after the migration are swept into their segments", async () => {
    const v1 = v1Story();
    const stale = copyOf(v1);
    const migrating = { root: copyOf(v1), segments: memorySegments(STORY) };
    await migrateToSegments(migrating.root, migrating.segments.write);
    // A v1 device that has not seen the migration goes on from its leaf, and branches off an old turn.
    const late = appendTurn(stale, {
      id: 'late',
      author: 'user',
      text: 'Still here.',
      origin: 'authored',
      createdAt: isoAt(200_000),
    });
    appendTurn(stale, {
      id: 'old-branch',
      parent: 't3',
      author: 'jane',
      text: 'Earlier.',
      origin: 'authored',
      createdAt: isoAt(200_001),
      activate: false,
    });
    Y.applyUpdate(migrating.root, Y.encodeStateAsUpdate(stale));
    expect(turnsMap(migrating.root).size).toBe(2);

    // The next open loads the leaf's segment only: the late turn goes there, the branch waits for segment 0.
    const set = createStorySet(migrating.root);
    set.add(2, migrating.segments.docs.get(2) as Y.Doc);
    const write: WriteSegment = async (n, fill) => fill(set.ensure(n));
    expect(await migrateToSegments(migrating.root, write)).toEqual({
      ok: true,
      from: 2,
      segments: [2],
      moved: 1,
      waiting: 1,
    });
    expect(readLeafRef(migrating.root)?.id).toBe(late);
    expect(turnsMap(migrating.root).has('old-branch')).toBe(true);

    set.add(0, migrating.segments.docs.get(0) as Y.Doc);
    set.add(1, migrating.segments.docs.get(1) as Y.Doc);
    expect(await migrateToSegments(migrating.root, write)).toEqual({
      ok: true,
      from: 2,
      segments: [0],
      moved: 1,
      waiting: 0,
    });
    expect(turnsMap(migrating.root).size).toBe(0);
    expect(await exportOfSegments(migrating.root, migrating.segments.docs)).toEqual(exportStory(stale));
  });

  it('[SM1][SM2] what a peer wrote wrong moves too: a loop, an orphan and an unreadable turn keep their place', async () => {
    const v1 = importStory(longStoryJson(40, STORY), isoAt(100_000));
    if (!v1.ok) throw new Error(v1.detail);
    const doc = v1.doc;
    // A peer's turns: appended as roots, then their parent links pointed where no honest device would.
    for (const [id, parent] of [
      ['loop-a', 'loop-b'],
      ['loop-b', 'loop-a'],
      ['orphan', 'never-sent'],
    ] as const) {
      appendTurn(doc, {
        id,
        author: 'user',
        text: id,
        origin: 'authored',
        createdAt: isoAt(1),
        parent: null,
        activate: false,
      });
      turnsMap(doc).get(id)?.set('parent', parent);
    }
    turnsMap(doc).get('t7')?.delete('origin');
    const before = exportStory(doc);
    const wrong = Object.fromEntries(
      ['loop-a', 'loop-b', 'orphan', 't7'].map((id) => [id, turnsMap(doc).get(id)?.toJSON()]),
    );
    const segments = memorySegments(STORY);
    expect(await migrateToSegments(doc, segments.write)).toMatchObject({ ok: true, moved: 43, waiting: 0 });
    expect(turnsMap(doc).size).toBe(0);
    const kept = turnsMap(segments.docs.get(0) as Y.Doc);
    for (const [id, json] of Object.entries(wrong))
      expect(kept.get(id)?.toJSON(), id).toMatchObject(json as object);
    expect([
      kept.get('loop-a')?.get('depth'),
      kept.get('loop-b')?.get('depth'),
      kept.get('orphan')?.get('depth'),
    ]).toEqual([0, 1, 0]);
    // The turn below the unreadable one keeps its depth, for the day a peer repairs its parent.
    expect([kept.get('t11')?.get('parent'), kept.get('t11')?.get('depth')]).toEqual(['t7', 8]);
    // The export read around them before and does after.
    expect(await exportOfSegments(doc, segments.docs)).toEqual(before);
  });

  it('[SM2] a story saved by a newer Rashomon is refused and left as it is', async () => {
    const doc = v1Story();
    metaMap(doc).set('schemaVersion', 3);
    const vector = Y.encodeStateVector(doc);
    expect(await migrateToSegments(doc, memorySegments(STORY).write)).toMatchObject({
      ok: false,
      code: 'newer-version',
    });
    expect(Y.encodeStateVector(doc)).toEqual(vector);
  });
});
