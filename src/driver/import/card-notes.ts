// What an importer tells the person besides what it read: warnings, conversions and what was left
// out, each said once however often it happened (a card with 300 book entries gives one line per kind).
import type { Language } from '../doc/schema.ts';
import type { ImportReport } from './intermediate.ts';

export type ImportNotes = Pick<ImportReport, 'warnings' | 'converted' | 'dropped'>;

export interface NoteTaker {
  /** The person's language: every note is worded in it (tr()) before it is taken. */
  readonly language: Language;
  warn(message: string): void;
  convert(message: string): void;
  drop(message: string): void;
  readonly notes: ImportNotes;
}

/** A note taker that keeps the first occurrence of each line, in the order they came. */
export function createNoteTaker(language: Language = 'en'): NoteTaker {
  const notes: ImportNotes = { warnings: [], converted: [], dropped: [] };
  const adder = (list: string[]) => (message: string) => {
    if (!list.includes(message)) list.push(message);
  };
  return {
    language,
    warn: adder(notes.warnings),
    convert: adder(notes.converted),
    drop: adder(notes.dropped),
    notes,
  };
}

/** Where notes go when nobody reads them (re-reading an original value to compare it on export). */
export const silentNotes = (): NoteTaker => createNoteTaker();
