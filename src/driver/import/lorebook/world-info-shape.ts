// What a JSON file holds, as far as lorebooks go: SillyTavern World Info (`entries` keyed by uid, or a
// list; Chub's export adds a name, a description and a V2 book's settings, keyed by numbers that are
// not the uids), a Character Card V2 book (bare, or as `character_book`), RisuAI's lorebook or module,
// Agnai's memory book, or a bare list of entries. Anything else is refused with one reason (a
// character card says so).
import { tr } from '../../i18n/messages.ts';
import type { ImportNotes } from '../import-notes.ts';
import { agnaiEntries } from './agnai-memory.ts';
import { risuEntries } from './risu-lorebook.ts';
import { isRecord } from './world-info-fields.ts';

export const LoreShape = {
  worldInfo: 'world-info',
  characterBook: 'character-book',
  risu: 'risu',
  agnai: 'agnai',
  entryList: 'entry-list',
} as const;
export type LoreShape = (typeof LoreShape)[keyof typeof LoreShape];

export interface RawEntry {
  /** Its key in a keyed `entries` object (SillyTavern's uid), when it had one. */
  key?: string;
  value: unknown;
}

export type ShapeResult =
  | { ok: true; shape: LoreShape; name?: string; description?: string; entries: RawEntry[] }
  | { ok: false; detail: string };

/** Book-level settings of a V2 book: a Rashomon story's lore settings take their place. */
const BOOK_SETTINGS = ['scan_depth', 'token_budget', 'recursive_scanning'] as const;

const RISU_ENTRY_FIELDS = ['secondkey', 'insertorder', 'alwaysActive'];
const isRisuEntry = (v: unknown) => isRecord(v) && RISU_ENTRY_FIELDS.some((f) => Object.hasOwn(v, f));
const ENTRY_HINTS = ['key', 'keys', 'content', 'keysecondary', 'secondary_keys'];
const looksLikeEntry = (v: unknown) => isRecord(v) && ENTRY_HINTS.some((f) => Object.hasOwn(v, f));
const V2_ENTRY_FIELDS = ['keys', 'insertion_order', 'secondary_keys'];

const textOf = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

function isCharacterCard(o: Record<string, unknown>): boolean {
  if (typeof o.spec === 'string' && o.spec.startsWith('chara_card')) return true;
  const card = isRecord(o.data) ? o.data : o;
  return ['first_mes', 'char_name', 'char_persona', 'mes_example'].some((f) => Object.hasOwn(card, f));
}

export function lorebookShape(input: unknown, notes: ImportNotes): ShapeResult {
  const { language } = notes;
  const refuse = (detail: string): ShapeResult => ({ ok: false, detail });
  const notALorebook = () =>
    refuse(
      tr(
        language,
        'This file is not a lorebook: it has no entries (SillyTavern World Info), data (RisuAI) or character book.',
      ),
    );
  if (Array.isArray(input)) {
    if (input.some(isRisuEntry))
      return {
        ok: true,
        shape: LoreShape.risu,
        entries: risuEntries(input, notes).map((value) => ({ value })),
      };
    if (!input.some(looksLikeEntry)) return notALorebook();
    return { ok: true, shape: LoreShape.entryList, entries: input.map((value) => ({ value })) };
  }
  if (!isRecord(input)) return notALorebook();
  if (isCharacterCard(input))
    return refuse(
      tr(
        language,
        'This file is a character card, not a lorebook: import it as a character (its book comes with it).',
      ),
    );
  const named = { ...(textOf(input.name) ? { name: textOf(input.name) } : {}) };
  const described = { ...(textOf(input.description) ? { description: textOf(input.description) } : {}) };

  const risu = input.type === 'risuModule' ? input.lorebook : input.data;
  if ((input.type === 'risu' || input.type === 'risuModule') && Array.isArray(risu))
    return {
      ok: true,
      shape: LoreShape.risu,
      ...named,
      ...described,
      entries: risuEntries(risu, notes).map((value) => ({ value })),
    };
  if (Array.isArray(input.data) && input.data.some(isRisuEntry))
    return {
      ok: true,
      shape: LoreShape.risu,
      ...named,
      entries: risuEntries(input.data, notes).map((value) => ({ value })),
    };

  if (input.kind === 'memory' && Array.isArray(input.entries)) {
    bookFieldNotes(input, notes);
    return {
      ok: true,
      shape: LoreShape.agnai,
      ...named,
      ...described,
      entries: agnaiEntries(input.entries, notes).map((value) => ({ value })),
    };
  }
  if (!('entries' in input) && isRecord(input.character_book)) {
    notes.add('converted', tr(language, 'the character book inside the file was read'));
    return lorebookShape(input.character_book, notes);
  }
  const entries = input.entries;
  if (entries === undefined) return notALorebook();
  const list: RawEntry[] = Array.isArray(entries)
    ? entries.map((value) => ({ value }))
    : isRecord(entries)
      ? Object.entries(entries).map(([key, value]) => ({ key, value }))
      : [];
  if (!Array.isArray(entries) && !isRecord(entries))
    return refuse(
      tr(language, 'This file is not a lorebook: its entries are neither a list nor an object of entries.'),
    );

  const settings = bookFieldNotes(input, notes);
  const v2Entry = (v: unknown) => isRecord(v) && V2_ENTRY_FIELDS.some((f) => Object.hasOwn(v, f));
  // A V2 book by its entries' fields: scan settings alone (Chub's World Info carries them) are not one.
  const v2Entries = list.some((e) => v2Entry(e.value));
  const v2 = v2Entries || (settings > 0 && !list.length);
  if (Array.isArray(entries) && !v2 && !settings)
    notes.add(
      'warnings',
      tr(language, 'entries is a list, not keyed by uid as SillyTavern writes it; read in order'),
    );
  return {
    ok: true,
    shape: v2 ? LoreShape.characterBook : LoreShape.worldInfo,
    ...named,
    ...described,
    entries: list,
  };
}

/** The book's own settings and extensions, which Rashomon does not apply: reported; how many settings. */
function bookFieldNotes(input: Record<string, unknown>, notes: ImportNotes): number {
  const settings = BOOK_SETTINGS.filter((f) => input[f] !== undefined && input[f] !== null);
  if (settings.length)
    notes.add(
      'dropped',
      tr(
        notes.language,
        'the book’s own scan settings ({fields}): a story’s lore settings decide those in Rashomon',
        { fields: settings.join(', ') },
      ),
    );
  if (isRecord(input.extensions) && Object.keys(input.extensions).length)
    notes.add(
      'dropped',
      tr(notes.language, 'the book’s extensions ({fields}): no Rashomon setting reads them', {
        fields: Object.keys(input.extensions).join(', '),
      }),
    );
  return settings.length;
}
