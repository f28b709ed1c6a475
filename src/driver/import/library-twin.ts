// A card or a book imported again: the library character or lorebook it would twin (same name, case
// aside), whether it holds the same (its content, ids aside), and the name that keeps both apart
// ("Seraphina (2)"). The import asks replace, keep both or cancel before anything is written (K14).
import type * as Y from 'yjs';
import {
  libraryCharacterSchema,
  listCharacters,
  type LibraryCharacter,
  type LibraryCharacterInput,
} from '../doc/library-doc.ts';
import { listLorebooks } from '../doc/library-worlds.ts';
import { loreBookSchema, type LoreBook, type LoreBookInput } from '../doc/lore-book.ts';
import { jsonEqual } from './json-equal.ts';

export interface Twin {
  id: string;
  name: string;
  /** It holds what the file holds: importing it again adds nothing. */
  same: boolean;
}

/** What the person chose when an import twins a library entry. */
export const TwinChoice = { replace: 'replace', keepBoth: 'keep-both' } as const;
export type TwinChoice = (typeof TwinChoice)[keyof typeof TwinChoice];

const sameName = (a: string, b: string): boolean =>
  a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** What a character holds, its id, lorebooks and name aside. */
const characterContent = (c: LibraryCharacter) => ({
  card: c.card,
  greetings: c.greetings,
  avatar: c.avatar,
  source: c.source,
});

/** What a book holds, its id and name aside. */
const bookContent = (b: LoreBook) => ({ description: b.description, entries: b.entries });

export function characterTwin(library: Y.Doc, incoming: LibraryCharacterInput): Twin | null {
  const parsed = libraryCharacterSchema.parse(incoming);
  const twin = listCharacters(library).find((c) => sameName(c.name, parsed.name));
  if (!twin) return null;
  return {
    id: twin.id,
    name: twin.name,
    same: jsonEqual(characterContent(twin), characterContent(parsed)),
  };
}

export function lorebookTwin(library: Y.Doc, incoming: LoreBookInput): Twin | null {
  const parsed = loreBookSchema.parse(incoming);
  const twin = listLorebooks(library).find((b) => b.id !== parsed.id && sameName(b.name, parsed.name));
  if (!twin) return null;
  return { id: twin.id, name: twin.name, same: jsonEqual(bookContent(twin), bookContent(parsed)) };
}

/** Bounds the search for a free name: a library never holds this many of one name. */
const MAX_APART = 10_000;

/** `name` when no name in `taken` is it, else "name (2)", "name (3)"… the first one free. */
export function apartName(name: string, taken: readonly string[]): string {
  const free = (n: string) => !taken.some((t) => sameName(t, n));
  if (free(name)) return name;
  const base = name.trim().replace(/ \(\d+\)$/, '');
  for (let n = 2; n < MAX_APART; n++) if (free(`${base} (${n})`)) return `${base} (${n})`;
  return `${base} (${MAX_APART})`;
}
