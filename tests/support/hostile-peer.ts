// A peer that writes what no honest Rashomon writes into a shared story doc: parent cycles, parents
// that do not exist, wrong-typed fields in every place the readers look, and (for the fuzz) random
// structure. It writes through Yjs alone, as a collaborator's modified client could.
import * as Y from 'yjs';
import type { Rng } from './prng.ts';

const map = (doc: Y.Doc, name: string) => doc.getMap<unknown>(name);
const asMap = (v: unknown): Y.Map<unknown> | undefined => (v instanceof Y.Map ? v : undefined);

/** A turn as the doc stores it, with the fields given (a hostile peer decides each one). */
export function rawTurn(fields: Record<string, unknown>): Y.Map<unknown> {
  const m = new Y.Map<unknown>();
  for (const [k, v] of Object.entries(fields)) m.set(k, v);
  return m;
}

/** Turns whose parents loop: `x` is its own parent, `y` and `z` each other's. */
export function writeDetachedCycles(doc: Y.Doc, author: string): void {
  doc.transact(() => {
    const turns = map(doc, 'turns');
    const turn = (id: string, parent: string) =>
      rawTurn({
        parent,
        author,
        audiences: [author],
        source: new Y.Text(`loop ${id}`),
        origin: 'authored',
        createdAt: '2025-01-01T00:00:00.000Z',
        pov: new Y.Map(),
      });
    turns.set('x', turn('x', 'x'));
    turns.set('y', turn('y', 'z'));
    turns.set('z', turn('z', 'y'));
  });
}

/** The first turn's parent becomes the last: the active path loops over every turn of the story. */
export function loopActivePath(doc: Y.Doc, first: string, last: string): void {
  doc.transact(() => asMap(map(doc, 'turns').get(first))?.set('parent', last));
}

/** A turn whose parent no device has, made the active leaf. */
export function writeDanglingLeaf(doc: Y.Doc, author: string): void {
  doc.transact(() => {
    map(doc, 'turns').set(
      'dangling',
      rawTurn({
        parent: 'nowhere',
        author,
        audiences: [author],
        source: new Y.Text('A turn without a past.'),
        origin: 'authored',
        createdAt: '2025-01-01T00:00:01.000Z',
        pov: new Y.Map(),
      }),
    );
  });
}

/**
 * Wrong types where the readers look: the title a number, the settings a string, a participant's name
 * a map, a turn's source a number and another's audiences a string, a POV record a number and another
 * with a map for a basis, a whole turn a number, a chronicle record of the wrong shape.
 */
export function writeWrongTypes(
  doc: Y.Doc,
  ids: { turns: string[]; participant: string; audience: string },
): void {
  doc.transact(() => {
    const meta = map(doc, 'meta');
    meta.set('title', 42);
    const settings = asMap(meta.get('settings'));
    settings?.set('batchReprojection', 'yes');
    settings?.set('turnSelection', new Y.Map());
    const person = asMap(map(doc, 'participants').get(ids.participant));
    person?.set('name', new Y.Map());
    const chronicle = new Y.Map<unknown>();
    const entries = new Y.Map<unknown>();
    entries.set('e1', { id: 'e1', turns: 'not a list' });
    chronicle.set('entries', entries);
    asMap(map(doc, 'participants').get(ids.audience))?.set('chronicle', chronicle);
    map(doc, 'participants').set('ghost', 7);
    const turns = map(doc, 'turns');
    const [a, b, c] = ids.turns;
    if (a) asMap(turns.get(a))?.set('source', 5);
    if (b) asMap(turns.get(b))?.set('audiences', 'everyone');
    if (c) {
      const pov = asMap(asMap(turns.get(c))?.get('pov'));
      pov?.set(ids.audience, 3);
      const odd = new Y.Map<unknown>();
      odd.set('perceived', true);
      odd.set('text', new Y.Text('odd'));
      odd.set('basis', new Y.Map());
      pov?.set('someone-else', odd);
    }
    turns.set('number-turn', 12);
  });
}

const KEYS = ['parent', 'author', 'audiences', 'source', 'origin', 'basis', 'pov', 'createdAt', 'name'];
const META_KEYS = ['title', 'language', 'activeLeaf', 'schemaVersion', 'createdAt', 'settings'];
const PEOPLE_KEYS = ['name', 'kind', 'present', 'persona', 'chronicle', 'removed', 'avatar'];

/** A value of a random type: what a hostile peer puts where a field should be. */
function randomValue(rng: Rng, ids: string[]): unknown {
  switch (rng.int(9)) {
    case 0:
      return rng.int(1000) - 500;
    case 1:
      return rng.pick([...ids, 'nowhere', '']);
    case 2:
      return null;
    case 3:
      return rng.chance(0.5);
    case 4:
      return new Y.Text(`text ${rng.int(100)}`);
    case 5: {
      const m = new Y.Map<unknown>();
      m.set(rng.pick(KEYS), rng.int(10));
      return m;
    }
    case 6:
      return Y.Array.from([rng.int(5), 'x']);
    case 7:
      return [rng.pick([...ids, 'nowhere']), rng.int(3)];
    default:
      return { [rng.pick(KEYS)]: rng.pick(ids.length ? ids : ['x']) };
  }
}

/** One hostile write: random keys, random types, cycles, deletes of required fields. */
export function randomHostileOp(doc: Y.Doc, rng: Rng, step: number): void {
  const turns = map(doc, 'turns');
  const ids = [...turns.keys()].sort();
  const people = map(doc, 'participants');
  const turnOf = () => (ids.length ? asMap(turns.get(rng.pick(ids))) : undefined);
  doc.transact(() => {
    switch (rng.int(10)) {
      case 8:
      case 9:
      case 0: {
        // A cycle through existing turns (a self-parent when both picks agree).
        const t = turnOf();
        if (t && ids.length) t.set('parent', rng.pick(ids));
        return;
      }
      case 1:
        turnOf()?.delete(rng.pick(KEYS));
        return;
      case 2:
        turnOf()?.set(rng.pick(KEYS), randomValue(rng, ids));
        return;
      case 3:
        turns.set(rng.chance(0.5) && ids.length ? rng.pick(ids) : `h${step}`, randomValue(rng, ids));
        return;
      case 4: {
        const pov = asMap(turnOf()?.get('pov'));
        const ppl = [...people.keys()].sort();
        if (pov && ppl.length) pov.set(rng.pick(ppl), randomValue(rng, ids));
        return;
      }
      case 5: {
        const ppl = [...people.keys()].sort();
        const p = ppl.length ? asMap(people.get(rng.pick(ppl))) : undefined;
        if (p && rng.chance(0.3)) p.delete(rng.pick(PEOPLE_KEYS));
        else p?.set(rng.pick(PEOPLE_KEYS), randomValue(rng, ids));
        return;
      }
      case 6: {
        const meta = map(doc, 'meta');
        const key = rng.pick(META_KEYS);
        if (rng.chance(0.2)) meta.delete(key);
        else meta.set(key, randomValue(rng, ids));
        return;
      }
      default:
        turns.set(
          `h${step}`,
          rawTurn({
            parent: rng.pick([...ids, 'nowhere', `h${step}`]),
            author: randomValue(rng, [...people.keys()]),
            audiences: randomValue(rng, [...people.keys()]),
            source: rng.chance(0.5) ? new Y.Text(`hostile ${step}`) : randomValue(rng, ids),
            pov: rng.chance(0.5) ? new Y.Map() : randomValue(rng, ids),
          }),
        );
    }
  });
}
