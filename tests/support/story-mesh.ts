// Several devices holding one story: a full-mesh in-memory connector that delivers each update to
// every peer in a seeded-random order, and random edits of every kind a device can make.
import * as Y from 'yjs';
import { turnsMap } from '../../src/driver/doc/story-doc.ts';
import { listParticipants, presentIds, setPresent } from '../../src/driver/doc/participants.ts';
import { activeLeaf, appendTurn, editSource, hasTurn, readTurn } from '../../src/driver/doc/turns.ts';
import { clearPov, editPovText, markPerceivedNothing, writePov } from '../../src/driver/doc/pov.ts';
import { setActiveLeaf } from '../../src/driver/doc/tree.ts';
import type { Rng } from './prng.ts';
import { makeStory } from './story-fixture.ts';

const NET = Symbol('net');

/** Full-mesh in-memory connector: each local update is queued for every other peer until delivered. */
export class Mesh {
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
export function peers(n: number, guid: string): { docs: Y.Doc[]; mesh: Mesh } {
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

export function randomOp(doc: Y.Doc, peer: number, step: number, rng: Rng, clock: () => string): void {
  // Only turns this device can read: an honest device edits what it shows.
  const turnIds = [...turnsMap(doc).keys()].filter((id) => hasTurn(doc, id)).sort();
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
      if (rng.chance(0.6) || at === len)
        editSource(doc, id, { delta: [...retain, { insert: rng.pick(WORDS) }] });
      else editSource(doc, id, { delta: [...retain, { delete: 1 + rng.int(Math.min(4, len - at)) }] });
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
      const people = listParticipants(doc).sort((x, y) => (x.id < y.id ? -1 : 1));
      if (!people.length) return; // a hostile peer left none readable
      const p = rng.pick(people);
      setPresent(doc, p.id, !p.present);
      return;
    }
    default:
      editSource(doc, someTurn(), { text: `${rng.pick(WORDS)} replaced ${step}` });
  }
}
