// A library character's card and a persona edited and deleted on the library doc: one transaction,
// names kept unique, the creator's notes kept where an export reads them.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { listCharacters, listPersonas, putCharacter, putPersona } from '../../src/driver/doc/library-doc.ts';
import {
  deleteLibraryEntry,
  editCharacterCard,
  editPersona,
} from '../../src/driver/doc/library-card-edit.ts';

function library(): Y.Doc {
  const doc = new Y.Doc();
  putCharacter(doc, {
    id: 'mara',
    name: 'Mara',
    card: { description: 'Keeper of the chapel.', firstMessage: 'Welcome.' },
    greetings: ['Who goes there?'],
    books: ['b1'],
    source: { name: 'Mara', creator_notes: 'Old notes.', tags: ['x'] },
  });
  putCharacter(doc, { id: 'pell', name: 'Pell', card: {} });
  putPersona(doc, { id: 'wren', name: 'Wren', persona: 'A traveller.' });
  putPersona(doc, { id: 'ash', name: 'Ash', persona: '' });
  return doc;
}

describe('a library character’s card edited', () => {
  it('writes every card field, the greetings and the creator’s notes in one transaction', () => {
    const doc = library();
    let transactions = 0;
    doc.on('afterTransaction', () => transactions++);
    const r = editCharacterCard(doc, 'mara', {
      name: ' Mara the Smuggler ',
      card: {
        description: 'A retired smuggler.',
        personality: 'Wry.',
        scenario: 'A storm.',
        firstMessage: 'Shut the door.',
        exampleDialogue: '<START>',
      },
      greetings: ['Out of the rain?', '  ', 'Bells again.'],
      creatorNotes: 'New notes.',
    });
    expect(r).toEqual({ ok: true });
    expect(transactions).toBe(1);
    const mara = listCharacters(doc).find((c) => c.id === 'mara');
    expect(mara?.name).toBe('Mara the Smuggler');
    expect(mara?.card).toEqual({
      description: 'A retired smuggler.',
      personality: 'Wry.',
      scenario: 'A storm.',
      firstMessage: 'Shut the door.',
      exampleDialogue: '<START>',
    });
    expect(mara?.greetings).toEqual(['Out of the rain?', 'Bells again.']);
    expect(mara?.source?.['creator_notes']).toBe('New notes.');
    expect(mara?.source?.['tags']).toEqual(['x']);
    expect(mara?.books).toEqual(['b1']);
  });

  it('refuses a name another character has, whatever its case, and changes nothing', () => {
    const doc = library();
    const r = editCharacterCard(doc, 'mara', { name: 'pell', card: {}, greetings: [] });
    expect(r).toEqual({ ok: false, code: 'name-taken', name: 'pell' });
    expect(listCharacters(doc).find((c) => c.id === 'mara')?.card.description).toBe('Keeper of the chapel.');
  });

  it('refuses an empty name and an unknown character', () => {
    const doc = library();
    expect(() => editCharacterCard(doc, 'mara', { name: '  ', card: {}, greetings: [] })).toThrow();
    expect(editCharacterCard(doc, 'nobody', { name: 'Nobody', card: {}, greetings: [] })).toEqual({
      ok: false,
      code: 'unknown',
    });
  });

  it('keeps its own name in another case', () => {
    const doc = library();
    expect(editCharacterCard(doc, 'pell', { name: 'PELL', card: {}, greetings: [] })).toEqual({ ok: true });
  });
});

describe('a library persona edited and entries deleted', () => {
  it('writes a persona’s name and text, refusing a name another persona has', () => {
    const doc = library();
    expect(editPersona(doc, 'wren', { name: 'Wren Ashby', persona: 'A bell-ringer.' })).toEqual({ ok: true });
    expect(listPersonas(doc).find((p) => p.id === 'wren')).toMatchObject({
      name: 'Wren Ashby',
      persona: 'A bell-ringer.',
    });
    expect(editPersona(doc, 'ash', { name: 'wren ashby', persona: '' })).toMatchObject({
      code: 'name-taken',
    });
    expect(editPersona(doc, 'nobody', { name: 'N', persona: '' })).toEqual({ ok: false, code: 'unknown' });
  });

  it('deletes a character or a persona from the library, and says when it was not there', () => {
    const doc = library();
    expect(deleteLibraryEntry(doc, 'characters', 'pell')).toEqual({ ok: true });
    expect(deleteLibraryEntry(doc, 'personas', 'ash')).toEqual({ ok: true });
    expect(listCharacters(doc).map((c) => c.id)).toEqual(['mara']);
    expect(listPersonas(doc).map((p) => p.id)).toEqual(['wren']);
    expect(deleteLibraryEntry(doc, 'characters', 'pell')).toEqual({ ok: false, code: 'unknown' });
  });
});
