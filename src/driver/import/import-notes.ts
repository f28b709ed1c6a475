// What an importer tells the person about one file, gathered while it reads: the same note about many
// entries or messages is said once and names them, so a book of 500 entries still reads in a few lines.
import type { Language } from '../doc/schema.ts';
import { tr } from '../i18n/messages.ts';
import { nameList } from '../i18n/lists.ts';
import type { ImportReport } from './intermediate.ts';

export type NoteKind = 'warnings' | 'converted' | 'dropped';

/** How many of the things a note is about it names before it says how many more there are. */
const NAMED_AT_MOST = 5;

export interface ImportNotes {
  readonly language: Language;
  /** A note (already in the person's language), about one entry or message when `about` is given. */
  add(kind: NoteKind, message: string, about?: string): void;
  lists(): Pick<ImportReport, NoteKind>;
}

export function createImportNotes(language: Language): ImportNotes {
  // Per kind: message → the things it is about, in the order met (a Map keeps insertion order).
  const notes: Record<NoteKind, Map<string, string[]>> = {
    warnings: new Map(),
    converted: new Map(),
    dropped: new Map(),
  };
  const render = (message: string, about: string[]): string => {
    if (!about.length) return message;
    const named = about.slice(0, NAMED_AT_MOST);
    const rest = about.length - named.length;
    const items = rest
      ? tr(language, '{items} and {count} more', { items: nameList(language, named), count: rest })
      : nameList(language, named);
    return tr(language, '{note} ({items})', { note: message, items });
  };
  return {
    language,
    add(kind, message, about) {
      const list = notes[kind].get(message) ?? [];
      if (about !== undefined && !list.includes(about)) list.push(about);
      notes[kind].set(message, list);
    },
    lists() {
      const out = (kind: NoteKind) => [...notes[kind]].map(([message, about]) => render(message, about));
      return { warnings: out('warnings'), converted: out('converted'), dropped: out('dropped') };
    },
  };
}
