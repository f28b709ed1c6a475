// [K14] The library entry an import would twin, and the name that keeps both apart.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { apartName, characterTwin, lorebookTwin } from '../../src/driver/import/library-twin.ts';
import { putCharacter } from '../../src/driver/doc/library-doc.ts';
import { putLorebook } from '../../src/driver/doc/library-worlds.ts';

describe('[K14] twins in the library', () => {
  it('[K14] a name taken is named apart with the first free number, case aside', () => {
    expect(apartName('Seraphina', [])).toBe('Seraphina');
    expect(apartName('Seraphina', ['seraphina'])).toBe('Seraphina (2)');
    expect(apartName('Seraphina', ['Seraphina', 'Seraphina (2)', 'Seraphina (4)'])).toBe('Seraphina (3)');
    expect(apartName('Seraphina (2)', ['Seraphina', 'Seraphina (2)'])).toBe('Seraphina (3)');
  });

  it('[K14] the same card is told from one that only shares its name', () => {
    const library = new Y.Doc();
    putCharacter(library, { id: 'c1', name: 'Seraphina', card: { description: 'A guardian.' } });
    expect(
      characterTwin(library, { id: 'x', name: 'seraphina ', card: { description: 'A guardian.' } }),
    ).toEqual({
      id: 'c1',
      name: 'Seraphina',
      same: true,
    });
    expect(
      characterTwin(library, { id: 'x', name: 'Seraphina', card: { description: 'Other.' } })?.same,
    ).toBe(false);
    expect(characterTwin(library, { id: 'x', name: 'Lilith', card: {} })).toBeNull();
  });

  it('[K14] a book is the same by its entries, whatever its id', () => {
    const library = new Y.Doc();
    const entries = [{ id: '0', keys: ['salt'], content: 'Salt wards off spirits.' }];
    putLorebook(library, { id: 'b1', name: 'Eldoria', entries });
    expect(lorebookTwin(library, { id: 'b2', name: 'Eldoria', entries })).toEqual({
      id: 'b1',
      name: 'Eldoria',
      same: true,
    });
    expect(lorebookTwin(library, { id: 'b2', name: 'Eldoria', entries: [] })?.same).toBe(false);
  });
});
