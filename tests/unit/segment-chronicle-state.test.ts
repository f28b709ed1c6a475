// A participant's reduced state on a segmented story whose lower segments are not loaded (rule CS3):
// from the chronicle checkpoint at the seed's boundary turn plus the loaded part's commits, equal to the
// state with every segment loaded (property-style over seeds); a decision made since for a turn below
// makes the checkpoint unusable, and the chronicle then wants the band below.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  readChronicle,
  writeRecords,
  type ChronicleEntry,
  type DigestMemory,
  type StateChange,
  type StateDomain,
} from '../../src/driver/doc/chronicle.ts';
import { addParticipant } from '../../src/driver/doc/participants.ts';
import { trackSegmentWrites } from '../../src/driver/doc/segment-clocks.ts';
import { createStorySet, type OwnedStorySet } from '../../src/driver/doc/story-set.ts';
import { createStory } from '../../src/driver/doc/story-doc.ts';
import { activeLeaf, appendTurn } from '../../src/driver/doc/turns.ts';
import {
  chronicleWants,
  dueBoundaryCheckpoints,
  pathIndexWithSeed,
} from '../../src/driver/memory/chronicle-boundaries.ts';
import { storeInDigest } from '../../src/driver/memory/chronicle-digest.ts';
import { rankMemories } from '../../src/driver/memory/recall.ts';
import { writeBoundaryCheckpoints } from '../../src/driver/views/boundary-checkpoint.ts';
import { chronicleOnPath } from '../../src/driver/memory/chronicle-on-path.ts';
import { coveredThrough, transcriptBasis } from '../../src/driver/memory/chronicle-view.ts';
import { createStoryViews, type StoryViews } from '../../src/driver/views/story-views.ts';
import { mulberry32, type Rng } from '../support/prng.ts';
import { DIGEST_SIZE, digestUpdate } from '../../src/driver/memory/memory-digest.ts';

const DEPTHS = 5;
const TURNS = 27;
const JANE = 'jane';
const DOMAINS: StateDomain[] = ['location', 'inventory', 'relationship', 'goals'];
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

const onPathOf = (views: StoryViews) =>
  chronicleOnPath(views.chronicle(JANE), pathIndexWithSeed(views), views.transcript(JANE));

/** What the chronicler stores after an entry: the boundary checkpoints its coverage reached. */
function storeBoundaries(a: OwnedStorySet, views: StoryViews, ids: () => string) {
  const index = pathIndexWithSeed(views);
  const onPath = onPathOf(views);
  const { due } = dueBoundaryCheckpoints(
    a.root,
    views.chronicle(JANE),
    onPath,
    index,
    coveredThrough(onPath.fresh),
  );
  if (due.length)
    writeRecords(
      a.root,
      JANE,
      'checkpoints',
      due.map((cp) => ({ id: ids(), ...cp })),
    );
}

/** Device A: a story of TURNS turns (a branch now and then), Jane's chronicle over all but the window. */
function fullStory(rng: Rng) {
  const a = device(1);
  createStory(a.root, { title: 'Bands', language: 'en', createdAt: at(0) });
  addParticipant(a.root, { id: 'user', kind: 'user', name: 'User', present: true });
  addParticipant(a.root, { id: JANE, kind: 'character', name: 'Jane', present: true });
  trackSegmentWrites(a.root);
  const views = createStoryViews(a.root);
  let tick = 1;
  for (let i = 0; i < TURNS; i++) {
    const leaf = activeLeaf(a.root);
    const author = i % 2 ? JANE : 'user';
    appendTurn(a.root, {
      id: `t${i}`,
      author,
      text: `${author} ${i}`,
      origin: 'authored',
      createdAt: at(tick++),
      parent: leaf,
    });
    // A branch beside the path (not activated): what is chronicled there is another path's.
    if (leaf && rng.chance(0.2))
      appendTurn(a.root, {
        id: `b${i}`,
        author,
        text: `aside ${i}`,
        origin: 'authored',
        createdAt: at(tick++),
        parent: leaf,
        activate: false,
      });
  }
  let next = 0;
  const ids = () => `id${next++}`;
  const transcript = views.transcript(JANE);
  const index = pathIndexWithSeed(views);
  // The window keeps the last two turns: the chronicle covers the leaf's boundary turn (depth 24).
  const chronicled = transcript.slice(0, transcript.length - 2);
  for (let i = 0; i < chronicled.length;) {
    const band = Math.floor((index.get(chronicled[i]?.turnId ?? '') ?? 0) / DEPTHS);
    let end = i + 1 + rng.int(3);
    end = Math.min(end, chronicled.length);
    while (end > i + 1 && Math.floor((index.get(chronicled[end - 1]?.turnId ?? '') ?? 0) / DEPTHS) !== band)
      end--;
    const slice = chronicled.slice(i, end);
    const changes: StateChange[] = Array.from({ length: rng.int(3) }, () => ({
      id: ids(),
      subject: rng.pick([JANE, 'user']),
      domain: rng.pick(DOMAINS),
      value: rng.chance(0.15) ? 'x' : `v${rng.int(5)}`,
      evidence: 'e',
      turnId: rng.pick(slice).turnId,
    }));
    const entry: ChronicleEntry = {
      id: ids(),
      turns: slice.map((e) => e.turnId),
      basis: transcriptBasis(slice),
      createdAt: at(tick++),
      memories: [
        {
          id: ids(),
          text: i === 0 ? 'The lighthouse keeper lied about the storm.' : `Jane noted chunk ${i}.`,
          importance: 1 + rng.int(10),
          turnId: (slice.at(-1) as { turnId: string }).turnId,
        },
      ],
      events: [],
      changes,
      uncertainties: [],
    };
    writeRecords(a.root, JANE, 'entries', [entry]);
    storeInDigest({ doc: a.root, views }, {}, JANE, entry.memories, entry.turns.at(-1) as string);
    for (const c of changes)
      if ((c.domain === 'relationship' || c.domain === 'goals') && rng.chance(0.6))
        writeRecords(a.root, JANE, 'reviews', [
          {
            changeId: c.id,
            decision: rng.pick(['accepted', 'amended', 'rejected'] as const),
            value: 'amended',
            at: at(tick++),
          },
        ]);
    if (rng.chance(0.2))
      writeRecords(a.root, JANE, 'corrections', [
        {
          id: ids(),
          subject: JANE,
          domain: 'location',
          value: `c${rng.int(3)}`,
          turnId: rng.pick(slice).turnId,
          at: at(tick++),
        },
      ]);
    storeBoundaries(a, views, ids);
    i = end;
  }
  writeBoundaryCheckpoints(a.root, views);
  return { a, views, ids };
}

/** Device B: A's root and only the leaf's segment, as a device opening the story. */
function leafOnly(a: OwnedStorySet) {
  const b = device(2);
  Y.applyUpdate(b.root, Y.encodeStateAsUpdate(a.root));
  const n = Math.floor((TURNS - 1) / DEPTHS);
  const doc = new Y.Doc({ guid: `story~${n}` });
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(a.segment(n) as Y.Doc));
  b.add(n, doc);
  return { b, views: createStoryViews(b.root) };
}

describe('a participant’s state with only the leaf’s segment loaded', () => {
  for (const seed of [1, 2, 3, 4, 5, 6])
    it(`[CS3] equals the state with every segment loaded (seed ${seed})`, () => {
      const { a, views } = fullStory(mulberry32(seed));
      const full = onPathOf(views);
      // Most of it was chronicled below the leaf's segment.
      expect(full.commits.filter((c) => c.at < 25).length).toBeGreaterThan(
        full.commits.filter((c) => c.at >= 25).length,
      );
      const { b, views: bViews } = leafOnly(a);
      expect(b.loaded()).toEqual([5]);
      expect(bViews.path()[0]?.index).toBe(25);
      const seeded = onPathOf(bViews);
      expect(seeded.waiting).toBe(false);
      expect(seeded.state).toEqual(full.state);
      expect(chronicleWants(b.root, bViews)).toBeNull();
    });

  it('[CS3] a correction made since for a turn below the seed makes it wait for the band below, until the checkpoint is stored again', () => {
    const { a, views, ids } = fullStory(mulberry32(9));
    writeRecords(a.root, JANE, 'corrections', [
      { id: 'late', subject: JANE, domain: 'location', value: 'the cellar', turnId: 't3', at: at(9_999) },
    ]);
    const full = onPathOf(views);
    expect(full.state[JANE]?.location).toBeDefined();
    let { b, views: bViews } = leafOnly(a);
    expect(onPathOf(bViews).waiting).toBe(true);
    expect(chronicleWants(b.root, bViews)).toEqual({ ok: false, code: 'segment-not-loaded', segment: 4 });
    // The device holding every segment passes by again: the boundary checkpoints are stored anew.
    storeBoundaries(a, views, ids);
    writeBoundaryCheckpoints(a.root, views);
    ({ b, views: bViews } = leafOnly(a));
    const seeded = onPathOf(bViews);
    expect(seeded.waiting).toBe(false);
    expect(seeded.state).toEqual(full.state);
  });
});

const memoryIds = (m: ReadonlyArray<{ memory: { id: string }; at: number }>) =>
  m.map((x) => `${x.memory.id}@${x.at}`).sort();

describe('recall over the memory digest with only the leaf’s segment loaded', () => {
  for (const seed of [1, 2, 3])
    it(`[CS4] finds the memories of unloaded bands the full story finds (seed ${seed})`, () => {
      const { a, views } = fullStory(mulberry32(seed));
      const full = onPathOf(views);
      const { views: bViews } = leafOnly(a);
      const seeded = onPathOf(bViews);
      expect(seeded.memories.filter((m) => m.at < 25).length).toBeGreaterThan(3);
      expect(memoryIds(seeded.memories)).toEqual(memoryIds(full.memories));
      // The oldest memory, in segment 0, comes back when the query is about it.
      const best = rankMemories(seeded.memories, 'lighthouse keeper', 26)[0];
      expect(best?.memory.text).toBe('The lighthouse keeper lied about the storm.');
    });

  it('[CS4] a digest memory made on another path at its band (another prefix) is not on this one', () => {
    const { a } = fullStory(mulberry32(4));
    const digest = readChronicle(a.root, JANE).memoryDigest;
    const old = digest.find((d) => d.depth >= 5 && d.depth < 25) as (typeof digest)[number];
    writeRecords(a.root, JANE, 'memoryDigest', [{ ...old, prefix: 'another-path' }]);
    const { views: bViews } = leafOnly(a);
    expect(onPathOf(bViews).memories.map((m) => m.memory.id)).not.toContain(old.id);
  });

  it('[CS4] a memory the person set aside is not recalled from the digest, and leaves it at the next write', () => {
    const { a, views } = fullStory(mulberry32(5));
    const old = readChronicle(a.root, JANE).memoryDigest.find((d) => d.depth < 25) as DigestMemory;
    writeRecords(a.root, JANE, 'memoryEdits', [{ kind: 'forgotten', memoryId: old.id, at: at(9_000) }]);
    const { views: bViews } = leafOnly(a);
    expect(onPathOf(bViews).memories.map((m) => m.memory.id)).not.toContain(old.id);
    const path = views.path();
    const last = path.at(-1)?.id as string;
    storeInDigest(
      { doc: a.root, views },
      {},
      JANE,
      [{ id: 'new', text: 'n', importance: 1, turnId: last }],
      last,
    );
    expect(readChronicle(a.root, JANE).memoryDigest.map((d) => d.id)).not.toContain(old.id);
  });
});

describe('the digest is bounded', () => {
  it(`[CS4] keeps the ${DIGEST_SIZE} most important of 1,200 memories, newest first among equals`, () => {
    const rng = mulberry32(11);
    let digest: DigestMemory[] = [];
    const all: DigestMemory[] = [];
    for (let i = 0; i < 1200; i++) {
      const d: DigestMemory = {
        id: `m${i}`,
        memory: { id: `m${i}`, text: `m${i}`, importance: 1 + rng.int(10), turnId: `t${i}` },
        depth: i,
        prefix: 'p',
      };
      all.push(d);
      const { write, drop } = digestUpdate({ memoryDigest: digest, memoryEdits: [] }, [d]);
      digest = [...digest.filter((x) => !drop.includes(x.id)), ...write];
      expect(digest.length).toBeLessThanOrEqual(DIGEST_SIZE);
    }
    const expected = [...all]
      .sort((x, y) => y.memory.importance - x.memory.importance || y.depth - x.depth)
      .slice(0, DIGEST_SIZE)
      .map((d) => d.id)
      .sort();
    expect(digest.map((d) => d.id).sort()).toEqual(expected);
  });
});
