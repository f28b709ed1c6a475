// Real Chromium IndexedDB under y-indexeddb: a story written through the document API is what a
// fresh document reads back, including edits made after the first save.
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { IndexeddbPersistence, clearDocument } from 'y-indexeddb';
import { createStory } from '../../src/driver/doc/story-doc.ts';
import { addParticipant } from '../../src/driver/doc/participants.ts';
import { appendTurn, editSource } from '../../src/driver/doc/turns.ts';
import { writePov } from '../../src/driver/doc/pov.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';

const usedNames: string[] = [];

function uniqueName(): string {
  const name = `rashomon-test-${crypto.randomUUID()}`;
  usedNames.push(name);
  return name;
}

/** Opens `name` into a fresh Y.Doc (guid = the story id) and waits until the stored updates are applied. */
async function open(name: string): Promise<{ doc: Y.Doc; persistence: IndexeddbPersistence }> {
  const doc = new Y.Doc({ guid: name });
  const persistence = new IndexeddbPersistence(name, doc);
  await persistence.whenSynced;
  return { doc, persistence };
}

/** Closes the database connection; IndexedDB finishes the pending writes before it closes. */
async function close({ doc, persistence }: { doc: Y.Doc; persistence: IndexeddbPersistence }) {
  await persistence.destroy();
  doc.destroy();
}

function writeStory(doc: Y.Doc): void {
  createStory(doc, { title: 'The Gate', language: 'en', createdAt: '2025-01-01T00:00:00.000Z' });
  addParticipant(doc, { id: 'user', kind: 'user', name: 'Wren', present: true, persona: 'A traveller.' });
  addParticipant(doc, {
    id: 'jane',
    kind: 'character',
    name: 'Jane',
    present: true,
    card: { description: 'A guard.' },
  });
  appendTurn(doc, {
    id: 't1',
    author: 'user',
    text: 'I step under the gate. 雨が止まない。',
    origin: 'authored',
    createdAt: '2025-01-01T00:00:01.000Z',
  });
  writePov(doc, 't1', 'jane', {
    perceived: true,
    text: 'Someone steps under the gate.',
    basis: 'b1',
    origin: 'generated',
    createdAt: '2025-01-01T00:00:02.000Z',
  });
  appendTurn(doc, {
    id: 't2',
    author: 'jane',
    text: 'I stay hidden.',
    origin: 'generated',
    basis: 'b2',
    createdAt: '2025-01-01T00:00:03.000Z',
  });
  writePov(doc, 't2', 'user', {
    perceived: false,
    text: '',
    basis: 'b3',
    origin: 'generated',
    createdAt: '2025-01-01T00:00:04.000Z',
  });
}

afterEach(async () => {
  await Promise.all(usedNames.splice(0).map((name) => clearDocument(name)));
});

describe('y-indexeddb in Chromium', () => {
  it('[D1] a reopened story has the same participants, turns, sources and POV records', async () => {
    const name = uniqueName();
    const first = await open(name);
    writeStory(first.doc);
    const written = exportStory(first.doc);
    await close(first);

    const second = await open(name);
    expect(exportStory(second.doc)).toEqual(written);
    expect(written.turns).toHaveLength(2);
    expect(written.turns[1]?.pov.user).toEqual({
      perceived: false,
      text: '',
      origin: 'generated',
      basis: expect.any(String),
    });
    await close(second);
  });

  it('later edits to a source are persisted incrementally', async () => {
    const name = uniqueName();
    const first = await open(name);
    writeStory(first.doc);
    await close(first);

    const second = await open(name);
    editSource(second.doc, 't2', { delta: [{ retain: 'I stay'.length }, { insert: ' perfectly' }] });
    await close(second);

    const third = await open(name);
    expect(exportStory(third.doc).turns.find((t) => t.id === 't2')?.source).toBe('I stay perfectly hidden.');
    await close(third);
  });
});
