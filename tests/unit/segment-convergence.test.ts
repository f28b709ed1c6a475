// Three devices over a segmented story (docs/design/segmented-story.md §3 WP6): bands of 5 depths so a
// run crosses many boundaries; appends, branches into old segments, edits of old sources, projections
// and "keep as is", unloads and loads from the device's own copy, a migration from one document in the
// middle (two devices at once) and a device of the older layout writing into the root after it (the
// sweep); every update reaches every peer in a seeded-random order per document. Once all is delivered
// every device exports the same story, every turn sits in its band's segment only, nothing is unreadable,
// the boundary checkpoints verify, and each path is a chain from a root. A hostile peer writing into
// segment documents among honest ones: they read, converge and list what cannot be read.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { turnsMap } from '../../src/driver/doc/story-doc.ts';
import { readLeafRef } from '../../src/driver/doc/leaf-ref.ts';
import { turnDepth } from '../../src/driver/doc/turns.ts';
import { setActiveLeaf } from '../../src/driver/doc/tree.ts';
import { bandOf } from '../../src/driver/doc/segment-turns.ts';
import { createStorySet, type OwnedStorySet } from '../../src/driver/doc/story-set.ts';
import { sweepRootTurns } from '../../src/driver/doc/split-segments.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { createStoryViews, type PathNode, type StoryViews } from '../../src/driver/views/story-views.ts';
import { storyProblems } from '../../src/driver/views/story-problems.ts';
import { readCheckpoint, writeBoundaryCheckpoints } from '../../src/driver/views/boundary-checkpoint.ts';
import { CHECKPOINTS_KEY } from '../../src/driver/doc/segment-checkpoints.ts';
import { mulberry32, type Rng } from '../support/prng.ts';
import { isoAt } from '../support/story-fixture.ts';
import { randomOp } from '../support/story-mesh.ts';
import { segmentPeers, type Device, type SegmentMesh } from '../support/segment-mesh.ts';
import { randomSegmentHostileOp, randomSegmentOp } from '../support/segment-ops.ts';

const DEPTHS = 5;
const OPS = 300;
/** Steps between quiet moments, when every update is delivered and the checkpoints are checked. */
const QUIET_EVERY = 75;
const PEOPLE = ['user', 'jane', 'jess'];

/** One step of device `d`: today's edits while it has the older layout, else a segmented one. */
function step(mesh: SegmentMesh, d: Device, at: number, rng: Rng, clock: () => string): void {
  if (!d.set || !d.views) return randomOp(d.root, d.index, at, rng, clock);
  randomSegmentOp(mesh, d, at, rng, clock);
  // What the worker runs after a command that wrote to the story.
  if (rng.chance(0.3)) writeBoundaryCheckpoints(d.root, d.views);
}

/** Every device loads what it unloaded, takes every update, and sweeps its root, until nothing moves. */
function settle(mesh: SegmentMesh, devices: readonly Device[], rng: Rng): void {
  for (let round = 0; round < 10; round++) {
    for (const d of mesh.devices) mesh.loadAll(d);
    mesh.flush(rng);
    const sweeping = devices.filter((d) => d.set && turnsMap(d.root).size);
    for (const d of sweeping) sweepRootTurns(d.set as OwnedStorySet);
    if (!sweeping.length && mesh.queues.every((q) => !q.length)) return;
  }
  throw new Error('the devices did not settle');
}

/** The boundary nodes of a path (the last turn of a band, with the next turn on the path after it). */
const boundaries = (path: readonly PathNode[]) =>
  path.slice(0, -1).filter((n) => n.index % DEPTHS === DEPTHS - 1);

/** A copy of device `d`'s root and every segment it holds, with no checkpoint stored, and its views. */
function fullCopy(d: Device) {
  const root = new Y.Doc({ guid: d.root.guid });
  Y.applyUpdate(root, Y.encodeStateAsUpdate(d.root));
  root.getMap(CHECKPOINTS_KEY).clear();
  const set = createStorySet(root, undefined, { depths: DEPTHS });
  for (const n of (d.set as OwnedStorySet).loaded()) {
    const doc = new Y.Doc({ guid: `${root.guid}~${n}` });
    Y.applyUpdate(doc, Y.encodeStateAsUpdate((d.set as OwnedStorySet).segment(n) as Y.Doc));
    set.add(n, doc);
  }
  return { root, set, views: createStoryViews(root) };
}

/**
 * Every stored checkpoint on device `d`'s path that is valid now says what a full pass over the same
 * documents writes (a copy without checkpoints, every band of the path loaded). Returns how many.
 */
function verifiedCheckpoints(d: Device): number {
  const path = (d.views as StoryViews).path();
  const full = fullCopy(d);
  writeBoundaryCheckpoints(full.root, full.views);
  let verified = 0;
  for (const node of boundaries(path)) {
    const n = bandOf(d.set as OwnedStorySet, node.index) + 1;
    const stored = readCheckpoint(d.root, node.id, n);
    if (!stored) continue;
    expect(stored, `device ${d.index}'s checkpoint after ${node.id}`).toEqual(
      readCheckpoint(full.root, node.id, n),
    );
    verified++;
  }
  full.views.dispose();
  return verified;
}

/** A new device holding the root and only the leaf's segment, seeded from the checkpoints. */
function leafOnlyCopy(d: Device) {
  const root = new Y.Doc({ guid: d.root.guid });
  Y.applyUpdate(root, Y.encodeStateAsUpdate(d.root));
  const set = createStorySet(root, undefined, { depths: DEPTHS });
  const band = bandOf(set, readLeafRef(root)?.depth ?? 0);
  const seg = new Y.Doc({ guid: `${root.guid}~${band}` });
  Y.applyUpdate(seg, Y.encodeStateAsUpdate(d.set?.segment(band) as Y.Doc));
  set.add(band, seg);
  return createStoryViews(root);
}

/** The partial device's reads over the part of the path it holds equal the full pass over it. */
function expectSameTail(full: StoryViews, part: StoryViews): void {
  const path = full.path();
  const tail = part.path();
  const held = new Set(tail.map((n) => n.id));
  expect(tail.map((n) => n.id)).toEqual(path.slice(path.length - tail.length).map((n) => n.id));
  const byId = new Map(path.map((n) => [n.id, n]));
  for (const n of tail) {
    const f = byId.get(n.id) as PathNode;
    expect([n.index, n.turnState, [...n.staleHist].sort(), n.hist]).toEqual([
      f.index,
      f.turnState,
      [...f.staleHist].sort(),
      f.hist,
    ]);
  }
  expect(part.staleItems()).toEqual(full.staleItems().filter((s) => held.has(s.turnId)));
  const leaf = tail.at(-1)?.id ?? null;
  for (const who of PEOPLE) expect(part.historyThrough(who, leaf)).toBe(full.historyThrough(who, leaf));
}

/** Where device `d` stores each turn: its band's segment, once; nothing left in the root. */
function expectPlaced(d: Device): number {
  const set = d.set as OwnedStorySet;
  expect(turnsMap(d.root).size, `device ${d.index}'s root holds no turns`).toBe(0);
  const home = new Map<string, number>();
  for (const n of set.loaded())
    for (const [id, m] of turnsMap(set.segment(n) as Y.Doc).entries()) {
      expect(m).toBeInstanceOf(Y.Map);
      expect(bandOf(set, m.get('depth') as number), `${id} at depth ${m.get('depth')}`).toBe(n);
      expect(home.get(id), `${id} in two segments`).toBeUndefined();
      home.set(id, n);
    }
  return home.size;
}

/** The active path as a chain from a root: each turn's parent the one before it, its index its depth. */
function expectChain(d: Device): string[] {
  const path = (d.views as StoryViews).path();
  path.forEach((n, i) => {
    expect(n.index).toBe(i);
    expect(n.turn.parent).toBe(i ? (path[i - 1] as PathNode).id : null);
  });
  expect(path.at(-1)?.id).toBe(readLeafRef(d.root)?.id);
  return path.map((n) => n.id);
}

/** The deepest readable turn of a device (the least id of those): the end of the longest branch. */
function deepest(d: Device): string {
  const set = d.set as OwnedStorySet;
  const turns = set
    .loaded()
    .flatMap((n) => [...turnsMap(set.segment(n) as Y.Doc).keys()])
    .map((id) => ({ id, depth: turnDepth(d.root, id) ?? -1 }))
    .sort((x, y) => y.depth - x.depth || (x.id < y.id ? -1 : 1));
  return (turns[0] as { id: string }).id;
}

describe('[SG10] three devices over a segmented story converge', () => {
  for (let seed = 1; seed <= Number(process.env.SEEDS ?? 24); seed++)
    it(`[SG10] seed ${seed}: ${OPS} operations, a migration on two devices and a late v1 writer`, async () => {
      const rng = mulberry32(seed);
      const mesh = segmentPeers(3, `story-${seed}`);
      const [a, late, b] = mesh.devices as [Device, Device, Device];
      const migrateA = 30 + rng.int(30);
      const migrateB = migrateA + rng.int(15);
      const upgradeLate = 170 + rng.int(60);
      let tick = 100;
      const clock = () => isoAt(tick++);
      for (let at = 0; at < OPS; at++) {
        if (at === migrateA) await mesh.upgrade(a, DEPTHS);
        if (at === migrateB) await mesh.upgrade(b, DEPTHS);
        if (at === upgradeLate) await mesh.upgrade(late, DEPTHS);
        step(mesh, rng.pick(mesh.devices), at, rng, clock);
        if (rng.chance(0.35)) mesh.deliverSome(rng.int(3), 1 + rng.int(6), rng);
        // A quiet moment: what each device writes from the updates it has so far (some of a segment's
        // may be missing, its root clock here already) holds once every update is delivered.
        if (at % QUIET_EVERY === QUIET_EVERY - 1) {
          for (const d of mesh.devices) mesh.loadAll(d);
          for (const d of mesh.devices) if (d.views) writeBoundaryCheckpoints(d.root, d.views);
          mesh.flush(rng);
          for (const d of mesh.devices) if (d.views) verifiedCheckpoints(d);
        }
      }
      settle(mesh, mesh.devices, rng);

      const exports = mesh.devices.map((d) => JSON.stringify(exportStory(d.root)));
      expect(new Set(exports).size, 'one export on every device').toBe(1);
      const turns = mesh.devices.map(expectPlaced);
      expect(turns[0]).toBeGreaterThan(15);
      expect(turns).toEqual(turns.map(() => JSON.parse(exports[0] as string).turns.length));
      for (const d of mesh.devices) expect(storyProblems(d.root)).toEqual([]);
      const paths = mesh.devices.map(expectChain);
      expect(paths[1]).toEqual(paths[0]);
      expect(paths[2]).toEqual(paths[0]);
      const stale = mesh.devices.map((d) => (d.views as StoryViews).staleItems());
      expect(stale[1]).toEqual(stale[0]);
      expect(stale[2]).toEqual(stale[0]);

      // What the devices wrote during the run and is still valid says what a full pass says.
      for (const d of mesh.devices) verifiedCheckpoints(d);
      // The story's deepest turn becomes the leaf, so the path crosses every band; once one device
      // writes its checkpoints, every device agrees with them and a new device starts from them.
      setActiveLeaf(a.root, deepest(a));
      mesh.flush(rng);
      const crossed = boundaries((a.views as StoryViews).path()).length;
      expect(crossed).toBeGreaterThan(0);
      for (const d of mesh.devices) verifiedCheckpoints(d);
      writeBoundaryCheckpoints(a.root, a.views as StoryViews);
      mesh.flush(rng);
      for (const d of mesh.devices)
        expect(writeBoundaryCheckpoints(d.root, d.views as StoryViews), `device ${d.index}`).toEqual([]);
      expect(verifiedCheckpoints(b)).toBe(crossed);
      const part = leafOnlyCopy(late);
      expectSameTail(late.views as StoryViews, part);
      part.dispose();
    });
});

/** Everything an honest device reads of a segmented story to show it; each read returns, never throws. */
function readAll(d: Device) {
  const views = d.views as StoryViews;
  const set = d.set as OwnedStorySet;
  const stored = set.loaded().reduce((sum, n) => sum + turnsMap(set.segment(n) as Y.Doc).size, 0);
  const path = views.path();
  // Each walk is bounded: a path holds every turn at most once.
  expect(path.length).toBeLessThanOrEqual(stored);
  expect(new Set(path.map((n) => n.id)).size).toBe(path.length);
  const cast = views.cast();
  return {
    path: path.map((n) => [n.id, n.index]),
    stale: views.staleItems(),
    transcripts: cast.participants.map((p) => views.transcript(p.id)),
    missing: cast.participants.map((p) => views.missing(p.id)),
    nodes: views.everyNode().length,
    wants: views.wants(),
    problems: [...storyProblems(d.root)].map((p) => JSON.stringify(p)).sort(),
  };
}

const HOSTILE_SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
/** Fewer steps than the honest runs: every hostile record is read around on every read. */
const HOSTILE_OPS = 200;
/** The story grows honestly first, so the hostile writes land in one with bands, branches and views. */
const HOSTILE_FROM = 60;

describe('[SG10][U4] a hostile peer writing into segment documents among honest ones', () => {
  for (const seed of HOSTILE_SEEDS)
    it(`[SG10][U4] seed ${seed}: the honest devices read throughout, converge and list what cannot be read`, async () => {
      const rng = mulberry32(5000 + seed);
      const mesh = segmentPeers(4, `hostile-${seed}`);
      for (const d of mesh.devices) await mesh.upgrade(d, DEPTHS);
      const honest = mesh.devices.slice(0, 3);
      const hostile = mesh.devices[3] as Device;
      let tick = 100;
      const clock = () => isoAt(tick++);
      for (let at = 0; at < HOSTILE_OPS; at++) {
        if (at > HOSTILE_FROM && rng.chance(0.15)) randomSegmentHostileOp(hostile, rng, at);
        else step(mesh, rng.pick(honest), at, rng, clock);
        if (rng.chance(0.4)) mesh.deliverSome(rng.int(4), 1 + rng.int(6), rng);
        if (rng.chance(0.05)) readAll(rng.pick(honest));
      }
      settle(mesh, honest, rng);
      for (const d of honest) writeBoundaryCheckpoints(d.root, d.views as StoryViews);
      mesh.flush(rng);
      const exports = honest.map((d) => JSON.stringify(exportStory(d.root)));
      expect(new Set(exports).size, 'one export on every honest device').toBe(1);
      const reads = honest.map(readAll);
      expect(reads[1]).toEqual(reads[0]);
      expect(reads[2]).toEqual(reads[0]);
      expect(reads[0]?.problems.length, 'what cannot be read is listed').toBeGreaterThan(0);
      // The views that lived through it read as those of a copy made afresh from the same documents.
      const copy = fullCopy(honest[0] as Device);
      const fresh = { index: 9, ...copy, stored: new Map(), sessions: 0 };
      expect(readAll(fresh)).toEqual(reads[0]);
    });
});
