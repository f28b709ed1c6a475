// The editors' drafts of worlds and lorebooks: comma lists (with regex keys that hold commas), a new
// entry with the schema's defaults, an entry's round trip, and a world's knowledge rules (a removed
// node takes its relationships and knowings with it; a character's own node is never stored).
import { describe, expect, it } from 'vitest';
import { joinCommaList, splitCommaList } from '../../src/app/ui/comma-list.ts';
import {
  bookInput,
  bookDraftOf,
  entryDraftOf,
  entryOf,
  newEntry,
} from '../../src/app/lorebooks/book-draft.ts';
import { draftOf, knows, withKnowledge, withoutNode, worldInput } from '../../src/app/worlds/world-draft.ts';
import { loreBookSchema, loreEntrySchema } from '../../src/driver/doc/lore-book.ts';
import { worldSchema } from '../../src/driver/doc/world.ts';

describe('comma lists', () => {
  it('splits on Western and full-width commas, trimming and dropping empty items', () => {
    expect(splitCommaList(' dragon, wyrm ,，drake,, ')).toEqual(['dragon', 'wyrm', 'drake']);
    expect(joinCommaList(['dragon', 'wyrm'])).toBe('dragon, wyrm');
  });

  it('keeps the commas of a /regex/ key inside it, and splits one that never closes as text', () => {
    expect(splitCommaList('/drag(on|ons)/i, /a{1,3}b/, cat', true)).toEqual([
      '/drag(on|ons)/i',
      '/a{1,3}b/',
      'cat',
    ]);
    expect(splitCommaList('/usr, bin', true)).toEqual(['/usr', 'bin']);
    expect(splitCommaList('/a{1,3}b/', false)).toEqual(['/a{1', '3}b/']);
  });
});

describe('lorebook drafts', () => {
  it('a new entry has the schema’s defaults', () => {
    expect(entryOf(newEntry('e1'))).toEqual(loreEntrySchema.parse({ id: 'e1' }));
  });

  it('an entry goes through the draft unchanged', () => {
    const entry = loreEntrySchema.parse({
      id: 'e2',
      keys: ['dragon', '/wyrms?/i'],
      secondaryKeys: ['fire'],
      groups: ['beasts'],
      characterFilter: { names: ['Mara', 'Tomas'], exclude: true },
      caseSensitive: true,
    });
    expect(entryOf(entryDraftOf(entry))).toEqual(entry);
    const book = loreBookSchema.parse({ id: 'b', name: 'Beasts', entries: [entry] });
    expect(loreBookSchema.parse(bookInput(bookDraftOf(book)))).toEqual(book);
  });
});

describe('world drafts', () => {
  const world = worldSchema.parse({
    id: 'w',
    name: 'Harbour',
    nodes: [
      { id: 'mara', kind: 'character', name: 'Mara', aliases: ['the captain'] },
      { id: 'tomas', kind: 'character', name: 'Tomas' },
      { id: 'dock', kind: 'place', name: 'Dock' },
    ],
    relationships: [{ id: 'r1', from: 'mara', to: 'dock', label: 'owns' }],
    knowledge: { mara: { nodes: ['dock'], relationships: ['r1'] } },
  });

  it('a character always knows its own node, which is never stored', () => {
    const draft = draftOf(world);
    expect(knows(draft, 'tomas', 'nodes', 'tomas')).toBe(true);
    expect(knows(draft, 'tomas', 'nodes', 'dock')).toBe(false);
    const knowledge = withKnowledge(draft.knowledge, 'tomas', 'nodes', 'tomas', true);
    expect(worldInput({ ...draft, knowledge }).knowledge?.['tomas']).toEqual({
      nodes: [],
      relationships: [],
    });
    expect(worldSchema.parse(worldInput(draft))).toEqual(world);
  });

  it('a removed node takes its relationships, its knowledge row and every knowing of them', () => {
    const draft = draftOf(world);
    const patched = { ...draft, ...withoutNode(draft, 'dock') };
    expect(patched.relationships).toEqual([]);
    expect(patched.knowledge['mara']).toEqual({ nodes: [], relationships: [] });
    const noMara = { ...draft, ...withoutNode(draft, 'mara') };
    expect(Object.keys(noMara.knowledge)).toEqual([]);
  });

  it('knowledge of a node that is no longer a character is not saved', () => {
    const draft = draftOf(world);
    draft.nodes[0] = { ...draft.nodes[0]!, kind: 'thing' };
    expect(worldInput(draft).knowledge).toEqual({});
  });
});
