// Several devices editing one story at once: every update reaches every peer in a seeded-random
// order, and once all are delivered every device exports the same story (D2, D8).
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendTurn, activeLeaf, readTurn, editSource } from '../../src/driver/doc/turns.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { createStoryViews } from '../../src/driver/views/story-views.ts';
import { mulberry32 } from '../support/prng.ts';
import { USER, childIds, isoAt, pathIds } from '../support/story-fixture.ts';
import { peers, randomOp } from '../support/story-mesh.ts';

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
