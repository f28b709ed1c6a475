// Several devices editing one story at once: every update reaches every peer in a seeded-random
// order, and once all are delivered every device exports the same story (D2, D8).
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { turnsMap } from '../../src/driver/doc/story-doc.ts';
import { listParticipants, presentIds, setPresent } from '../../src/driver/doc/participants.ts';
import {
  activeLeaf,
  appendTurn,
  editSource,
  hasTurn,
  readTurn,
  replaceSource,
} from '../../src/driver/doc/turns.ts';
import { clearPov, editPovText, markPerceivedNothing, writePov } from '../../src/driver/doc/pov.ts';
import { childrenOf, pathTo, setActiveLeaf } from '../../src/driver/doc/tree.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { createStoryViews } from '../../src/driver/story-views.ts';
import { mulberry32, type Rng } from '../support/prng.ts';
import { USER, isoAt, makeStory } from '../support/story-fixture.ts';

const NET = Symbol('net');

/** Full-mesh in-memory connector: each local update is queued for every other peer until delivered. */
class Mesh {
  readonly queues: Uint8Array[][];
  constructor(readonly docs: Y.Doc[]) {
    this.queues = docs.map(() => []);
    docs.forEach((doc, i) =>
      doc.on('update', (u: Uint8Array, origin: unknown) => {
        if (origin === NET) return;
        this.queues.forEach((q, j) => j !== i && q.push(u));
      }),
    );
  }
  /** Delivers up to `n` queued updates to peer `to`, picked in random order. */
  deliverSome(to: number, n: number, rng: Rng): void {
    const q = this.queues[to] as Uint8Array[];
    for (let k = 0; k < n && q.length; k++) {
      const [u] = q.splice(rng.int(q.length), 1);
      Y.applyUpdate(this.docs[to] as Y.Doc, u as Uint8Array, NET);
    }
  }
  flush(rng: Rng): void {
    while (this.queues.some((q) => q.length)) this.docs.forEach((_, i) => this.deliverSome(i, Infinity, rng));
  }
}

/** `n` devices holding the same fresh story; client ids are fixed so that a seed replays exactly. */
function peers(n: number, guid: string): { docs: Y.Doc[]; mesh: Mesh } {
  const origin = makeStory({ guid, clientID: 1 });
  origin.views.dispose();
  const docs = [origin.doc];
  for (let i = 1; i < n; i++) {
    const d = new Y.Doc({ guid });
    d.clientID = i + 1;
    Y.applyUpdate(d, Y.encodeStateAsUpdate(origin.doc), NET);
    docs.push(d);
  }
  return { docs, mesh: new Mesh(docs) };
}

const WORDS = ['gate', ' rain', 'Jane', '，', '门', ' *quietly*', '!', ' the'];

function randomOp(doc: Y.Doc, peer: number, step: number, rng: Rng, clock: () => string): void {
  const turnIds = [...turnsMap(doc).keys()].sort();
  const someTurn = () => rng.pick(turnIds);
  const append = (parent: string | null) => {
    const present = presentIds(doc).sort();
    if (!present.length) return;
    const generated = rng.chance(0.5);
    appendTurn(doc, {
      id: `p${peer}-${step}`,
      author: rng.pick(present),
      text: `${rng.pick(WORDS)} ${step}`,
      origin: generated ? 'generated' : 'authored',
      ...(generated ? { basis: `b${step}` } : {}),
      createdAt: clock(),
      parent,
    });
  };
  const kind = turnIds.length ? rng.int(9) : 0;
  switch (kind) {
    case 0:
    case 1: {
      const leaf = activeLeaf(doc);
      // The active leaf may name a turn whose creation has not arrived yet.
      if (leaf === null || hasTurn(doc, leaf)) append(leaf);
      return;
    }
    case 2: {
      const id = someTurn();
      const len = readTurn(doc, id).source.length;
      const at = rng.int(len + 1);
      const retain = at ? [{ retain: at }] : [];
      if (rng.chance(0.6) || at === len) editSource(doc, id, [...retain, { insert: rng.pick(WORDS) }]);
      else editSource(doc, id, [...retain, { delete: 1 + rng.int(Math.min(4, len - at)) }]);
      return;
    }
    case 3: {
      const t = readTurn(doc, someTurn());
      const others = t.audiences.filter((a) => a !== t.author).sort();
      if (!others.length) return;
      const perceived = rng.chance(0.8);
      writePov(doc, t.id, rng.pick(others), {
        perceived,
        text: perceived ? `seen ${step}` : '',
        basis: `b${step}`,
        origin: 'generated',
        createdAt: clock(),
      });
      return;
    }
    case 4: {
      const t = readTurn(doc, someTurn());
      const withRecords = Object.keys(t.pov).sort();
      if (!withRecords.length) return;
      const a = rng.pick(withRecords);
      const r = rng.int(3);
      if (r === 0) editPovText(doc, t.id, a, { delta: [{ insert: `${rng.pick(WORDS)} ` }] }, `e${step}`);
      else if (r === 1) markPerceivedNothing(doc, t.id, a, `e${step}`);
      else if (rng.chance(0.5)) clearPov(doc, t.id, a);
      else editPovText(doc, t.id, a, { text: `rewritten ${step}` }, `e${step}`);
      return;
    }
    case 5:
      append(someTurn()); // branch from an earlier turn
      return;
    case 6:
      setActiveLeaf(doc, someTurn());
      return;
    case 7: {
      const p = rng.pick(listParticipants(doc).sort((x, y) => (x.id < y.id ? -1 : 1)));
      setPresent(doc, p.id, !p.present);
      return;
    }
    default:
      replaceSource(doc, someTurn(), `${rng.pick(WORDS)} replaced ${step}`);
  }
}

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
            path: pathTo(d),
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
      expect(childrenOf(d, 'root')).toEqual(['from-a', 'from-b']);
      expect(pathTo(d, 'from-a-2')).toEqual(['root', 'from-a', 'from-a-2']);
      expect(pathTo(d, 'from-b')).toEqual(['root', 'from-b']);
      expect(['from-a-2', 'from-b']).toContain(activeLeaf(d));
      expect(pathTo(d).length).toBeGreaterThan(1);
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
    replaceSource(a, 't', 'The old gate is shut.');
    replaceSource(b, 't', 'The gate is shut tight.');
    mesh.flush(rng);
    expect(readTurn(a, 't').source).toBe('The old gate is shut tight.');
    expect(readTurn(b, 't').source).toBe('The old gate is shut tight.');
  });
});
