// A lorebook as the editor holds it until Save: each entry's lists (keys, secondary keys, groups, the
// character filter's names) as the comma-separated text typed. Turned back into what saveLorebook takes.
import type { LoreBook, LoreBookInput, LoreEntry } from '../../workers/api.ts';
import { joinCommaList, splitCommaList } from '../ui/comma-list.ts';

export type EntryDraft = Omit<LoreEntry, 'keys' | 'secondaryKeys' | 'groups' | 'characterFilter'> & {
  keys: string;
  secondaryKeys: string;
  groups: string;
  filterNames: string;
  filterExclude: boolean;
};

/** What the entry editor's parts are given: the entry, and how to change it. */
export interface EntryProps {
  entry: EntryDraft;
  set: (patch: Partial<EntryDraft>) => void;
}

export type BookDraft = Omit<LoreBook, 'entries'> & { entries: EntryDraft[] };

/** A new entry: the schema's defaults (driver/doc/lore-book.ts; tests/unit/lore-drafts.test.ts keeps them equal). */
export function newEntry(id: string): EntryDraft {
  return entryDraftOf({
    id,
    title: '',
    keys: [],
    secondaryKeys: [],
    selectiveLogic: 'and-any',
    content: '',
    enabled: true,
    constant: false,
    order: 100,
    position: 'after-card',
    depth: 4,
    role: 'system',
    useProbability: true,
    probability: 100,
    scanDepth: null,
    caseSensitive: null,
    matchWholeWords: null,
    useGroupScoring: null,
    excludeRecursion: false,
    preventRecursion: false,
    delayUntilRecursion: 0,
    groups: [],
    groupOverride: false,
    groupWeight: 100,
    sticky: 0,
    cooldown: 0,
    delay: 0,
    characterFilter: { names: [], exclude: false },
  });
}

export function entryDraftOf(entry: LoreEntry): EntryDraft {
  const { characterFilter, ...rest } = entry;
  return {
    ...rest,
    keys: joinCommaList(entry.keys),
    secondaryKeys: joinCommaList(entry.secondaryKeys),
    groups: joinCommaList(entry.groups),
    filterNames: joinCommaList(characterFilter.names),
    filterExclude: characterFilter.exclude,
  };
}

export function entryOf(draft: EntryDraft): LoreEntry {
  const { filterNames, filterExclude, ...rest } = draft;
  return {
    ...rest,
    keys: splitCommaList(draft.keys, true),
    secondaryKeys: splitCommaList(draft.secondaryKeys, true),
    groups: splitCommaList(draft.groups),
    characterFilter: { names: splitCommaList(filterNames), exclude: filterExclude },
  };
}

export const bookDraftOf = (book: LoreBook): BookDraft => ({
  ...structuredClone(book),
  entries: book.entries.map(entryDraftOf),
});

export const bookInput = (draft: BookDraft): LoreBookInput => ({
  ...draft,
  entries: draft.entries.map(entryOf),
});
