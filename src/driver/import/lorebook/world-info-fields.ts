// Where each field of an entry may be written: SillyTavern's World Info spelling (camelCase, `key`,
// `keysecondary`, `disable`), the Character Card V2 book's (`keys`, `insertion_order`, snake_case, most
// of SillyTavern's extras under `extensions`), and the few other names lorebooks use for the basics.
// The first spelling found wins, so a file that carries two (SillyTavern writes both into card books)
// is read by the more precise one.

/** A path is a key of the entry, or `extensions.<key>`. */
export const ENTRY_FIELDS = {
  uid: ['uid', 'id'],
  keys: ['key', 'keys', 'keywords'],
  secondaryKeys: ['keysecondary', 'secondary_keys', 'secondaryKeys'],
  title: ['comment', 'name', 'displayName'],
  content: ['content', 'text', 'entry'],
  disable: ['disable'],
  enabled: ['enabled'],
  constant: ['constant'],
  selective: ['selective'],
  selectiveLogic: ['selectiveLogic', 'extensions.selectiveLogic', 'selective_logic'],
  order: ['order', 'insertion_order', 'insertionOrder'],
  // The V2 book's own `position` knows only before/after the card: SillyTavern's number goes first.
  position: ['extensions.position', 'position'],
  depth: ['depth', 'extensions.depth'],
  role: ['role', 'extensions.role'],
  useProbability: ['useProbability', 'extensions.useProbability', 'use_probability'],
  probability: ['probability', 'extensions.probability'],
  scanDepth: ['scanDepth', 'extensions.scan_depth', 'scan_depth'],
  caseSensitive: ['caseSensitive', 'extensions.case_sensitive', 'case_sensitive'],
  matchWholeWords: ['matchWholeWords', 'extensions.match_whole_words', 'match_whole_words'],
  useGroupScoring: ['useGroupScoring', 'extensions.use_group_scoring', 'use_group_scoring'],
  excludeRecursion: ['excludeRecursion', 'extensions.exclude_recursion', 'exclude_recursion'],
  preventRecursion: ['preventRecursion', 'extensions.prevent_recursion', 'prevent_recursion'],
  delayUntilRecursion: ['delayUntilRecursion', 'extensions.delay_until_recursion', 'delay_until_recursion'],
  group: ['group', 'extensions.group'],
  groupOverride: ['groupOverride', 'extensions.group_override', 'group_override'],
  groupWeight: ['groupWeight', 'extensions.group_weight', 'group_weight'],
  sticky: ['sticky', 'extensions.sticky'],
  cooldown: ['cooldown', 'extensions.cooldown'],
  delay: ['delay', 'extensions.delay'],
  characterFilter: ['characterFilter', 'extensions.character_filter', 'character_filter'],
} as const satisfies Record<string, readonly string[]>;
export type EntryField = keyof typeof ENTRY_FIELDS;

/**
 * SillyTavern settings Rashomon has no place for, with the value that means "not used": an entry
 * that sets another is reported (the setting is left out; the entry still comes in).
 */
export const UNSUPPORTED_FIELDS: ReadonlyArray<{ paths: readonly string[]; unused: unknown }> = [
  { paths: ['vectorized', 'extensions.vectorized'], unused: false },
  { paths: ['ignoreBudget', 'extensions.ignore_budget'], unused: false },
  { paths: ['matchPersonaDescription', 'extensions.match_persona_description'], unused: false },
  { paths: ['matchCharacterDescription', 'extensions.match_character_description'], unused: false },
  { paths: ['matchCharacterPersonality', 'extensions.match_character_personality'], unused: false },
  { paths: ['matchCharacterDepthPrompt', 'extensions.match_character_depth_prompt'], unused: false },
  { paths: ['matchScenario', 'extensions.match_scenario'], unused: false },
  { paths: ['matchCreatorNotes', 'extensions.match_creator_notes'], unused: false },
  { paths: ['automationId', 'extensions.automation_id'], unused: '' },
  { paths: ['outletName', 'extensions.outlet_name'], unused: '' },
];

/** Generation types an entry is limited to (`triggers`): none, or all of them, means every request. */
export const TRIGGER_PATHS = ['triggers', 'extensions.triggers'] as const;

/** An entry id's longest (doc/lore-book.ts). */
const MAX_ID = 200;

export type Found = readonly [path: string, value: unknown];

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first of `paths` the entry holds (null counts as held: it is a value to read leniently). */
export function findField(entry: Record<string, unknown>, paths: readonly string[]): Found | undefined {
  const extensions = isRecord(entry.extensions) ? entry.extensions : {};
  for (const path of paths) {
    const [where, key] = path.startsWith('extensions.')
      ? [extensions, path.slice('extensions.'.length)]
      : [entry, path];
    if (Object.hasOwn(where, key) && where[key] !== undefined) return [path, where[key]];
  }
  return undefined;
}

/** Where Rashomon's export keeps an entry's id, so that a round trip keeps it. */
export function rashomonIdOf(entry: Record<string, unknown>): string | undefined {
  const ext = isRecord(entry.extensions) ? entry.extensions : {};
  const ours = isRecord(ext.rashomon) ? ext.rashomon : {};
  return typeof ours.id === 'string' && ours.id.trim() && ours.id.length <= MAX_ID ? ours.id : undefined;
}
