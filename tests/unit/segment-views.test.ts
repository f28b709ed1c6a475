// The views of a segmented story started from boundary checkpoints (docs/design/segmented-story.md
// §2.4): a device holding only the newest segment reads the same staleness, fingerprints and
// transcript tails as one holding every segment, for random trees with branches and edits anywhere;
// an edit below makes every checkpoint above outdated; a hostile checkpoint mis-states staleness only
// until a device holding both sides replaces it.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createStorySet, type OwnedStorySet } from '../../src/driver/doc/story-set.ts';
import { createStory, turnsMap } from '../../src/driver/doc/story-doc.ts';
import { addParticipant } from '../../src/driver/doc/participants.ts';
import { activeLeaf, appendTurn, editSource, turnDepth } from '../../src/driver/doc/turns.ts';
import { setActiveLeaf } from '../../src/driver/doc/tree.ts';
import { writePov } from '../../src/driver/doc/pov.ts';
import {
  isBehindMirror,
  lagsMirror,
  recordSegmentWrite,
  trackSegmentWrites,
} from '../../src/driver/doc/segment-clocks.ts';
import { checkpointKey, storeCheckpoint } from '../../src/driver/doc/segment-checkpoints.ts';
import { writeRecords } from '../../src/driver/doc/chronicle.ts';
import { createStoryViews, type PathNode, type StoryViews } from '../../src/driver/views/story-views.ts';
import {
  readCheckpoint,
  segmentInputs,
  writeBoundaryCheckpoints,
} from '../../src/driver/views/boundary-checkpoint.ts';
import { mulberry32, type Rng } from '../support/prng.ts';

const DEPTHS = 4;
const PEOPLE = ['user', 'jane', 'jess'];
const at = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 1000).toISOString();
const band = (depth: number) => Math.floor(depth / DEPTHS);

function device(clientID: number): OwnedStorySet {
  const root = new Y.Doc({ guid: 'story' });
  root.clientID = clientID;
  return createStorySet(
    root,
    (n) => {
      const d = new Y.Doc({ guid: `story~${n}` });
      d.clientID = clientID;
      return d;
    },
    { depths: DEPTHS },
  );
}

/** Device A: every segment, its writes mirrored into the root's clocks. */
function fullDevice() {
  const a = device(1);
  createStory(a.root, { title: 'Bands', language: 'en', createdAt: at(0) });
  addParticipant(a.root, { id: 'user', kind: 'user', name: 'User', present: true });
  addParticipant(a.root, { id: 'jane', kind: 'character', name: 'Jane', present: true });
  addParticipant(a.root, { id: 'jess', kind: 'character', name: 'Jess', present: true });
  trackSegmentWrites(a.root);
  return { a, views: createStoryViews(a.root) };
}

/** Device B: A's root and only the segments `bands` of A, as a new device opening the story. */
function partialCopy(a: OwnedStorySet, bands: number[]) {
  const b = device(2);
  Y.applyUpdate(b.root, Y.encodeStateAsUpdate(a.root));
  for (const n of bands) {
    const doc = new Y.Doc({ guid: `story~${n}` });
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(a.segment(n) as Y.Doc));
    b.add(n, doc);
  }
  return { b, views: createStoryViews(b.root) };
}

/** `count` turns of the user's on A, ids t0, t1, …: the clock tests' story. */
function userTurns(a: OwnedStorySet, count: number): void {
  for (let i = 0; i < count; i++)
    appendTurn(a.root, {
      id: `t${i}`,
      author: 'user',
      text: `turn ${i}`,
      origin: 'authored',
      createdAt: at(i),
    });
}

let tick = 1;
/** One random write on A: append (often generated, sometimes branching), project, edit, or switch. */
function randomOp(a: OwnedStorySet, views: StoryViews, rng: Rng, step: number): void {
  const root = a.root;
  const path = views.path();
  const roll = rng.next();
  if (roll < 0.5 || !path.length) {
    const parent = !path.length || rng.chance(0.8) ? activeLeaf(root) : rng.pick(path).id;
    const author = rng.pick(PEOPLE);
    const generated = author !== 'user' && rng.chance(0.6);
    const basis = rng.chance(0.85) ? views.historyThrough(author, parent) : 'wrong';
    appendTurn(root, {
      id: `t${step}`,
      author,
      text: `${author} says ${step}`,
      origin: generated ? 'generated' : 'authored',
      createdAt: at(tick++),
      parent,
      ...(generated ? { basis } : {}),
    });
  } else if (roll < 0.8) {
    const n = rng.pick(path);
    const audiences = [...n.pov.keys()];
    if (!audiences.length) return;
    const audience = rng.pick(audiences);
    const expected = n.pov.get(audience)?.expected ?? '';
    writePov(root, n.id, audience, {
      perceived: rng.chance(0.9),
      text: `${audience} saw ${step}`,
      basis: rng.chance(0.85) ? expected : 'wrong',
      origin: 'generated',
      createdAt: at(tick++),
    });
  } else if (roll < 0.93) {
    editSource(root, rng.pick(path).id, { text: `edited ${step}` });
  } else {
    setActiveLeaf(root, rng.pick([...turnsMap(a.segment(rng.pick(a.loaded())) as Y.Doc).keys()]));
  }
}

const view = (n: PathNode) => ({
  id: n.id,
  index: n.index,
  turnState: n.turnState,
  turnExpected: n.turnExpected,
  pov: n.pov,
  hist: n.hist,
  staleHist: [...n.staleHist].sort(),
});

/** B's reads, over the part of the path it holds, equal A's full pass over the same turns. */
function expectSameTail(aViews: StoryViews, bViews: StoryViews): void {
  const full = aViews.path();
  const tail = bViews.path();
  const held = new Set(tail.map((n) => n.id));
  expect(
    tail.map((n) => n.id),
    'B holds a suffix of the path',
  ).toEqual(full.slice(full.length - tail.length).map((n) => n.id));
  const byId = new Map(full.map((n) => [n.id, n]));
  for (const n of tail) expect(view(n)).toEqual(view(byId.get(n.id) as PathNode));
  expect(bViews.staleItems()).toEqual(aViews.staleItems().filter((s) => held.has(s.turnId)));
  const leaf = tail.at(-1)?.id ?? null;
  for (const who of PEOPLE) {
    expect(bViews.transcript(who)).toEqual(aViews.transcript(who).filter((e) => held.has(e.turnId)));
    expect(bViews.historyThrough(who, leaf)).toBe(aViews.historyThrough(who, leaf));
  }
}

describe('[SG7] views from boundary checkpoints equal a full pass', () => {
  for (let seed = 1; seed <= 8; seed++)
    it(`[SG7] seed ${seed}: random trees, branches and edits in old segments`, () => {
      const rng = mulberry32(7000 + seed);
      const { a, views } = fullDevice();
      let seeded = 0;
      for (let step = 0; step < 200; step++) {
        randomOp(a, views, rng, step);
        // An edit in the oldest segment every so often: every checkpoint above it is outdated.
        if (step % 40 === 39)
          editSource(a.root, views.path()[1]?.id ?? (activeLeaf(a.root) as string), { text: `old ${step}` });
        if (step % 10 !== 9) continue;
        const leaf = activeLeaf(a.root);
        const top = leaf === null ? 0 : band(turnDepth(a.root, leaf) as number);
        if (top === 0) continue;
        // Before A writes them, B has no valid checkpoint: it wants the band below.
        writeBoundaryCheckpoints(a.root, views);
        expect(writeBoundaryCheckpoints(a.root, views), 'nothing left to write').toEqual([]);
        const bands = rng.chance(0.5) ? [top] : [top - 1, top].filter((n) => n >= 0);
        const { b, views: bViews } = partialCopy(a, bands);
        expectSameTail(views, bViews);
        const first = bViews.path()[0] as PathNode;
        expect(first.index).toBe(turnDepth(b.root, first.id));
        const seedNode = first.parent;
        if (seedNode) {
          seeded++;
          expect(seedNode.seed?.from).toBe('checkpoint');
          expect(bViews.wants()).toEqual(seedNode.staleHist.size ? [band(seedNode.index)] : []);
        } else expect(bViews.wants()).toEqual([]);
        // A's next edit near the end reaches B as updates (root and segment): the same staleness.
        const relays = [a.root, ...bands.map((n) => a.segment(n) as Y.Doc)].map((from, i) => {
          const to = i === 0 ? b.root : (b.segment(bands[i - 1] as number) as Y.Doc);
          const relay = (u: Uint8Array) => Y.applyUpdate(to, u, 'remote');
          from.on('update', relay);
          return () => from.off('update', relay);
        });
        editSource(a.root, leaf as string, { text: `late edit ${step}` });
        relays.forEach((stop) => stop());
        expectSameTail(views, bViews);
        bViews.dispose();
      }
      expect(seeded, 'paths read from a checkpoint').toBeGreaterThan(2);
      views.dispose();
    });
});

describe('[SG8] inputs and the mirror of segment clocks', () => {
  it('[SG8] an edit in segment k changes the inputs of every segment above k, and none at or below', () => {
    const { a, views } = fullDevice();
    for (let i = 0; i < 5 * DEPTHS; i++)
      appendTurn(a.root, { id: `t${i}`, author: 'user', text: `${i}`, origin: 'authored', createdAt: at(i) });
    const inputs = () => [1, 2, 3, 4, 5].map((n) => segmentInputs(a.root, n));
    const before = inputs();
    editSource(a.root, `t${2 * DEPTHS + 1}`, { text: 'changed in segment 2' });
    const after = inputs();
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    for (let i = 2; i < 5; i++) expect(after[i], `inputs(${i + 1})`).not.toBe(before[i]);
    views.dispose();
  });

  it('[SG8] a write that only deletes changes the inputs above it too', () => {
    const { a, views } = fullDevice();
    userTurns(a, 2 * DEPTHS);
    const before = segmentInputs(a.root, 1);
    const seg0 = a.segment(0) as Y.Doc;
    const clock = Y.getState(seg0.store, seg0.clientID);
    editSource(a.root, 't1', { delta: [{ retain: 4 }, { delete: 2 }] });
    expect(Y.getState(seg0.store, seg0.clientID)).toBe(clock);
    expect(segmentInputs(a.root, 1)).not.toBe(before);
    views.dispose();
  });

  it('[SG8] a segment loaded with writes the mirror does not name is behind it, and repaired on load', () => {
    const a = device(1);
    createStory(a.root, { title: 'x', language: 'en', createdAt: at(0) });
    appendTurn(a.root, { id: 't0', author: 'user', text: 'x', origin: 'authored', createdAt: at(1) });
    const seg0 = a.segment(0) as Y.Doc;
    // Written without the mirror (a crash between the segment's write and the clock's).
    expect(isBehindMirror(a.root, 0, seg0)).toBe(true);
    const stop = trackSegmentWrites(a.root);
    expect(isBehindMirror(a.root, 0, seg0)).toBe(false);
    const inputs = segmentInputs(a.root, 1);
    recordSegmentWrite(a.root, 0, seg0);
    expect(segmentInputs(a.root, 1)).not.toBe(inputs);
    stop();
  });
});

describe('[SG9] a checkpoint missing or hostile', () => {
  function grown() {
    const { a, views } = fullDevice();
    for (let i = 0; i < 3 * DEPTHS; i++) {
      const author = PEOPLE[i % 3] as string;
      const generated = author !== 'user';
      appendTurn(a.root, {
        id: `t${i}`,
        author,
        text: `${author} ${i}`,
        origin: generated ? 'generated' : 'authored',
        createdAt: at(i),
        ...(generated ? { basis: views.historyThrough(author, activeLeaf(a.root)) } : {}),
      });
    }
    return { a, views };
  }

  it('[SG9] without a checkpoint the path starts at the segment and wants the one below', () => {
    const { a, views } = grown();
    const { views: bViews } = partialCopy(a, [2]);
    expect(bViews.wants()).toEqual([1]);
    expect(bViews.path()[0]?.index).toBe(2 * DEPTHS);
    writeBoundaryCheckpoints(a.root, views);
    const { b: c, views: cViews } = partialCopy(a, [2]);
    expect(cViews.wants()).toEqual([]);
    expectSameTail(views, cViews);
    // An edit in segment 0 reaches C through the root's clocks alone: its checkpoint is outdated.
    editSource(a.root, 't1', { text: 'changed long ago' });
    Y.applyUpdate(c.root, Y.encodeStateAsUpdate(a.root));
    expect(cViews.wants()).toEqual([1]);
    expect(cViews.path()[0]?.parent?.seed?.from).toBe('none');
    writeBoundaryCheckpoints(a.root, views);
    Y.applyUpdate(c.root, Y.encodeStateAsUpdate(a.root));
    expect(cViews.wants()).toEqual(views.node('t7').staleHist.size ? [1] : []);
    expectSameTail(views, cViews);
  });

  it('[SG9] each boundary names the newest chronicle checkpoint at or below it, and a seeded device reads on from it', () => {
    const { a, views } = grown();
    const cp = (id: string, turnId: string) => ({ id, turnId, commits: 1, hash: 'h', state: {} });
    // Jane's at t1, at the boundary t3 and at t5, Jess's only at t9 (band 2): boundaries at t3, t7.
    writeRecords(a.root, 'jane', 'checkpoints', [cp('j1', 't1'), cp('j3', 't3'), cp('j5', 't5')]);
    writeRecords(a.root, 'jess', 'checkpoints', [cp('s9', 't9'), cp('elsewhere', 'not-on-the-path')]);
    writeBoundaryCheckpoints(a.root, views);
    expect(readCheckpoint(a.root, `t${DEPTHS - 1}`, 1)?.chronicle).toEqual({
      jane: 'j3',
      jess: null,
      user: null,
    });
    expect(readCheckpoint(a.root, `t${2 * DEPTHS - 1}`, 2)?.chronicle).toEqual({
      jane: 'j5',
      jess: null,
      user: null,
    });
    const { b, views: bViews } = partialCopy(a, [2]);
    expect(bViews.path()[0]?.parent?.seed?.chronicle).toEqual({ jane: 'j5', jess: null, user: null });
    // B, seeded at t7, writes nothing new: what it would write is what A stored.
    expect(writeBoundaryCheckpoints(b.root, bViews)).toEqual([]);
  });

  it('[SG9] a hostile checkpoint only mis-states staleness, and a device with both sides replaces it', () => {
    const { a, views } = grown();
    writeBoundaryCheckpoints(a.root, views);
    const boundary = `t${2 * DEPTHS - 1}`;
    const key = checkpointKey(boundary, segmentInputs(a.root, 2));
    const truth = readCheckpoint(a.root, boundary, 2);
    storeCheckpoint(a.root, boundary, key, {
      depth: 2 * DEPTHS - 1,
      hist: {},
      staleHist: ['jane'],
      prefix: 'x',
      chronicle: {},
    });
    const { b, views: bViews } = partialCopy(a, [2]);
    expect(bViews.staleItems().length).toBeGreaterThan(0);
    expect(views.staleItems()).toEqual([]);
    expect(writeBoundaryCheckpoints(a.root, views)).toEqual([2]);
    expect(readCheckpoint(a.root, boundary, 2)).toEqual(truth);
    Y.applyUpdate(b.root, Y.encodeStateAsUpdate(a.root));
    expect(bViews.staleItems()).toEqual([]);
    expectSameTail(views, bViews);
  });
});

describe('[SG11] a checkpoint is written only over segments that hold what the mirror names', () => {
  it('[SG11] a device that has the root clock of an edit below but not the edit writes no checkpoint above it', () => {
    const { a, views } = fullDevice();
    for (let i = 0; i < 2 * DEPTHS; i++) {
      const author = PEOPLE[i % 2] as string;
      appendTurn(a.root, {
        id: `t${i}`,
        author,
        text: `${author} ${i}`,
        origin: 'authored',
        createdAt: at(i),
      });
    }
    writeBoundaryCheckpoints(a.root, views);
    const { b, views: bViews } = partialCopy(a, [0, 1]);
    trackSegmentWrites(b.root);
    // A edits segment 0; B hears the root (the mirror's new clock) before the segment's own update.
    const rootAt = Y.encodeStateVector(a.root);
    const segmentAt = Y.encodeStateVector(a.segment(0) as Y.Doc);
    editSource(a.root, 't1', { text: 'changed long ago' });
    Y.applyUpdate(b.root, Y.encodeStateAsUpdate(a.root, rootAt));
    expect(writeBoundaryCheckpoints(b.root, bViews), 'nothing written from the old content').toEqual([]);
    Y.applyUpdate(b.segment(0) as Y.Doc, Y.encodeStateAsUpdate(a.segment(0) as Y.Doc, segmentAt));
    expect(writeBoundaryCheckpoints(b.root, bViews)).toEqual([1]);
    writeBoundaryCheckpoints(a.root, views);
    expect(readCheckpoint(b.root, `t${DEPTHS - 1}`, 1)).toEqual(readCheckpoint(a.root, `t${DEPTHS - 1}`, 1));
    Y.applyUpdate(a.root, Y.encodeStateAsUpdate(b.root));
    expect(writeBoundaryCheckpoints(a.root, views), 'both wrote the same value').toEqual([]);
  });

  it("[SG12] a write that only deletes is counted apart: the writer's segment is never behind its own mirror", () => {
    const { a, views } = fullDevice();
    userTurns(a, 2 * DEPTHS);
    const seg0 = a.segment(0) as Y.Doc;
    const before = segmentInputs(a.root, 1);
    editSource(a.root, 't1', { delta: [{ retain: 4 }, { delete: 2 }] });
    editSource(a.root, 't1', { delta: [{ delete: 1 }] });
    expect(segmentInputs(a.root, 1)).not.toBe(before);
    expect(lagsMirror(a.root, 0, seg0)).toBe(false);
    expect(writeBoundaryCheckpoints(a.root, views)).toEqual([1]);
  });

  it("[SG12] a clock repaired on load never takes the place of its writer's newer one", () => {
    const { a, views } = fullDevice();
    userTurns(a, 2 * DEPTHS);
    writeBoundaryCheckpoints(a.root, views);
    const rootBefore = Y.encodeStateAsUpdate(a.root);
    editSource(a.root, 't1', { text: 'first edit' });
    // B has the segment with A's edit but the root from before its clock: loading it repairs the mirror.
    const b = device(9);
    Y.applyUpdate(b.root, rootBefore);
    for (const n of [0, 1]) {
      const doc = new Y.Doc({ guid: `story~${n}` });
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(a.segment(n) as Y.Doc));
      b.add(n, doc);
    }
    trackSegmentWrites(b.root);
    const bViews = createStoryViews(b.root);
    // A writes again meanwhile; B writes its checkpoint from the first edit.
    editSource(a.root, 't1', { text: 'second edit' });
    expect(writeBoundaryCheckpoints(b.root, bViews)).toEqual([1]);
    const bInputs = segmentInputs(b.root, 1);
    Y.applyUpdate(a.root, Y.encodeStateAsUpdate(b.root));
    Y.applyUpdate(b.root, Y.encodeStateAsUpdate(a.root));
    expect(segmentInputs(a.root, 1), "A's second edit is named").not.toBe(bInputs);
    expect(segmentInputs(b.root, 1)).toBe(segmentInputs(a.root, 1));
  });
});
