// Several devices editing one story at once: every update reaches every peer in a seeded-random
// order, and once all are delivered every device exports the same story (D2, D8). A hostile device
// among them writes random structure: the honest ones still read, converge and list their stories (U4).
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendTurn, activeLeaf, readTurn, editSource } from '../../src/driver/doc/turns.ts';
import { turnsMap } from '../../src/driver/doc/story-doc.ts';
import { listStories, putStoryEntry } from '../../src/driver/doc/library-doc.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { createStoryViews, type StoryViews } from '../../src/driver/views/story-views.ts';
import { storyProblems } from '../../src/driver/views/story-problems.ts';
import { followStoryListing } from '../../src/workers/host/story-listing.ts';
import { mulberry32 } from '../support/prng.ts';
import { USER, childIds, isoAt, pathIds } from '../support/story-fixture.ts';
import { peers, randomOp } from '../support/story-mesh.ts';
import { loopActivePath, randomHostileOp } from '../support/hostile-peer.ts';

describe('[D2][D8] concurrent editing converges', () => {
  for (let seed = 1; seed <= Number(process.env.SEEDS ?? 24); seed++) {
    it(
      `[D2][D8] seed ${seed}: 300 random operations on 3 devices export the same story`,
      { timeout: 30_000 },
      () => {
        const rng = mulberry32(seed);
        const { docs, mesh } = peers(3, `story-${seed}`);
        let tick = 100;
        const clock = () => isoAt(tick++);
        for (let step = 0; step < 300; step++) {
          const peer = rng.int(docs.length);
          randomOp(docs[peer] as Y.Doc, peer, step, rng, clock);
          if (rng.chance(0.35)) mesh.deliverSome(rng.int(docs.length), 1 + rng.int(6), rng);
        }
        mesh.flush(rng);
        const exports = docs.map(exportStory);
        expect(exports[0]?.turns.length).toBeGreaterThan(20);
        expect(exports[1]).toEqual(exports[0]);
        expect(exports[2]).toEqual(exports[0]);
        // Byte-identical too: a converged story exports the same file on every device.
        expect(new Set(exports.map((e) => JSON.stringify(e))).size).toBe(1);
        // The derived views agree too, and every path is a chain from a root.
        const derived = docs.map((d) => {
          const v = createStoryViews(d);
          const out = {
            path: pathIds(d),
            stale: v.staleItems(),
            user: v.transcript(USER),
            nodes: v.everyNode().length,
          };
          v.dispose();
          return out;
        });
        expect(derived[1]).toEqual(derived[0]);
        expect(derived[2]).toEqual(derived[0]);
        expect(derived[0]?.nodes).toBe(exports[0]?.turns.length);
      },
    );
  }
});

describe('[D2] two devices appending at the same leaf', () => {
  it('[D2] become sibling branches, each path a proper chain', () => {
    const rng = mulberry32(7);
    const { docs, mesh } = peers(2, 'siblings');
    const [a, b] = docs as [Y.Doc, Y.Doc];
    appendTurn(a, { id: 'root', author: USER, text: 'I knock.', origin: 'authored', createdAt: isoAt(10) });
    mesh.flush(rng);
    appendTurn(a, {
      id: 'from-a',
      author: 'jane',
      text: 'I open.',
      origin: 'authored',
      createdAt: isoAt(11),
    });
    appendTurn(a, {
      id: 'from-a-2',
      author: USER,
      text: 'I enter.',
      origin: 'authored',
      createdAt: isoAt(13),
    });
    appendTurn(b, {
      id: 'from-b',
      author: 'jess',
      text: 'I shout.',
      origin: 'authored',
      createdAt: isoAt(12),
    });
    mesh.flush(rng);
    for (const d of docs) {
      expect(childIds(d, 'root')).toEqual(['from-a', 'from-b']);
      expect(pathIds(d, 'from-a-2')).toEqual(['root', 'from-a', 'from-a-2']);
      expect(pathIds(d, 'from-b')).toEqual(['root', 'from-b']);
      expect(['from-a-2', 'from-b']).toContain(activeLeaf(d));
      expect(pathIds(d).length).toBeGreaterThan(1);
    }
    expect(activeLeaf(b)).toBe(activeLeaf(a));
    expect(exportStory(b)).toEqual(exportStory(a));
  });

  it('[D8] concurrent replacements of one source merge character-wise', () => {
    const rng = mulberry32(8);
    const { docs, mesh } = peers(2, 'merge');
    const [a, b] = docs as [Y.Doc, Y.Doc];
    appendTurn(a, {
      id: 't',
      author: USER,
      text: 'The gate is shut.',
      origin: 'authored',
      createdAt: isoAt(10),
    });
    mesh.flush(rng);
    editSource(a, 't', { text: 'The old gate is shut.' });
    editSource(b, 't', { text: 'The gate is shut tight.' });
    mesh.flush(rng);
    expect(readTurn(a, 't').source).toBe('The old gate is shut tight.');
    expect(readTurn(b, 't').source).toBe('The old gate is shut tight.');
  });
});

/** Everything an honest device reads of a story to show it; each read must return, and never throw. */
function readAll(doc: Y.Doc, views: StoryViews) {
  const turns = turnsMap(doc).size;
  const path = views.path();
  // Each walk is bounded: a path holds every turn at most once, so it is never longer than the story.
  expect(path.length).toBeLessThanOrEqual(turns);
  expect(new Set(path.map((n) => n.id)).size).toBe(path.length);
  const every = views.everyNode();
  expect(every.length).toBeLessThanOrEqual(turns);
  const cast = views.cast();
  return {
    path: path.map((n) => n.id),
    stale: views.staleItems(),
    transcripts: cast.participants.map((p) => views.transcript(p.id)),
    missing: cast.participants.map((p) => views.missing(p.id)),
    chronicles: cast.participants.map((p) => views.chronicle(p.id)),
    children: path.map((n) => views.children(n.turn.parent)),
    nodes: every.length,
    meta: views.meta(),
    problems: [...storyProblems(doc)].map((p) => JSON.stringify(p)).sort(),
  };
}

const HOSTILE_SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
/** The story grows honestly first, so the hostile writes land in one with branches and views. */
const HOSTILE_FROM = 60;
const LOOP_AT = 150;

describe('[U4] a hostile peer among honest ones', () => {
  for (const seed of HOSTILE_SEEDS) {
    it(`[U4] seed ${seed}: honest devices read, converge and keep their other stories listed`, () => {
      const rng = mulberry32(1000 + seed);
      const { docs, mesh } = peers(4, `hostile-${seed}`);
      const honest = docs.slice(0, 3);
      const hostile = docs[3] as Y.Doc;
      const views = honest.map((d) => createStoryViews(d));
      // Device 0's library lists this story and two others; its listing follows the story as it changes.
      const library = new Y.Doc();
      for (const id of ['other-a', 'other-b', `hostile-${seed}`])
        putStoryEntry(library, { id, title: id, createdAt: isoAt(0), lastActivity: isoAt(0) });
      let now = 0;
      const stop = followStoryListing(
        { library, clock: () => (now += 60_000), onListed: () => undefined },
        {
          id: `hostile-${seed}`,
          doc: honest[0] as Y.Doc,
          views: views[0] as StoryViews,
          close: async () => {},
        },
      );
      let tick = 100;
      const clock = () => isoAt(tick++);
      for (let step = 0; step < 300; step++) {
        if (step === LOOP_AT) {
          // A loop through the hostile device's whole active path, besides the random ones.
          const path = pathIds(hostile);
          if (path.length > 1) loopActivePath(hostile, path[0] as string, path.at(-1) as string);
        } else if (step > HOSTILE_FROM && rng.chance(0.1)) randomHostileOp(hostile, rng, step);
        else {
          const peer = rng.int(honest.length);
          randomOp(honest[peer] as Y.Doc, peer, step, rng, clock);
        }
        if (rng.chance(0.4)) mesh.deliverSome(rng.int(docs.length), 1 + rng.int(6), rng);
        if (rng.chance(0.3)) {
          const peer = rng.int(honest.length);
          readAll(honest[peer] as Y.Doc, views[peer] as StoryViews);
        }
      }
      mesh.flush(rng);
      stop();
      const exports = honest.map(exportStory);
      expect(exports[1]).toEqual(exports[0]);
      expect(exports[2]).toEqual(exports[0]);
      // The views (and the problem list) that lived through it read as those of a copy made afresh,
      // on every honest device alike.
      const lived = honest.map((d, i) => readAll(d, views[i] as StoryViews));
      const fresh = honest.map((d) => {
        const copy = new Y.Doc({ guid: d.guid });
        Y.applyUpdate(copy, Y.encodeStateAsUpdate(d));
        return readAll(copy, createStoryViews(copy));
      });
      expect(lived).toEqual(fresh);
      expect(fresh[1]).toEqual(fresh[0]);
      expect(fresh[2]).toEqual(fresh[0]);
      expect(fresh[0]?.problems.length).toBeGreaterThan(0);
      expect(
        listStories(library)
          .map((e) => e.id)
          .sort(),
      ).toEqual(['other-a', 'other-b', `hostile-${seed}`].sort());
    });
  }
});
