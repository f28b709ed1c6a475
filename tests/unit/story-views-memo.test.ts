// The derived views keep nodes, the last path walked, each audience's transcript and every turn's
// children between reads. After any mix of edits, local or arriving from a peer in any order, a
// views object that lived through them must read exactly as one built afresh from the document.
import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { acceptStale } from '../../src/driver/views/keep.ts';
import { writePov } from '../../src/driver/doc/pov.ts';
import { turnsMap } from '../../src/driver/doc/story-doc.ts';
import { activeLeaf } from '../../src/driver/doc/turns.ts';
import { listParticipants } from '../../src/driver/doc/participants.ts';
import { createStoryViews, type PathNode, type StoryViews } from '../../src/driver/views/story-views.ts';
import { mulberry32, type Rng } from '../support/prng.ts';
import { isoAt } from '../support/story-fixture.ts';
import { peers, randomOp } from '../support/story-mesh.ts';

const STEPS = 250;
const READS_PER_STEP = 3;

const summary = (n: PathNode) => ({
  id: n.id,
  index: n.index,
  parent: n.parent?.id ?? null,
  turn: n.turn,
  turnExpected: n.turnExpected,
  turnState: n.turnState,
  pov: n.pov,
  hist: n.hist,
  staleHist: [...n.staleHist].sort(),
});

/** One read, picked at random, of both views objects: what each returns must be equal. */
function randomRead(doc: Y.Doc, rng: Rng): (views: StoryViews) => unknown {
  const turns = [...turnsMap(doc).keys()].sort();
  const people = listParticipants(doc)
    .map((p) => p.id)
    .sort();
  const leaf = rng.chance(0.6) || !turns.length ? activeLeaf(doc) : rng.chance(0.1) ? null : rng.pick(turns);
  const leafPresent = leaf !== null && turns.includes(leaf);
  const who = rng.pick(people);
  switch (rng.int(7)) {
    case 0:
      return (v) => v.path(leaf).map(summary);
    case 1: {
      const before = turns.length && rng.chance(0.7) ? rng.pick(turns) : undefined;
      return (v) => v.transcript(who, { leaf, ...(before === undefined ? {} : { before }) });
    }
    case 2:
      return (v) => v.staleItems(leaf);
    case 3:
      return (v) => v.missing(who, leaf);
    case 4:
      return (v) => (leafPresent ? summary(v.node(leaf)) : v.historyThrough(who, null));
    case 5:
      return (v) => (leaf === null || leafPresent ? v.historyThrough(who, leaf) : null);
    default: {
      const parent = turns.length && rng.chance(0.8) ? rng.pick(turns) : null;
      return (v) => v.children(parent);
    }
  }
}

/** A POV record written with the basis the views expect, or the stale items accepted: fresh items too. */
function freshWrite(doc: Y.Doc, views: StoryViews, rng: Rng, step: number): void {
  if (rng.chance(0.3)) {
    acceptStale(doc, views);
    return;
  }
  const path = views.path();
  if (!path.length) return;
  const n = rng.pick(path);
  const audiences = [...n.pov.keys()].sort();
  if (!audiences.length) return;
  const audience = rng.pick(audiences);
  const expected = n.pov.get(audience)?.expected ?? '';
  writePov(doc, n.id, audience, {
    perceived: true,
    text: `seen fresh ${step}`,
    basis: expected,
    origin: 'generated',
    createdAt: isoAt(step),
  });
}

describe('[D4][D8] views kept between reads read as a fresh computation', () => {
  for (let seed = 1; seed <= Number(process.env.SEEDS ?? 12); seed++) {
    it(`[D4][D8] seed ${seed}: ${STEPS} random operations on 2 devices, compared after each`, () => {
      const rng = mulberry32(1000 + seed);
      const { docs, mesh } = peers(2, `memo-${seed}`);
      const kept = docs.map(createStoryViews);
      let tick = 100;
      const clock = () => isoAt(tick++);
      for (let step = 0; step < STEPS; step++) {
        const peer = rng.int(docs.length);
        const doc = docs[peer] as Y.Doc;
        if (rng.chance(0.2)) freshWrite(doc, kept[peer] as StoryViews, rng, step);
        else randomOp(doc, peer, step, rng, clock);
        if (rng.chance(0.35)) mesh.deliverSome(rng.int(docs.length), 1 + rng.int(6), rng);
        const at = rng.int(docs.length);
        const fresh = createStoryViews(docs[at] as Y.Doc);
        for (let r = 0; r < READS_PER_STEP; r++) {
          const read = randomRead(docs[at] as Y.Doc, rng);
          expect(read(kept[at] as StoryViews), `seed ${seed} step ${step} read ${r}`).toEqual(read(fresh));
        }
        fresh.dispose();
      }
      kept.forEach((v) => v.dispose());
    });
  }
});
