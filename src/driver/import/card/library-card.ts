// A card and a library character, both ways: what the library keeps of an imported card (its fields,
// greetings, avatar as a data: URL, and the card's own data for a faithful export), and the card a
// library character exports as — the card it came from, with what the person changed since.
import type { LibraryCharacterInput, LibraryCharacter } from '../../doc/library-doc.ts';
import { AVATAR_MAX_CHARS } from '../../doc/library-doc.ts';
import type { LoreBook } from '../../doc/lore-book.ts';
import type { ImportedCharacter } from '../intermediate.ts';
import { readCardJson } from './card-read.ts';
import { base64Decode, base64Encode } from '../text-bytes.ts';

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

/** The avatar as a data: URL, or null when there is none or it is over what the library keeps. */
export function avatarUrl(avatar: ImportedCharacter['avatar']): string | null {
  if (!avatar) return null;
  const url = `data:${avatar.mime};base64,${base64Encode(avatar.bytes)}`;
  return url.length <= AVATAR_MAX_CHARS ? url : null;
}

/** What the library keeps of a card: `books` its own book's id in the library, when it has one. */
export function libraryCharacterOf(c: ImportedCharacter, id: string, books: string[]): LibraryCharacterInput {
  const avatar = avatarUrl(c.avatar);
  return {
    id,
    name: c.name,
    card: c.card,
    books,
    greetings: c.alternateGreetings,
    ...(avatar ? { avatar } : {}),
    source: c.data,
  };
}

/** The card a library character exports as: the one it came from (if any), with its current fields. */
export function cardOf(c: LibraryCharacter, book: LoreBook | null): ImportedCharacter {
  const read = readCardJson({
    spec: 'chara_card_v3',
    spec_version: '3.0',
    data: c.source ?? { name: c.name },
  });
  const base = read.ok ? read.character : null;
  const avatar = c.avatar ? DATA_URL.exec(c.avatar) : null;
  const bytes = avatar?.[2] ? base64Decode(avatar[2]) : null;
  const empty: ImportedCharacter = {
    name: c.name,
    card: {},
    alternateGreetings: [],
    systemPrompt: '',
    postHistoryInstructions: '',
    creatorNotes: '',
    tags: [],
    creator: '',
    characterVersion: '',
    book: null,
    avatar: null,
    assets: [],
    spec: 'v3',
    data: {},
  };
  return {
    ...(base ?? empty),
    name: c.name,
    card: c.card,
    alternateGreetings: c.greetings,
    book: book ?? base?.book ?? null,
    avatar: avatar?.[1] && bytes ? { mime: avatar[1], bytes } : (base?.avatar ?? null),
  };
}
