// Real Chromium IndexedDB under y-indexeddb: what a story writes is what a fresh document reads back.
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { IndexeddbPersistence, clearDocument } from 'y-indexeddb';

const usedNames: string[] = [];

function uniqueName(): string {
  const name = `rashomon-test-${crypto.randomUUID()}`;
  usedNames.push(name);
  return name;
}

/** Opens `name` into a fresh Y.Doc and waits until the stored updates are applied. */
async function open(name: string): Promise<{ doc: Y.Doc; persistence: IndexeddbPersistence }> {
  const doc = new Y.Doc();
  const persistence = new IndexeddbPersistence(name, doc);
  await persistence.whenSynced;
  return { doc, persistence };
}

/** Closes the database connection; IndexedDB finishes the pending writes before it closes. */
async function close({ doc, persistence }: { doc: Y.Doc; persistence: IndexeddbPersistence }) {
  await persistence.destroy();
  doc.destroy();
}

function addTurn(doc: Y.Doc, id: string, author: string, text: string): void {
  const turn = new Y.Map<unknown>();
  const source = new Y.Text();
  source.insert(0, text);
  turn.set('author', author);
  turn.set('parent', null);
  turn.set('source', source);
  doc.getMap('turns').set(id, turn);
}

/** The story's top-level maps as JSON (Y.Doc.toJSON lists only types this doc has defined). */
function snapshot(doc: Y.Doc): unknown {
  return { meta: doc.getMap('meta').toJSON(), turns: doc.getMap('turns').toJSON() };
}

function sourceOf(doc: Y.Doc, id: string): Y.Text {
  const turn = doc.getMap<Y.Map<unknown>>('turns').get(id);
  const source = turn?.get('source');
  if (!(source instanceof Y.Text)) throw new Error(`turn ${id} has no Y.Text source`);
  return source;
}

afterEach(async () => {
  await Promise.all(usedNames.splice(0).map((name) => clearDocument(name)));
});

describe('y-indexeddb in Chromium', () => {
  it('a reopened document has the same turns and sources', async () => {
    const name = uniqueName();
    const first = await open(name);
    first.doc.transact(() => {
      first.doc.getMap('meta').set('title', 'The Gate');
      addTurn(first.doc, 't1', 'user', 'I step under the gate out of the rain.');
      addTurn(first.doc, 't2', 'woodcutter', '雨が止まない。 The rain will not stop.');
    });
    const written = snapshot(first.doc);
    await close(first);

    const second = await open(name);
    expect(snapshot(second.doc)).toEqual(written);
    expect(sourceOf(second.doc, 't2').toString()).toBe('雨が止まない。 The rain will not stop.');
    await close(second);
  });

  it('later edits to a source are persisted incrementally', async () => {
    const name = uniqueName();
    const first = await open(name);
    addTurn(first.doc, 't1', 'user', 'I wait.');
    await close(first);

    const second = await open(name);
    sourceOf(second.doc, 't1').insert('I wait'.length, ' by the gate');
    await close(second);

    const third = await open(name);
    expect(sourceOf(third.doc, 't1').toString()).toBe('I wait by the gate.');
    expect(third.doc.getMap('turns').size).toBe(1);
    await close(third);
  });

  it('edits made before the database has opened are kept', async () => {
    const name = uniqueName();
    const doc = new Y.Doc();
    const persistence = new IndexeddbPersistence(name, doc);
    addTurn(doc, 't1', 'user', 'Written at once.');
    await persistence.whenSynced;
    await close({ doc, persistence });

    const reopened = await open(name);
    expect(sourceOf(reopened.doc, 't1').toString()).toBe('Written at once.');
    await close(reopened);
  });
});
