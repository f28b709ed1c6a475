// One World Info entry, in any of the spellings world-info-fields.ts lists, read into our entry
// fields. A value missing takes SillyTavern's default (its new-entry template), so an entry behaves as it
// did there; whatever was read leniently, moved or left out is noted, naming the entry.
import type { LoreEntryInput } from '../../doc/lore-book.ts';
import { tr } from '../../i18n/messages.ts';
import type { ImportNotes } from '../import-notes.ts';
import { createLenientReader } from '../lenient-read.ts';
import { ENTRY_FIELDS, findField, isRecord, rashomonIdOf, type EntryField } from './world-info-fields.ts';
import { readLogic, readPosition, readRole } from './world-info-entry-enums.ts';
import { unsupportedNotes } from './world-info-notes.ts';

/** The limits of our entry's fields (doc/lore-book.ts), which a longer value is cut to. */
const MAX = { key: 500, title: 500, content: 20_000, group: 200, name: 200 } as const;
const COUNT = { min: 0, max: 10_000, int: true } as const;
const ORDER = { min: -10_000, max: 10_000, int: true } as const;

/** What the entry reader leaves to its caller: the id, which must be unique in the book. */
export type EntryFields = Omit<LoreEntryInput, 'id'>;

/** The entry's uid, as SillyTavern numbers it (a text here): what its id is made from. */
export function entryUid(entry: Record<string, unknown>): string | undefined {
  const found = findField(entry, ENTRY_FIELDS.uid);
  const v = found?.[1];
  return typeof v === 'number' || (typeof v === 'string' && v.trim()) ? String(v).trim() : undefined;
}

export function readEntry(entry: Record<string, unknown>, notes: ImportNotes, about: string): EntryFields {
  const { language } = notes;
  const r = createLenientReader(notes, about);
  const at = (field: EntryField) => findField(entry, ENTRY_FIELDS[field]);
  const bool = (field: EntryField, nullable = false) => {
    const f = at(field);
    return f && r.bool(f[0], f[1], nullable);
  };
  const count = (field: EntryField, nullable = false) => {
    const f = at(field);
    return f && r.number(f[0], f[1], COUNT, nullable);
  };
  const cut = (field: string, text: string, max: number): string => {
    if (text.length <= max) return text;
    notes.add(
      'warnings',
      tr(language, '{field} is longer than {max} characters; it was cut', { field, max }),
      about,
    );
    return text.slice(0, max);
  };
  const keyList = (field: EntryField): string[] => {
    const f = at(field);
    const keys = (f && r.list(f[0], f[1])) ?? [];
    const kept = keys.filter((k) => k.length <= MAX.key);
    if (kept.length < keys.length)
      notes.add('dropped', tr(language, 'keys longer than {max} characters', { max: MAX.key }), about);
    return kept;
  };

  let secondaryKeys = keyList('secondaryKeys');
  // SillyTavern reads the secondary keys only of a selective entry (its template's default is selective).
  if (bool('selective') === false && secondaryKeys.length) {
    notes.add(
      'dropped',
      tr(language, 'secondary keys of an entry that is not selective (unused there too)'),
      about,
    );
    secondaryKeys = [];
  }
  const title = at('title');
  const content = at('content');
  const disable = bool('disable');
  const probability = at('probability');
  const groupWeight = at('groupWeight');
  const order = at('order');
  unsupportedNotes(entry, notes, about);

  return {
    title: cut('comment', (title && r.text(title[0], title[1])) ?? '', MAX.title),
    keys: keyList('keys'),
    secondaryKeys,
    selectiveLogic: readLogic(entry, notes, about),
    content: cut('content', (content && r.text(content[0], content[1])) ?? '', MAX.content),
    enabled: disable === undefined || disable === null ? (bool('enabled') ?? true) : !disable,
    constant: bool('constant') ?? false,
    order: (order && r.number(order[0], order[1], ORDER)) ?? 100,
    position: readPosition(entry, notes, about),
    depth: count('depth') ?? 4,
    role: readRole(entry, notes, about),
    useProbability: bool('useProbability') ?? true,
    // null: older SillyTavern books without a roll; it always fires there.
    probability: (probability && r.number(probability[0], probability[1], { min: 0, max: 100 }, true)) ?? 100,
    scanDepth: count('scanDepth', true) ?? null,
    caseSensitive: bool('caseSensitive', true) ?? null,
    matchWholeWords: bool('matchWholeWords', true) ?? null,
    useGroupScoring: bool('useGroupScoring', true) ?? null,
    excludeRecursion: bool('excludeRecursion') ?? false,
    preventRecursion: bool('preventRecursion') ?? false,
    delayUntilRecursion: readDelayUntilRecursion(entry, notes, about),
    groups: readGroups(entry, notes, about).map((g) => cut('group', g, MAX.group)),
    groupOverride: bool('groupOverride') ?? false,
    groupWeight:
      (groupWeight && r.number(groupWeight[0], groupWeight[1], { min: 1, max: 10_000, int: true })) ?? 100,
    // null is SillyTavern's "no timed effect".
    sticky: count('sticky', true) ?? 0,
    cooldown: count('cooldown', true) ?? 0,
    delay: count('delay', true) ?? 0,
    characterFilter: readCharacterFilter(entry, notes, about),
  };
}

/** A level: true is SillyTavern's level 1, false none. */
function readDelayUntilRecursion(entry: Record<string, unknown>, notes: ImportNotes, about: string): number {
  const found = findField(entry, ENTRY_FIELDS.delayUntilRecursion);
  if (!found) return 0;
  if (typeof found[1] === 'boolean') return found[1] ? 1 : 0;
  const r = createLenientReader(notes, about);
  const asBool = typeof found[1] === 'string' && /^\s*(true|false)\s*$/i.test(found[1]);
  if (asBool) return r.bool(found[0], found[1]) ? 1 : 0;
  return r.number(found[0], found[1], COUNT, true) ?? 0;
}

/** SillyTavern keeps an entry's inclusion groups as one comma-separated text. */
function readGroups(entry: Record<string, unknown>, notes: ImportNotes, about: string): string[] {
  const found = findField(entry, ENTRY_FIELDS.group);
  if (!found || found[1] === null || found[1] === '') return [];
  const v = found[1];
  const list =
    typeof v === 'string' ? v.split(',') : (createLenientReader(notes, about).list(found[0], v) ?? []);
  return [...new Set(list.map((g) => g.trim()).filter(Boolean))];
}

function readCharacterFilter(
  entry: Record<string, unknown>,
  notes: ImportNotes,
  about: string,
): EntryFields['characterFilter'] {
  const found = findField(entry, ENTRY_FIELDS.characterFilter);
  if (!found || !isRecord(found[1])) return { names: [], exclude: false };
  const f = found[1];
  const r = createLenientReader(notes, about);
  const names = (r.list(`${found[0]}.names`, f.names) ?? []).filter((n) => n.length <= MAX.name);
  const tags = r.list(`${found[0]}.tags`, f.tags) ?? [];
  if (tags.length)
    notes.add('dropped', tr(notes.language, 'character filter by tags (Rashomon filters by name)'), about);
  // Names in a book Rashomon wrote are our participants' names already.
  if (names.length && rashomonIdOf(entry) === undefined)
    notes.add(
      'warnings',
      tr(
        notes.language,
        'a character filter names SillyTavern characters (by their file names there): check that they match the names in your stories',
      ),
      about,
    );
  const exclude = r.bool(`${found[0]}.isExclude`, f.isExclude ?? f.is_exclude) ?? false;
  return { names, exclude };
}
