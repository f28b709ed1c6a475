// A segmented story's chronicles (docs/design/segmented-story.md §2.6): entries and audit live in the
// segment of their last turn, the person's records and checkpoints in the root; reads see what is
// loaded; the root does not grow with entries; a migration and a Story JSON round trip move them with
// their turns and give the same file.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  deleteRecords,
  partValues,
  readChronicle,
  writeRecords,
  type Audit,
  type ChronicleEntry,
} from '../../src/driver/doc/chronicle.ts';
import { addParticipant } from '../../src/driver/doc/participants.ts';
import { trackSegmentWrites } from '../../src/driver/doc/segment-clocks.ts';
import { sweepRootTurns, planSegments } from '../../src/driver/doc/split-segments.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { importStory } from '../../src/driver/story-json/import.ts';
import type { StoryJsonInput } from '../../src/driver/story-json/schema.ts';
import { createStoryViews } from '../../src/driver/views/story-views.ts';
import { migrateToSegments } from '../../src/workers/store/segment-migration.ts';
import {
  exportOfSegments,
  longStoryJson,
  memorySegments,
  importIntoSegments,
} from '../support/segment-docs.ts';
import { segmentedChain, turnAt } from '../support/segment-story.ts';
import { isoAt } from '../support/story-fixture.ts';

const JANE = 'jane';

const entry = (id: string, turns: string[]): ChronicleEntry => ({
  id,
  turns,
  basis: `b-${id}`,
  createdAt: isoAt(1),
  memories: [{ id: `m-${id}`, text: `Jane remembers ${id}.`, importance: 5, turnId: turns.at(-1) as string }],
  events: [],
  changes: [],
  uncertainties: [],
});

const audit = (id: string, turns: string[]): Audit => ({ id, turns, item: '{}', reason: 'no', at: isoAt(2) });

/** A segmented chain of `turns` turns with Jane in it. */
function story(turns: number) {
  const made = segmentedChain('chron', turns);
  addParticipant(made.root, { id: JANE, kind: 'character', name: 'Jane', present: true, card: {} });
  return made;
}

const keysIn = (doc: Y.Doc, part: string) => [...doc.getMap(`chronicle/${JANE}/${part}`).keys()].sort();

describe('chronicle entries of a segmented story', () => {
  it('[CS1] an entry and its audit go to the segment of their last turn; the person’s records and checkpoints stay in the root', () => {
    const { root, set } = story(1200);
    writeRecords(root, JANE, 'entries', [
      entry('e0', [turnAt(3), turnAt(4)]),
      entry('e01', [turnAt(498), turnAt(499), turnAt(500)]),
      entry('e2', [turnAt(1100)]),
    ]);
    writeRecords(root, JANE, 'audit', [audit('a1', [turnAt(499), turnAt(500)])]);
    writeRecords(root, JANE, 'memoryEdits', [{ kind: 'forgotten', memoryId: 'm-e0', at: isoAt(3) }]);
    writeRecords(root, JANE, 'checkpoints', [
      { id: 'c1', turnId: turnAt(900), commits: 50, hash: 'h:s', state: {} },
    ]);
    expect(keysIn(set.segment(0) as Y.Doc, 'entries')).toEqual(['e0']);
    expect(keysIn(set.segment(1) as Y.Doc, 'entries')).toEqual(['e01']);
    expect(keysIn(set.segment(2) as Y.Doc, 'entries')).toEqual(['e2']);
    expect(keysIn(set.segment(1) as Y.Doc, 'audit')).toEqual(['a1']);
    expect(keysIn(root, 'entries')).toEqual([]);
    expect(keysIn(root, 'audit')).toEqual([]);
    expect(keysIn(root, 'memoryEdits')).toEqual(['forgotten:m-e0']);
    expect(keysIn(root, 'checkpoints')).toEqual(['c1']);
    expect(keysIn(set.segment(2) as Y.Doc, 'checkpoints')).toEqual([]);
    const read = readChronicle(root, JANE);
    expect(read.entries.map((e) => e.id).sort()).toEqual(['e0', 'e01', 'e2']);
    expect(read.audit.map((a) => a.id)).toEqual(['a1']);
  });

  it('[CS1] reads and the views see the loaded segments only, and follow a segment loaded or unloaded', () => {
    const { root, set } = story(1200);
    writeRecords(root, JANE, 'entries', [entry('e0', [turnAt(4)]), entry('e2', [turnAt(1100)])]);
    const views = createStoryViews(root);
    const entryIds = () =>
      views
        .chronicle(JANE)
        .entries.map((e) => e.id)
        .sort();
    expect(entryIds()).toEqual(['e0', 'e2']);
    const zero = set.remove(0) as Y.Doc;
    expect(entryIds()).toEqual(['e2']);
    set.add(0, zero);
    expect(entryIds()).toEqual(['e0', 'e2']);
    // A write straight into a loaded segment (a peer's, synced) is seen at the next read.
    writeRecords(root, JANE, 'entries', [entry('e2b', [turnAt(1101)])]);
    expect(entryIds()).toEqual(['e0', 'e2', 'e2b']);
    views.dispose();
  });

  it('[CS1] an entry whose last turn is not on this device waits in the root; the sweep moves it once the turn is', () => {
    const { root, set } = story(1200);
    const two = set.remove(2) as Y.Doc;
    writeRecords(root, JANE, 'entries', [entry('late', [turnAt(1100)])]);
    expect(keysIn(root, 'entries')).toEqual(['late']);
    set.add(2, two);
    expect(sweepRootTurns(set)).toEqual([2]);
    expect(keysIn(root, 'entries')).toEqual([]);
    expect(keysIn(two, 'entries')).toEqual(['late']);
  });

  it('[CS1] deleting an entry deletes it where it lives', () => {
    const { root, set } = story(600);
    writeRecords(root, JANE, 'entries', [entry('e1', [turnAt(550)])]);
    expect(keysIn(set.segment(1) as Y.Doc, 'entries')).toEqual(['e1']);
    // What a rewrite runs (M5): the entry goes from its segment.
    deleteRecords(root, JANE, 'entries', ['e1']);
    expect(keysIn(set.segment(1) as Y.Doc, 'entries')).toEqual([]);
    expect(partValues(root, JANE, 'entries').has('e1')).toBe(false);
  });

  it('[CS1] the root does not grow with entries: 300 entries add a few bytes of clock mirror a write, not the entries', () => {
    const { root, set } = story(1000);
    const stop = trackSegmentWrites(root);
    const rootBefore = Y.encodeStateAsUpdate(root).length;
    const segBefore = Y.encodeStateAsUpdate(set.segment(1) as Y.Doc).length;
    for (let i = 0; i < 300; i++) writeRecords(root, JANE, 'entries', [entry(`e${i}`, [turnAt(500 + i)])]);
    const rootGrowth = Y.encodeStateAsUpdate(root).length - rootBefore;
    const segGrowth = Y.encodeStateAsUpdate(set.segment(1) as Y.Doc).length - segBefore;
    stop();
    console.log(`root +${rootGrowth} B, segment 1 +${segGrowth} B for 300 entries`);
    expect(segGrowth).toBeGreaterThan(300 * 150);
    expect(rootGrowth).toBeLessThan(300);
  });
});

/** The long story file with Jane's entries and audit spread over its three segments. */
function chronicledStoryJson(): StoryJsonInput {
  const json = longStoryJson(1200);
  const v1 = importStory(json, isoAt(100_000));
  if (!v1.ok) throw new Error(v1.detail);
  const depth = new Map([...planSegments(v1.doc).values()].flat().map((t) => [t.id, t.depth]));
  const leaf = json.activeLeaf as string;
  const parentOf = new Map(json.turns.map((t) => [t.id, t.parent]));
  // The main line's last turns, back to a turn in the middle segment.
  const line: string[] = [];
  for (
    let id: string | null = leaf;
    id !== null && (depth.get(id) ?? 0) >= 495;
    id = parentOf.get(id) ?? null
  )
    line.unshift(id);
  const jane = json.participants.find((p) => p.id === JANE);
  if (!jane?.chronicle) throw new Error('the fixture lost Jane’s chronicle');
  const across = line.slice(0, 10); // depths 495…504: crosses into segment 1
  const late = line.slice(-3);
  jane.chronicle.entries = [...(jane.chronicle.entries ?? []), entry('across', across), entry('late', late)];
  jane.chronicle.audit = [audit('a-late', late)];
  return json;
}

describe('migration and Story JSON of a chronicled segmented story', () => {
  it('[CS2] a migration moves entries and audit into the segment of their last turn; the export is the same before and after', async () => {
    const json = chronicledStoryJson();
    const v1 = importStory(json, isoAt(100_000));
    if (!v1.ok) throw new Error(v1.detail);
    const before = exportStory(v1.doc);
    expect(before.participants.find((p) => p.id === JANE)?.chronicle?.entries).toHaveLength(3);
    const segments = memorySegments('long-story');
    const migrated = await migrateToSegments(v1.doc, segments.write);
    expect(migrated.ok && migrated.segments).toEqual([0, 1, 2]);
    expect([...partValues(v1.doc, JANE, 'entries', 'root').keys()]).toEqual([]);
    expect([...partValues(v1.doc, JANE, 'audit', 'root').keys()]).toEqual([]);
    expect([...partValues(v1.doc, JANE, 'memoryEdits', 'root').keys()]).toEqual(['forgotten:mem1']);
    const docs = segments.docs;
    expect(keysIn(docs.get(0) as Y.Doc, 'entries')).toEqual(['e1']);
    expect(keysIn(docs.get(1) as Y.Doc, 'entries')).toEqual(['across']);
    expect(keysIn(docs.get(2) as Y.Doc, 'entries')).toEqual(['late']);
    expect(keysIn(docs.get(2) as Y.Doc, 'audit')).toEqual(['a-late']);
    expect(await exportOfSegments(v1.doc, docs)).toEqual(before);
    // Migrating again moves nothing and changes nothing.
    const again = await migrateToSegments(v1.doc, segments.write);
    expect(again.ok && again.moved).toBe(0);
    expect(await exportOfSegments(v1.doc, docs)).toEqual(before);
  });

  it('[CS2] a Story JSON import puts entries and audit into their segments and exports the same file', async () => {
    const json = chronicledStoryJson();
    const v1 = importStory(json, isoAt(100_000));
    if (!v1.ok) throw new Error(v1.detail);
    const segments = memorySegments('long-story');
    const imported = await importIntoSegments(json, isoAt(100_000), segments.write);
    if (!imported.ok) throw new Error(imported.detail);
    expect(keysIn(imported.root, 'entries')).toEqual([]);
    expect(keysIn(segments.docs.get(2) as Y.Doc, 'audit')).toEqual(['a-late']);
    expect(await exportOfSegments(imported.root, segments.docs)).toEqual(exportStory(v1.doc));
  });
});
