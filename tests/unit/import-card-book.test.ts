// A card's embedded book read as a lorebook the way SillyTavern reads card books: extensions over
// the spec's fields, an entry without an id known by its index, lenient values, places it lacks.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LORE_SETTINGS, loreEntrySchema } from '../../src/driver/doc/lore-book.ts';
import { cardBookToLoreBook } from '../../src/driver/import/card/card-book.ts';
import { loreBookToCardBook } from '../../src/driver/import/card/card-book-write.ts';
import { createNoteTaker } from '../../src/driver/import/card-notes.ts';
import { bookEntry, v3Card } from '../support/card-fixture.ts';

const defaults = loreEntrySchema.parse({ id: 'x' });

describe('[K5] a card book as a lorebook', () => {
  it('maps every field of SillyTavern-shaped entries', () => {
    const notes = createNoteTaker();
    const book = cardBookToLoreBook(v3Card().data.character_book, 'Mira', notes);
    expect(book).toEqual({
      id: 'card-book:Mira',
      name: 'Mira book',
      description: 'What Mira knows.',
      entries: [
        {
          ...defaults,
          id: '0',
          title: 'Entry 0',
          keys: ['lantern', 'Lamp'],
          secondaryKeys: ['night'],
          content: '${name} keeps the lantern lit for ${user}.',
          order: 100,
          useGroupScoring: false,
        },
        {
          ...defaults,
          id: '1',
          title: 'Entry 1',
          keys: ['lantern', 'Lamp'],
          secondaryKeys: ['night'],
          selectiveLogic: 'and-all',
          content: '${name} keeps the lantern lit for ${user}.',
          constant: true,
          order: 101,
          position: 'before-card',
          role: 'user',
          probability: 40,
          scanDepth: 6,
          caseSensitive: true,
          matchWholeWords: false,
          useGroupScoring: true,
          excludeRecursion: true,
          preventRecursion: true,
          delayUntilRecursion: 2,
          groups: ['weather', 'mood'],
          groupOverride: true,
          groupWeight: 7,
          sticky: 2,
          cooldown: 3,
          delay: 1,
        },
        {
          ...defaults,
          id: '2',
          title: 'Entry 2',
          keys: ['lantern', 'Lamp'],
          secondaryKeys: ['night'],
          content: '${name} keeps the lantern lit for ${user}.',
          order: 102,
          position: 'at-depth',
          depth: 2,
          role: 'assistant',
          useGroupScoring: false,
        },
      ],
    });
    expect(notes.notes.warnings).toEqual([
      "character_book scan_depth, token_budget, recursive_scanning: in Rashomon these are the story's scan settings, not the book's; not applied (kept for export)",
    ]);
    expect(notes.notes.converted).toEqual(['{{char}} → ${name}', '{{user}} → ${user}']);
    expect(DEFAULT_LORE_SETTINGS.scanDepth).toBe(2); // the book's 3 is not applied anywhere
  });

  it('reads the bare V2 spec (no extensions): position from before_char/after_char, defaults as SillyTavern', () => {
    const book = cardBookToLoreBook(
      {
        entries: [
          { keys: ['a'], content: 'A', enabled: true, insertion_order: 5, position: 'before_char' },
          {
            keys: ['b'],
            content: 'B',
            enabled: false,
            insertion_order: 6,
            secondary_keys: ['ignored'],
            case_sensitive: true,
            name: 'Bee',
          },
        ],
      },
      'Mira',
    );
    expect(book?.name).toBe('Mira');
    expect(book?.entries).toEqual([
      { ...defaults, id: '0', keys: ['a'], content: 'A', order: 5, position: 'before-card' },
      {
        ...defaults,
        id: '1',
        title: 'Bee',
        keys: ['b'],
        content: 'B',
        enabled: false,
        order: 6,
        caseSensitive: true,
      },
    ]);
  });

  it('reads numbers and booleans written as text, keys as a comma string, an entries object, and says so once', () => {
    const notes = createNoteTaker();
    const entry = (id: string, order: string) => ({
      id,
      keys: 'rain, storm',
      content: 'Wet.',
      enabled: 'false',
      constant: 'TRUE',
      selective: 1,
      secondary_keys: ['cloud'],
      insertion_order: order,
      extensions: {
        probability: '55.5',
        useProbability: 'yes',
        depth: '3',
        position: '4',
        role: '1',
        sticky: '2',
        group_weight: null,
      },
    });
    const book = cardBookToLoreBook({ entries: { a: entry('7', '12'), b: entry('7', '13') } }, 'Mira', notes);
    expect(book?.entries.map((e) => e.id)).toEqual(['7', '7-1']);
    expect(book?.entries[0]).toEqual({
      ...defaults,
      id: '7',
      keys: ['rain', 'storm'],
      secondaryKeys: ['cloud'],
      content: 'Wet.',
      enabled: false,
      constant: true,
      order: 12,
      position: 'at-depth',
      depth: 3,
      role: 'user',
      probability: 55.5,
      sticky: 2,
    });
    const f = 'character_book.entries[]';
    expect(notes.notes.warnings).toEqual([
      'character_book.entries: an object keyed by id, read as a list',
      `${f}.selective: a number read as a boolean`,
      `${f}.keys: a comma-separated string, read as a list`,
      `${f}.enabled: a string read as a boolean`,
      `${f}.constant: a string read as a boolean`,
      `${f}.insertion_order: text read as a number`,
      `${f}.extensions.position: text read as a number`,
      `${f}.extensions.depth: text read as a number`,
      `${f}.extensions.role: text read as a number`,
      `${f}.extensions.useProbability: a string read as a boolean`,
      `${f}.extensions.probability: text read as a number`,
      `${f}.extensions.sticky: text read as a number`,
    ]);
  });

  it('tells entries placed where Rashomon has no place after the card, with a warning', () => {
    const notes = createNoteTaker();
    const book = cardBookToLoreBook(
      { entries: [bookEntry(0, {}, { position: 2 }), bookEntry(1, {}, { position: 6 })] },
      'M',
      notes,
    );
    expect(book?.entries.map((e) => e.position)).toEqual(['after-card', 'after-card']);
    expect(notes.notes.warnings).toEqual([
      "book entries placed before the author's note: Rashomon has no such place; told after the character",
      'book entries placed after the example messages: Rashomon has no such place; told after the character',
    ]);
  });

  it('cuts what our lorebook cannot hold, drops entries that are not objects, and keeps the rest', () => {
    const notes = createNoteTaker();
    const book = cardBookToLoreBook(
      { entries: [bookEntry(0, { content: 'x'.repeat(20_001) }), 'junk', null] },
      'M',
      notes,
    );
    expect(book?.entries.map((e) => e.content.length)).toEqual([20_000]);
    expect(notes.notes.warnings).toContain(
      'a book entry longer than 20000 characters: cut to 20000 (the whole text is kept for export)',
    );
    expect(notes.notes.dropped).toEqual([
      'character_book.entries[1]: not an object',
      'character_book.entries[2]: not an object',
    ]);
  });

  it('writes a book back as SillyTavern would export it, and an unchanged entry exactly as it came', () => {
    const original = v3Card().data.character_book;
    const book = cardBookToLoreBook(original, 'Mira');
    if (!book) throw new Error('no book');
    expect(loreBookToCardBook(book, original, 'Mira')).toEqual(original);

    const edited = {
      ...book,
      entries: [{ ...book.entries[0]!, content: 'Now ${name} sleeps.', groups: ['a', 'b'] }],
    };
    const written = loreBookToCardBook(edited, original, 'Mira');
    const entry = (written.entries as Record<string, unknown>[])[0]!;
    expect(entry).toMatchObject({
      id: 0,
      content: 'Now {{char}} sleeps.',
      use_regex: true,
      comment: 'Entry 0',
    });
    expect(entry.extensions).toMatchObject({
      group: 'a,b',
      automation_id: '',
      display_index: 0,
      position: 1,
    });
    expect(cardBookToLoreBook(written, 'Mira')?.entries).toEqual(edited.entries);
  });
});
