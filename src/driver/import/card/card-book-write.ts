// A lorebook written back as a card's `character_book`, in the shape SillyTavern exports (spec
// fields plus its own in `extensions`). An entry unchanged since import is written as it came, so
// fields Rashomon has no place for (priority, use_regex, automation ids…) survive a round trip.
import { LorePosition, loreBookSchema, type LoreBookInput, type LoreEntry } from '../../doc/lore-book.ts';
import { silentNotes } from '../card-notes.ts';
import { macrosOut, normaliseText } from './card-text.ts';
import { LOGICS, ROLES, cardEntryToLoreEntry, entryIds, rawEntries } from './card-book.ts';
import { jsonEqual } from '../json-equal.ts';
import { isRecord, readText } from '../lenient.ts';

/** SillyTavern's numbers for the places Rashomon has. */
const ST_POSITION: Record<LorePosition, number> = {
  [LorePosition.beforeCard]: 0,
  [LorePosition.afterCard]: 1,
  [LorePosition.atDepth]: 4,
};

/** An id of digits is written as a number, as the spec types it. */
const idOut = (id: string): string | number => (/^\d{1,15}$/.test(id) ? Number(id) : id);

function entryOut(entry: LoreEntry, original: Record<string, unknown>): Record<string, unknown> {
  const ext = isRecord(original.extensions) ? original.extensions : {};
  return {
    ...original,
    id: idOut(entry.id),
    keys: entry.keys,
    secondary_keys: entry.secondaryKeys,
    comment: entry.title,
    content: macrosOut(entry.content),
    constant: entry.constant,
    selective: entry.secondaryKeys.length > 0 || original.selective === true,
    insertion_order: entry.order,
    enabled: entry.enabled,
    position: entry.position === LorePosition.beforeCard ? 'before_char' : 'after_char',
    ...(entry.caseSensitive === null ? {} : { case_sensitive: entry.caseSensitive }),
    extensions: {
      ...ext,
      position: ST_POSITION[entry.position],
      depth: entry.depth,
      role: ROLES.indexOf(entry.role),
      selectiveLogic: LOGICS.indexOf(entry.selectiveLogic),
      useProbability: entry.useProbability,
      probability: entry.probability,
      scan_depth: entry.scanDepth,
      case_sensitive: entry.caseSensitive,
      match_whole_words: entry.matchWholeWords,
      use_group_scoring: entry.useGroupScoring,
      exclude_recursion: entry.excludeRecursion,
      prevent_recursion: entry.preventRecursion,
      delay_until_recursion: entry.delayUntilRecursion,
      group: entry.groups.join(','),
      group_override: entry.groupOverride,
      group_weight: entry.groupWeight,
      sticky: entry.sticky,
      cooldown: entry.cooldown,
      delay: entry.delay,
    },
  };
}

/**
 * The book as a `character_book`; `original` is the card's book as imported (or undefined), whose
 * unchanged entries and book-level fields (scan_depth, token_budget, extensions…) are kept. A book
 * that was named after the character (`characterName`) because it had no name is written without one.
 */
export function loreBookToCardBook(
  input: LoreBookInput,
  original?: unknown,
  characterName?: string,
): Record<string, unknown> {
  const book = loreBookSchema.parse(input);
  const orig = isRecord(original) ? original : {};
  const origList = rawEntries(orig, silentNotes());
  const byId = new Map(entryIds(origList).map((id, i) => [id, origList[i]] as const));
  const entries = book.entries.map((entry) => {
    const o = byId.get(entry.id);
    if (!isRecord(o)) return entryOut(entry, {});
    return jsonEqual(cardEntryToLoreEntry(o, entry.id, silentNotes()), entry) ? o : entryOut(entry, o);
  });
  const sameText = (key: string, value: string) =>
    normaliseText(readText(orig[key], '', silentNotes()) ?? '', silentNotes()).trim() === value;
  const { name: _name, description: _description, ...rest } = orig;
  return {
    ...rest,
    ...(sameText('name', book.name) || (orig.name === undefined && book.name === characterName)
      ? pick(orig, 'name')
      : { name: book.name }),
    ...(sameText('description', book.description)
      ? pick(orig, 'description')
      : { description: book.description }),
    extensions: isRecord(orig.extensions) ? orig.extensions : {},
    entries,
  };
}

const pick = (o: Record<string, unknown>, key: string): Record<string, unknown> =>
  o[key] === undefined ? {} : { [key]: o[key] };
