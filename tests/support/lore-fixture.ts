// Lore scans with real inputs for table tests: entries from the schema (defaults filled), a window of
// messages, a character-count tokenizer and a seeded random, and short summaries of what fired.
import { activateLore, type LoreScan, type LoreScanInput } from '../../src/driver/lore/activate.ts';
import type { FireReason, SkipReason } from '../../src/driver/lore/reasons.ts';
import {
  loreEntrySchema,
  loreSettingsSchema,
  type LoreEntry,
  type LoreEntryInput,
  type LoreSettings,
} from '../../src/driver/doc/lore-book.ts';
import { createSeededRandom } from '../../src/driver/lore/seeded-random.ts';

export const BOOK = 'lore';

/** An entry with its id as content prefix, so what it says is easy to aim recursion at. */
export function entry(id: string, fields: Partial<LoreEntryInput> = {}): LoreEntry {
  return loreEntrySchema.parse({ id, content: `${id}.`, ...fields });
}

/** One token per character: lengths in tests are budgets in tokens. */
export const charTokens = (text: string) => text.length;

export interface ScanOptions extends Partial<Omit<LoreScanInput, 'settings' | 'entries'>> {
  settings?: Partial<LoreSettings>;
  /** Entries of another book than BOOK: `[book, entry]`. */
  books?: Array<[string, LoreEntry]>;
}

export function scan(entries: LoreEntry[], options: ScanOptions = {}): LoreScan {
  const { settings, books = [], ...rest } = options;
  return activateLore({
    entries: [
      ...entries.map((e) => ({ book: BOOK, entry: e })),
      ...books.map(([book, e]) => ({ book, entry: e })),
    ],
    settings: loreSettingsSchema.parse(settings ?? {}),
    messages: [],
    character: 'Mara',
    messageCount: 10,
    lastFired: new Map(),
    budget: 100_000,
    tokens: charTokens,
    random: createSeededRandom('tests'),
    ...rest,
  });
}

/** The ids that fired, in insertion order. */
export const firedIds = (result: LoreScan) => result.fired.map((f) => f.entry.id);

export function firedWhy(result: LoreScan, id: string): FireReason | undefined {
  return result.fired.find((f) => f.entry.id === id)?.why;
}

export function skippedWhy(result: LoreScan, id: string): SkipReason | undefined {
  return result.skipped.find((s) => s.entry.id === id)?.why;
}

/** A random that always answers `value`, recording what it was asked for. */
export function fixedRandom(value: number): LoreScanInput['random'] & { asked: string[] } {
  const asked: string[] = [];
  return Object.assign(
    (key: string) => {
      asked.push(key);
      return value;
    },
    { asked },
  );
}

export const ref = (id: string, book = BOOK) => ({ book, id });
