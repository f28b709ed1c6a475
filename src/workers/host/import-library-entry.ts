// A character or a lorebook on its way into the library: its picture made small enough (avatar-fit.ts),
// a variable system's rule entries left out unless kept (K12), and the library entry it would twin
// (K14) — reviewed first, then written as the person chose: replaced, kept both, named apart.
import type * as Y from 'yjs';
import type { ImportReport, ImportedCharacter } from '../../driver/import/intermediate.ts';
import { avatarUrl, libraryCharacterOf } from '../../driver/import/card/library-card.ts';
import { withEntriesDisabled } from '../../driver/import/card/card-variables.ts';
import {
  apartName,
  characterTwin,
  lorebookTwin,
  TwinChoice,
  type Twin,
} from '../../driver/import/library-twin.ts';
import { listCharacters, putCharacter, removeEntry, LIBRARY_SECTION } from '../../driver/doc/library-doc.ts';
import { listLorebooks, putLorebook } from '../../driver/doc/library-worlds.ts';
import type { LoreBook, LoreBookInput } from '../../driver/doc/lore-book.ts';
import type { ImportOptions } from '../api/import.ts';
import { uiText } from '../i18n/ui-text.ts';
import { fitAvatar } from './avatar-fit.ts';
import type { DevicePictures } from './device-pictures.ts';

const KB = 1024;
const size = (bytes: number): string =>
  bytes >= KB * KB ? `${(bytes / KB / KB).toFixed(1)} MB` : `${Math.round(bytes / KB)} KB`;

export interface CharacterPlan {
  character: ImportedCharacter;
  /** The card's own picture, over what the library keeps: for this device's picture store (K15). */
  original: ImportedCharacter['avatar'];
  report: ImportReport;
  twin: Twin | null;
}

/** The character as it would be written, the report that says so, and the library entry it twins. */
export async function planCharacter(
  library: Y.Doc,
  read: { character: ImportedCharacter; report: ImportReport },
  options: ImportOptions,
): Promise<CharacterPlan> {
  let { character, report } = read;
  const original = character.avatar && avatarUrl(character.avatar) === null ? character.avatar : null;
  if (original) {
    const fitted = await fitAvatar(original);
    if (fitted) {
      character = { ...character, avatar: fitted.avatar };
      const note = uiText(
        'the picture: {width}×{height}, {size} → {toWidth}×{toHeight}, {toSize}, as the library keeps it',
        {
          width: fitted.from.width,
          height: fitted.from.height,
          size: size(fitted.from.bytes),
          toWidth: fitted.to.width,
          toHeight: fitted.to.height,
          toSize: size(fitted.to.bytes),
        },
      );
      report = { ...report, converted: [...report.converted, note] };
    } else
      report = { ...report, dropped: [...report.dropped, uiText('the avatar: too large for the library')] };
    const kept = uiText('the original picture ({size}): kept on this device, for the card export', {
      size: size(original.bytes.length),
    });
    report = { ...report, converted: [...report.converted, kept] };
  }
  const rules = character.variableRuleIds ?? [];
  if (character.book && rules.length > 0 && options.variableRules !== 'keep')
    character = { ...character, book: withEntriesDisabled(character.book, rules) };
  const twin = characterTwin(library, libraryCharacterOf(character, 'incoming', []));
  return {
    character,
    original,
    report: twin ? { ...report, twin: { name: twin.name, same: twin.same } } : report,
    twin,
  };
}

type Written = { ok: true; id: string } | { ok: false; detail: string };

/**
 * Writes the planned character (and its own book) as `options.twin` says: a twin is never overwritten
 * unasked. `pictures`: where the pictures this device keeps for it are (keepDevicePictures).
 */
export function writeCharacter(
  library: Y.Doc,
  plan: CharacterPlan,
  options: ImportOptions,
  newId: () => string,
  pictures: DevicePictures = {},
): Written {
  const { twin } = plan;
  const replace = twin !== null && options.twin === TwinChoice.replace;
  const old = replace ? listCharacters(library).find((c) => c.id === twin.id) : undefined;
  let { character } = plan;
  if (twin && !replace)
    character = {
      ...character,
      name: apartName(
        character.name,
        listCharacters(library).map((c) => c.name),
      ),
    };
  const books: string[] = [];
  if (character.book?.entries?.length) {
    const bookId = old?.books[0] ?? newId();
    const book = replace ? character.book : namedApart(library, character.book);
    const saved = putLorebook(library, { ...book, id: bookId });
    if (!saved.ok) return saved;
    books.push(bookId);
  }
  const id = old?.id ?? newId();
  const entry = {
    ...libraryCharacterOf(character, id, old ? [...new Set([...books, ...old.books])] : books),
    ...pictures,
  };
  library.transact(() => {
    // Replaced whole: a field the new card lacks (its picture) is not kept from the old one.
    if (old) removeEntry(library, LIBRARY_SECTION.characters, old.id);
    putCharacter(library, entry);
  });
  return { ok: true, id };
}

/** A book named apart from the library's books of the same name. */
const namedApart = (library: Y.Doc, book: LoreBookInput): LoreBookInput => ({
  ...book,
  name: apartName(
    book.name,
    listLorebooks(library).map((b) => b.name),
  ),
});

/** A lorebook's report with the library book it twins. */
export function planLorebook(library: Y.Doc, book: LoreBook, report: ImportReport) {
  const twin = lorebookTwin(library, book);
  return { twin, report: twin ? { ...report, twin: { name: twin.name, same: twin.same } } : report };
}

/** Writes the lorebook: over its twin when the person chose to replace it, else named apart. */
export function writeLorebook(
  library: Y.Doc,
  book: LoreBook,
  twin: Twin | null,
  options: ImportOptions,
): Written {
  const replace = twin !== null && options.twin === TwinChoice.replace;
  const written = replace ? { ...book, id: twin.id } : twin ? namedApart(library, book) : book;
  const saved = putLorebook(library, written);
  return saved.ok ? { ok: true, id: written.id } : saved;
}
