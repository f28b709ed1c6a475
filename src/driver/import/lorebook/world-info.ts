// Importing a lorebook file — SillyTavern World Info, a Character Card V2 book, RisuAI's lorebook — as
// one of our books, read leniently, with the report the person reviews before it is written. Every
// entry gets an id unique in the book (a book exported by Rashomon keeps its own).
import type { Language } from '../../doc/schema.ts';
import { loreBookSchema, type LoreBook, type LoreEntryInput } from '../../doc/lore-book.ts';
import { tr } from '../../i18n/messages.ts';
import { createImportNotes, type ImportNotes } from '../import-notes.ts';
import type { ImportReport } from '../intermediate.ts';
import { entryUid, readEntry } from './world-info-entry.ts';
import { isRecord, rashomonIdOf } from './world-info-fields.ts';
import { LoreShape, lorebookShape, type RawEntry } from './world-info-shape.ts';

export { loreBookToWorldInfo } from './world-info-export.ts';

export interface WorldInfoImportOptions {
  /** The new book's id, the library's to give: a file imported twice makes two books. */
  id: string;
  /** The file's name without its extension: the book's name unless the file names one. */
  name: string;
  /** The person's language, for the report and a refusal. */
  language: Language;
}

export type WorldInfoImport =
  { ok: true; book: LoreBook; report: ImportReport } | { ok: false; code: 'not-a-lorebook'; detail: string };

/** A book's name and description as long as ours may be (doc/lore-book.ts). */
const MAX_NAME = 200;
const MAX_DESCRIPTION = 4000;
/** How much of an entry's title names it in the report. */
const LABEL_LENGTH = 40;

function label(entry: Record<string, unknown>, uid: string): string {
  const title = typeof entry.comment === 'string' ? entry.comment.trim() : '';
  if (!title) return `#${uid}`;
  return title.length > LABEL_LENGTH ? `${title.slice(0, LABEL_LENGTH)}…` : title;
}

/** Ids: a Rashomon id where the file has one (first come), else one made from the uid, unique either way. */
function assignIds(
  records: Array<{ entry: Record<string, unknown>; uid: string }>,
  notes: ImportNotes,
): string[] {
  const reserved = new Map<string, number>();
  records.forEach(({ entry }, i) => {
    const id = rashomonIdOf(entry);
    if (id !== undefined && !reserved.has(id)) reserved.set(id, i);
  });
  const used = new Set<string>();
  return records.map(({ entry, uid }, i) => {
    const own = rashomonIdOf(entry);
    if (own !== undefined && reserved.get(own) === i) return (used.add(own), own);
    const base = `entry-${uid}`;
    let id = base;
    for (let n = 2; used.has(id) || reserved.has(id); n++) id = `${base}-${n}`;
    if (id !== base || own !== undefined)
      notes.add(
        'converted',
        tr(notes.language, 'entries sharing an id or uid were given ids of their own'),
        label(entry, uid),
      );
    used.add(id);
    return id;
  });
}

export function importWorldInfo(input: unknown, opts: WorldInfoImportOptions): WorldInfoImport {
  const { language } = opts;
  const notes = createImportNotes(language);
  const shape = lorebookShape(input, notes);
  if (!shape.ok) return { ok: false, code: 'not-a-lorebook', detail: shape.detail };
  if (shape.shape === LoreShape.characterBook)
    notes.add('converted', tr(language, 'read as a character book (Character Card V2)'));

  const records: Array<{ entry: Record<string, unknown>; uid: string }> = [];
  shape.entries.forEach((raw: RawEntry, index) => {
    if (isRecord(raw.value))
      records.push({ entry: raw.value, uid: entryUid(raw.value) ?? raw.key ?? String(index) });
    else
      notes.add(
        'warnings',
        tr(language, 'an item of the book is not an entry; it was left out'),
        `#${raw.key ?? index}`,
      );
  });
  if (shape.entries.length > 0 && records.length === 0)
    return {
      ok: false,
      code: 'not-a-lorebook',
      detail: tr(language, 'This file is not a lorebook: none of its {count} items is an entry.', {
        count: shape.entries.length,
      }),
    };
  const ids = assignIds(records, notes);
  const entries: LoreEntryInput[] = records.map(({ entry, uid }, i) => ({
    id: ids[i] as string,
    ...readEntry(entry, notes, label(entry, uid)),
  }));
  if (!entries.length) notes.add('warnings', tr(language, 'The book has no entries.'));

  const name = (shape.name ?? opts.name).trim().slice(0, MAX_NAME) || tr(language, 'Imported lorebook');
  const description = shape.description ?? '';
  if (description.length > MAX_DESCRIPTION)
    notes.add(
      'warnings',
      tr(language, '{field} is longer than {max} characters; it was cut', {
        field: 'description',
        max: MAX_DESCRIPTION,
      }),
    );
  // Everything above stays inside the schema's limits: a failure here is a bug of this reader.
  const book = loreBookSchema.parse({
    id: opts.id,
    name,
    description: description.slice(0, MAX_DESCRIPTION),
    entries,
  });
  return {
    ok: true,
    book,
    report: { kind: 'lorebook', name, lorebookEntries: book.entries.length, ...notes.lists() },
  };
}
