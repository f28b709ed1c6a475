// The Author's Note as an actor request tells it: a narrator's note at its depth of the window.
import { describe, expect, it } from 'vitest';
import { authorNoteLines } from '../../src/driver/turns/author-note.ts';
import { withNotes } from '../../src/driver/lore/placement.ts';
import { DEFAULT_STORY_SETTINGS } from '../../src/driver/doc/schema.ts';

const names = { user: 'Wren', self: 'Mara' };
const window = ['a', 'b', 'c', 'd', 'e', 'f'];

describe("[AN1] the Author's Note in an actor's window", () => {
  it('[AN1] goes four entries before the end by default, like SillyTavern', () => {
    const lines = authorNoteLines({ ...DEFAULT_STORY_SETTINGS, authorNote: 'Rain.' }, names, 'en');
    expect(withNotes(window, lines)).toEqual(['a', 'b', '[Author’s note: Rain.]', 'c', 'd', 'e', 'f']);
  });

  it('[AN1] goes at its depth (0: after the newest; deeper than the window: at its start), names filled', () => {
    const at = (depth: number) =>
      withNotes(
        window,
        authorNoteLines(
          { ...DEFAULT_STORY_SETTINGS, authorNote: '${name} hides from ${user}.', authorNoteDepth: depth },
          names,
          'zh',
        ),
      );
    expect(at(0).at(-1)).toBe('【作者注：Mara hides from Wren.】');
    expect(at(50)[0]).toBe('【作者注：Mara hides from Wren.】');
  });

  it('[AN1] a story with no note, or a blank one, adds nothing', () => {
    expect(authorNoteLines(DEFAULT_STORY_SETTINGS, names, 'en')).toEqual([]);
    expect(authorNoteLines({ ...DEFAULT_STORY_SETTINGS, authorNote: '  \n' }, names, 'en')).toEqual([]);
  });
});
