// A card's embedded lorebook (`character_book` of the V2/V3 specs, with SillyTavern's fields in
// `extensions`) read as a Rashomon lorebook, following SillyTavern's own reading of card books:
// extensions win over the spec's fields, an entry without an id is known by its index.
import {
  LorePosition,
  LoreRole,
  SelectiveLogic,
  loreBookSchema,
  type LoreBook,
  type LoreEntry,
} from '../../doc/lore-book.ts';
import type { Language } from '../../doc/schema.ts';
import { tr } from '../../i18n/messages.ts';
import { nameList } from '../../i18n/lists.ts';
import { safeParseIn } from '../../i18n/zod-messages.ts';
import { createNoteTaker, type NoteTaker } from '../card-notes.ts';
import { cardTextIn, normaliseText } from './card-text.ts';
import { isRecord, readBool, readInt, readNumber, readText, readTextList } from '../lenient.ts';

/**
 * SillyTavern's numbered positions (world_info_position): where Rashomon tells each (0 before the
 * character, 1 after it, 4 at depth), or how a note names the place Rashomon does not have.
 */
const ST_POSITIONS: Record<number, LorePosition | ((language: Language) => string)> = {
  0: LorePosition.beforeCard,
  1: LorePosition.afterCard,
  2: (language) => tr(language, "before the author's note"),
  3: (language) => tr(language, "after the author's note"),
  4: LorePosition.atDepth,
  5: (language) => tr(language, 'before the example messages'),
  6: (language) => tr(language, 'after the example messages'),
  7: (language) => tr(language, 'an outlet'),
};
export const ROLES = [LoreRole.system, LoreRole.user, LoreRole.assistant] as const;
export const LOGICS = [
  SelectiveLogic.andAny,
  SelectiveLogic.notAll,
  SelectiveLogic.notAny,
  SelectiveLogic.andAll,
] as const;

/** The limits of our lorebook schema: longer values are cut, with a warning. */
const MAX = { id: 200, title: 500, key: 500, content: 20_000, group: 200, name: 200, description: 4000 };
const COUNT = { min: 0, max: 10_000 };
const F = 'character_book.entries[]';

/** `what` names the text in the notes' language. */
function cut(text: string, max: number, what: string, notes: NoteTaker): string {
  if (text.length <= max) return text;
  notes.warn(
    tr(
      notes.language,
      '{what} longer than {max} characters: cut to {max} (the whole text is kept for export)',
      { what, max },
    ),
  );
  return text.slice(0, max);
}

function keys(value: unknown, field: string, notes: NoteTaker): string[] {
  const list = readTextList(value, field, notes) ?? [];
  const out = list.map((k) => normaliseText(k, notes)).filter((k) => k.trim() !== '');
  const fitting = out.filter((k) => k.length <= MAX.key);
  if (fitting.length < out.length)
    notes.warn(
      tr(notes.language, '{field}: keys longer than {max} characters ignored', { field, max: MAX.key }),
    );
  return fitting;
}

function position(
  raw: Record<string, unknown>,
  ext: Record<string, unknown>,
  notes: NoteTaker,
): LorePosition {
  const st = readInt(
    ext.position ?? (typeof raw.position === 'number' ? raw.position : undefined),
    `${F}.extensions.position`,
    notes,
    { min: -1, max: 100 },
  );
  if (st !== undefined) {
    const known = ST_POSITIONS[st];
    if (typeof known === 'string') return known;
    const place = known
      ? known(notes.language)
      : tr(notes.language, 'at SillyTavern position {position}', { position: st });
    notes.warn(
      tr(
        notes.language,
        'book entries placed {place}: Rashomon has no such place; told after the character',
        { place },
      ),
    );
    return LorePosition.afterCard;
  }
  return raw.position === 'before_char' ? LorePosition.beforeCard : LorePosition.afterCard;
}

/** The id an entry is known by: its own, else its index (as SillyTavern does). */
export function entryIds(rawEntries: readonly unknown[]): string[] {
  const seen = new Set<string>();
  return rawEntries.map((raw, i) => {
    const own =
      isRecord(raw) && (typeof raw.id === 'number' || typeof raw.id === 'string') ? String(raw.id) : '';
    let id = own.trim() !== '' && own.length <= MAX.id ? own : String(i);
    if (seen.has(id)) id = `${id}-${i}`;
    seen.add(id);
    return id;
  });
}

/** One entry of a card's book as a lorebook entry. */
export function cardEntryToLoreEntry(raw: Record<string, unknown>, id: string, notes: NoteTaker): LoreEntry {
  const ext = isRecord(raw.extensions) ? raw.extensions : {};
  const bool = (v: unknown, f: string) => readBool(v, `${F}.${f}`, notes);
  const int = (v: unknown, f: string, bounds = COUNT) => readInt(v, `${F}.${f}`, notes, bounds);
  const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);
  const selective = bool(raw.selective, 'selective') ?? false;
  const title = readText(raw.comment, `${F}.comment`, notes) || readText(raw.name, `${F}.name`, notes) || '';
  const content = cardTextIn(readText(raw.content, `${F}.content`, notes) ?? '', notes);
  const delayUntil = ext.delay_until_recursion;
  const groups = (readText(ext.group, `${F}.extensions.group`, notes) ?? '')
    .split(',')
    .map((g) => g.trim())
    .filter((g) => g !== '' && g.length <= MAX.group);
  return {
    id,
    title: cut(normaliseText(title, notes), MAX.title, tr(notes.language, 'a book entry title'), notes),
    keys: keys(raw.keys, `${F}.keys`, notes),
    // SillyTavern reads secondary keys only of a selective entry.
    secondaryKeys: selective ? keys(raw.secondary_keys, `${F}.secondary_keys`, notes) : [],
    selectiveLogic:
      LOGICS[int(ext.selectiveLogic, 'extensions.selectiveLogic', { min: 0, max: 3 }) ?? 0] ?? 'and-any',
    content: cut(content, MAX.content, tr(notes.language, 'a book entry'), notes),
    enabled: bool(raw.enabled, 'enabled') ?? true,
    constant: bool(raw.constant, 'constant') ?? false,
    order: int(raw.insertion_order, 'insertion_order', { min: -10_000, max: 10_000 }) ?? 100,
    position: position(raw, ext, notes),
    depth: int(ext.depth, 'extensions.depth') ?? 4,
    role: ROLES[int(ext.role, 'extensions.role', { min: 0, max: 2 }) ?? 0] ?? 'system',
    useProbability: bool(ext.useProbability, 'extensions.useProbability') ?? true,
    probability: Math.min(
      100,
      Math.max(0, readNumber(ext.probability, `${F}.extensions.probability`, notes) ?? 100),
    ),
    scanDepth: orNull(int(ext.scan_depth, 'extensions.scan_depth')),
    caseSensitive: orNull(
      bool(ext.case_sensitive, 'extensions.case_sensitive') ?? bool(raw.case_sensitive, 'case_sensitive'),
    ),
    matchWholeWords: orNull(bool(ext.match_whole_words, 'extensions.match_whole_words')),
    useGroupScoring: orNull(bool(ext.use_group_scoring, 'extensions.use_group_scoring')),
    excludeRecursion: bool(ext.exclude_recursion, 'extensions.exclude_recursion') ?? false,
    preventRecursion: bool(ext.prevent_recursion, 'extensions.prevent_recursion') ?? false,
    // SillyTavern writes false/true for "off"/"level 1", or the level itself.
    delayUntilRecursion:
      typeof delayUntil === 'boolean'
        ? Number(delayUntil)
        : (int(delayUntil, 'extensions.delay_until_recursion') ?? 0),
    groups,
    groupOverride: bool(ext.group_override, 'extensions.group_override') ?? false,
    groupWeight: int(ext.group_weight, 'extensions.group_weight', { min: 1, max: 10_000 }) ?? 100,
    sticky: int(ext.sticky, 'extensions.sticky') ?? 0,
    cooldown: int(ext.cooldown, 'extensions.cooldown') ?? 0,
    delay: int(ext.delay, 'extensions.delay') ?? 0,
    characterFilter: { names: [], exclude: false },
  };
}

/** The entries of a book: a list, or (as some tools write) an object keyed by id. */
export function rawEntries(book: Record<string, unknown>, notes: NoteTaker): unknown[] {
  const { entries } = book;
  if (Array.isArray(entries)) return entries;
  if (isRecord(entries)) {
    notes.warn(tr(notes.language, 'character_book.entries: an object keyed by id, read as a list'));
    return Object.values(entries);
  }
  if (entries !== undefined && entries !== null)
    notes.warn(tr(notes.language, '{field}: not a list, ignored', { field: 'character_book.entries' }));
  return [];
}

/** The book's id in the import: derived from the character's name, so reading is deterministic. */
export const cardBookId = (characterName: string): string => `card-book:${characterName}`.slice(0, MAX.id);

/**
 * A card's `character_book` as a lorebook named after the book (else the character), or null when
 * the card has none (absent, null, or not an object).
 */
export function cardBookToLoreBook(
  raw: unknown,
  characterName: string,
  notes: NoteTaker = createNoteTaker(),
): LoreBook | null {
  if (raw === undefined || raw === null) return null;
  const { language } = notes;
  if (!isRecord(raw)) {
    notes.warn(tr(language, '{field}: not an object, ignored', { field: 'character_book' }));
    return null;
  }
  const list = rawEntries(raw, notes);
  const ids = entryIds(list);
  const entries: LoreEntry[] = [];
  list.forEach((entry, i) => {
    if (isRecord(entry)) entries.push(cardEntryToLoreEntry(entry, ids[i] ?? String(i), notes));
    else notes.drop(tr(language, '{field}: not an object', { field: `character_book.entries[${i}]` }));
  });
  const settings = ['scan_depth', 'token_budget', 'recursive_scanning'].filter((k) => raw[k] !== undefined);
  if (settings.length > 0) {
    notes.warn(
      tr(
        language,
        "character_book {settings}: in Rashomon these are the story's scan settings, not the book's; not applied (kept for export)",
        { settings: nameList(language, settings) },
      ),
    );
  }
  const name =
    normaliseText(readText(raw.name, 'character_book.name', notes) ?? '', notes).trim() || characterName;
  const description = normaliseText(
    readText(raw.description, 'character_book.description', notes) ?? '',
    notes,
  );
  const parsed = safeParseIn(
    loreBookSchema,
    {
      id: cardBookId(characterName),
      name: name.slice(0, MAX.name),
      description: cut(description, MAX.description, tr(language, 'the book description'), notes),
      entries,
    },
    language,
  );
  if (!parsed.success) {
    const problem = parsed.issues[0]?.message ?? tr(language, 'invalid');
    notes.warn(tr(language, 'character_book could not be read: {problem}', { problem }));
    return null;
  }
  return parsed.data;
}
