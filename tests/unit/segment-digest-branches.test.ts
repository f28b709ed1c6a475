// Each branch keeps its own memories in a segmented story too (rule CS5): with the band of a branch
// not loaded, recall from the memory digest gives only memories whose entry lies on the active path,
// never the memory of a branch beside it in that band, whose band prefix is the same.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readChronicle, writeRecords, type ChronicleEntry } from '../../src/driver/doc/chronicle.ts';
import { addParticipant } from '../../src/driver/doc/participants.ts';
import { trackSegmentWrites } from '../../src/driver/doc/segment-clocks.ts';
import { createStorySet, type OwnedStorySet } from '../../src/driver/doc/story-set.ts';
import { createStory } from '../../src/driver/doc/story-doc.ts';
import { activeLeaf, appendTurn } from '../../src/driver/doc/turns.ts';
import { dueBoundaryCheckpoints, pathIndexWithSeed } from '../../src/driver/memory/chronicle-boundaries.ts';
import { storeInDigest } from '../../src/driver/memory/chronicle-digest.ts';
import { writeBoundaryCheckpoints } from '../../src/driver/views/boundary-checkpoint.ts';
import { chronicleOnPath } from '../../src/driver/memory/chronicle-on-path.ts';
import { coveredThrough, transcriptBasis } from '../../src/driver/memory/chronicle-view.ts';
import { createStoryViews, type StoryViews } from '../../src/driver/views/story-views.ts';

const DEPTHS = 5;
const TURNS = 12;
const JANE = 'jane';
const at = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 1000).toISOString();

function device(clientID: number): OwnedStorySet {
  const root = new Y.Doc({ guid: 'story' });
  root.clientID = clientID;
  const make = (n: number) => {
    const d = new Y.Doc({ guid: `story~${n}` });
    d.clientID = clientID;
    return d;
  };
  return createStorySet(root, make, { depths: DEPTHS });
}

const onPathOf = (views: StoryViews, leaf?: string) =>
  chronicleOnPath(
    views.chronicle(JANE),
    pathIndexWithSeed(views, leaf),
    views.transcript(JANE, leaf ? { leaf } : {}),
  );

/** An entry of Jane's over `turns` (on the path to the last of them) with one memory, put in the digest too. */
function chronicleOf(a: OwnedStorySet, views: StoryViews, turns: string[], memory: string) {
  const through = turns.at(-1) as string;
  const read = views.transcript(JANE, { leaf: through }).filter((e) => turns.includes(e.turnId));
  const entry: ChronicleEntry = {
    id: `entry-${through}`,
    turns,
    basis: transcriptBasis(read),
    createdAt: at(1000),
    memories: [{ id: `memory-${through}`, text: memory, importance: 5, turnId: through }],
    events: [],
    changes: [],
    uncertainties: [],
  };
  writeRecords(a.root, JANE, 'entries', [entry]);
  storeInDigest({ doc: a.root, views }, {}, JANE, entry.memories, through);
}

/**
 * Path A of TURNS turns, and branch B beside it inside band 0 (its turn at depth 3, from A's depth 2),
 * each with a memory of Jane's in band 0; A chronicled through band 1, its boundary checkpoints stored.
 */
function twoBranches() {
  const a = device(1);
  createStory(a.root, { title: 'Branches', language: 'en', createdAt: at(0) });
  addParticipant(a.root, { id: 'user', kind: 'user', name: 'User', present: true });
  addParticipant(a.root, { id: JANE, kind: 'character', name: 'Jane', present: true });
  trackSegmentWrites(a.root);
  const views = createStoryViews(a.root);
  for (let i = 0; i < TURNS; i++) {
    const author = i % 2 ? JANE : 'user';
    const parent = activeLeaf(a.root);
    appendTurn(a.root, {
      id: `t${i}`,
      author,
      text: `${author} ${i}`,
      origin: 'authored',
      createdAt: at(i + 1),
      parent,
    });
  }
  appendTurn(a.root, {
    id: 'b3',
    author: 'user',
    text: 'user takes the other road',
    origin: 'authored',
    createdAt: at(50),
    parent: 't2',
    activate: false,
  });
  chronicleOf(a, views, ['b3'], 'On the other road, the bridge was down.');
  chronicleOf(a, views, ['t0', 't1', 't2', 't3', 't4'], 'On this road, the inn was warm.');
  chronicleOf(a, views, ['t5', 't6', 't7', 't8', 't9'], 'The innkeeper asked for coin.');
  const index = pathIndexWithSeed(views);
  const onPath = onPathOf(views);
  const { due } = dueBoundaryCheckpoints(
    a.root,
    views.chronicle(JANE),
    onPath,
    index,
    coveredThrough(onPath.fresh),
  );
  writeRecords(
    a.root,
    JANE,
    'checkpoints',
    due.map((cp, i) => ({ id: `cp${i}`, ...cp })),
  );
  writeBoundaryCheckpoints(a.root, views);
  return { a, views };
}

/** Device B: A's root and only the leaf's segment, as a device opening the story. */
function leafOnly(a: OwnedStorySet) {
  const b = device(2);
  Y.applyUpdate(b.root, Y.encodeStateAsUpdate(a.root));
  const n = Math.floor((TURNS - 1) / DEPTHS);
  const doc = new Y.Doc({ guid: `story~${n}` });
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(a.segment(n) as Y.Doc));
  b.add(n, doc);
  return createStoryViews(b.root);
}

const texts = (m: ReadonlyArray<{ memory: { text: string } }>) => m.map((x) => x.memory.text).sort();

describe('recall from the memory digest keeps to the active path (CS5)', () => {
  it('[CS5][CS4][M5] with band 0 unloaded, the path recalls its own memory of that band and never the branch’s beside it', () => {
    const { a, views } = twoBranches();
    // Both band-0 memories are in the digest under the same band prefix: the prefix cannot tell them apart.
    const digest = readChronicle(a.root, JANE).memoryDigest;
    expect(digest.map((d) => d.memory.turnId).sort()).toEqual(['b3', 't4', 't9']);
    expect(new Set(digest.filter((d) => d.depth < DEPTHS).map((d) => d.prefix)).size).toBe(1);
    const full = onPathOf(views);
    expect(texts(full.memories)).toEqual([
      'On this road, the inn was warm.',
      'The innkeeper asked for coin.',
    ]);
    const seeded = leafOnly(a);
    expect(seeded.path()[0]?.index).toBe(10);
    expect(texts(onPathOf(seeded).memories)).toEqual(texts(full.memories));
  });

  it('[CS5] a boundary checkpoint stored before it lists no memories: its band’s digest memories wait rather than guess', () => {
    const { a } = twoBranches();
    const checkpoints = readChronicle(a.root, JANE).checkpoints.filter((cp) => cp.boundary);
    writeRecords(
      a.root,
      JANE,
      'checkpoints',
      checkpoints.map((cp) => {
        const { memories: _, ...boundary } = cp.boundary as NonNullable<typeof cp.boundary>;
        return { ...cp, boundary };
      }),
    );
    expect(onPathOf(leafOnly(a)).memories).toEqual([]);
  });
});
