// One of our books as a SillyTavern World Info file: `entries` keyed by uid, SillyTavern's field names
// and numeric enumerations, its template's values for what we do not have, so SillyTavern reads it as
// its own. Our ids ride along under `extensions.rashomon`, so importing the file back keeps them.
import { loreBookSchema, type LoreBookInput } from '../../doc/lore-book.ts';
import { ST_LOGIC, ST_ROLE, positionToSt, type StPosition } from './world-info-enums.ts';

export interface StWorldInfoEntry {
  uid: number;
  key: string[];
  keysecondary: string[];
  comment: string;
  content: string;
  constant: boolean;
  vectorized: boolean;
  selective: boolean;
  selectiveLogic: number;
  addMemo: boolean;
  order: number;
  position: StPosition;
  disable: boolean;
  ignoreBudget: boolean;
  excludeRecursion: boolean;
  preventRecursion: boolean;
  delayUntilRecursion: number;
  probability: number;
  useProbability: boolean;
  depth: number;
  group: string;
  groupOverride: boolean;
  groupWeight: number;
  scanDepth: number | null;
  caseSensitive: boolean | null;
  matchWholeWords: boolean | null;
  useGroupScoring: boolean | null;
  automationId: string;
  role: number;
  sticky: number;
  cooldown: number;
  delay: number;
  displayIndex: number;
  characterFilter: { isExclude: boolean; names: string[]; tags: string[] };
  extensions: { rashomon: { id: string } };
}

/** SillyTavern names a world file by its file name; `name` and `description` are ours (it ignores them). */
export interface StWorldInfo {
  name: string;
  description: string;
  entries: Record<string, StWorldInfoEntry>;
}

/**
 * Group names go out as SillyTavern's comma-separated text: a name that itself holds a comma comes
 * back as two groups (SillyTavern cannot say otherwise).
 */
export function loreBookToWorldInfo(input: LoreBookInput): StWorldInfo {
  const book = loreBookSchema.parse(input);
  const entries: Record<string, StWorldInfoEntry> = {};
  book.entries.forEach((e, uid) => {
    entries[String(uid)] = {
      uid,
      key: e.keys,
      keysecondary: e.secondaryKeys,
      comment: e.title,
      content: e.content,
      constant: e.constant,
      vectorized: false,
      selective: true,
      selectiveLogic: ST_LOGIC.indexOf(e.selectiveLogic),
      addMemo: e.title !== '',
      order: e.order,
      position: positionToSt(e.position),
      disable: !e.enabled,
      ignoreBudget: false,
      excludeRecursion: e.excludeRecursion,
      preventRecursion: e.preventRecursion,
      delayUntilRecursion: e.delayUntilRecursion,
      probability: e.probability,
      useProbability: e.useProbability,
      depth: e.depth,
      group: e.groups.join(','),
      groupOverride: e.groupOverride,
      groupWeight: e.groupWeight,
      scanDepth: e.scanDepth,
      caseSensitive: e.caseSensitive,
      matchWholeWords: e.matchWholeWords,
      useGroupScoring: e.useGroupScoring,
      automationId: '',
      role: ST_ROLE.indexOf(e.role),
      sticky: e.sticky,
      cooldown: e.cooldown,
      delay: e.delay,
      displayIndex: uid,
      characterFilter: { isExclude: e.characterFilter.exclude, names: e.characterFilter.names, tags: [] },
      extensions: { rashomon: { id: e.id } },
    };
  });
  return { name: book.name, description: book.description, entries };
}
