// y-indexeddb on fake-indexeddb: a story and a library written through their APIs read back
// identically in a fresh Y.Doc, whether written before or after the persistence was attached.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { IndexeddbPersistence, clearDocument } from 'y-indexeddb';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { editPovText } from '../../src/driver/doc/pov.ts';
import { editSource } from '../../src/driver/doc/turns.ts';
import { setPresent } from '../../src/driver/doc/participants.ts';
import { setActiveLeaf } from '../../src/driver/doc/tree.ts';
import { createStoryViews } from '../../src/driver/views/story-views.ts';
import { persisted } from '../../src/workers/store/story-store.ts';
import {
  listCharacters,
  listPersonas,
  listStories,
  putCharacter,
  putPersona,
  putStoryEntry,
  touchStory,
} from '../../src/driver/doc/library-doc.ts';
import { JANE, JESS, USER, isoAt, makeStory } from '../support/story-fixture.ts';

const names: string[] = [];
let counter = 0;
const dbName = () => {
  const n = `rashomon-unit-${++counter}`;
  names.push(n);
  return n;
};

async function open(name: string, doc = new Y.Doc()) {
  const persistence = new IndexeddbPersistence(name, doc);
  await persistence.whenSynced;
  return { doc, persistence };
}

async function close({ doc, persistence }: { doc: Y.Doc; persistence: IndexeddbPersistence }) {
  await persistence.destroy();
  doc.destroy();
}

afterEach(async () => {
  await Promise.all(names.splice(0).map((n) => clearDocument(n)));
});

describe('story persistence', () => {
  it('a story written through the doc API reads back the same after reopening', async () => {
    const name = dbName();
    const f = makeStory({ guid: name });
    const t1 = f.say(USER, 'I knock.'); // written before the persistence is attached
    f.projectAll(t1);
    const first = await open(name, f.doc);
    const t2 = f.say(JANE, 'I open the gate.', { origin: 'generated' });
    f.projectAll(t2);
    editPovText(f.doc, t2, USER, { text: 'The gate opens.' }, f.expectedPov(t2, USER));
    setPresent(f.doc, JESS, false);
    const t3 = f.say(USER, 'I step in.');
    f.project(t3, JANE, null);
    f.say(JANE, 'I shout.', { parent: t1 });
    setActiveLeaf(f.doc, t3);
    editSource(f.doc, t1, { text: 'I knock twice.' });
    for (let i = 0; i < 30; i++) f.say(i % 2 ? USER : JANE, `turn ${i}`);
    const expected = exportStory(f.doc);
    const stale = f.views.staleItems();
    expect(stale.length).toBeGreaterThan(0);
    await close(first);

    const reopened = await open(name, new Y.Doc({ guid: name }));
    expect(exportStory(reopened.doc)).toEqual(expected);
    expect(createStoryViews(reopened.doc).staleItems()).toEqual(stale);
    await close(reopened);
  });

  it('a story loaded as the store loads it keeps storing what is written after the load', async () => {
    const name = dbName();
    const f = makeStory({ guid: name });
    const t1 = f.say(USER, 'I knock.');
    f.projectAll(t1);
    await close(await open(name, f.doc));
    const doc = new Y.Doc({ guid: name });
    const persistence = await persisted(name, doc);
    expect(exportStory(doc).turns.map((t) => t.source)).toEqual(['I knock.']);
    editSource(doc, t1, { text: 'I knock twice.' });
    const expected = exportStory(doc);
    await close({ doc, persistence });

    const reopened = await open(name, new Y.Doc({ guid: name }));
    expect(exportStory(reopened.doc)).toEqual(expected);
    await close(reopened);
  });

  it('an empty name stays empty and separate stories do not mix', async () => {
    const [a, b] = [dbName(), dbName()];
    const fa = makeStory({ guid: a });
    fa.say(USER, 'Story A.');
    const pa = await open(a, fa.doc);
    await close(pa);
    const fresh = await open(b);
    expect(fresh.doc.getMap('turns').size).toBe(0);
    await close(fresh);
    const again = await open(a, new Y.Doc({ guid: a }));
    expect(exportStory(again.doc).turns.map((t) => t.source)).toEqual(['Story A.']);
    await close(again);
  });
});

describe('library persistence', () => {
  it('stories, characters and personas read back the same after reopening', async () => {
    const name = dbName();
    const first = await open(name);
    const lib = first.doc;
    putStoryEntry(lib, { id: 's1', title: 'The gate', createdAt: isoAt(0), lastActivity: isoAt(5) });
    putStoryEntry(lib, { id: 's2', title: 'The tower', createdAt: isoAt(1), lastActivity: isoAt(2) });
    touchStory(lib, 's2', isoAt(9));
    putCharacter(lib, { id: 'c1', name: 'Jane', card: { description: 'A guard.' } });
    putPersona(lib, { id: 'p1', name: 'Traveller', persona: 'Tired, polite.' });
    const stories = listStories(lib);
    expect(stories.map((s) => s.id)).toEqual(['s2', 's1']);
    await close(first);

    const reopened = await open(name);
    expect(listStories(reopened.doc)).toEqual(stories);
    expect(listCharacters(reopened.doc)).toEqual([
      { id: 'c1', name: 'Jane', card: { description: 'A guard.' }, books: [], greetings: [] },
    ]);
    expect(listPersonas(reopened.doc)).toEqual([
      { id: 'p1', name: 'Traveller', persona: 'Tired, polite.', books: [] },
    ]);
    await close(reopened);
  });
});
