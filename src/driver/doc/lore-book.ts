// A lorebook in SillyTavern's World Info terms: entries with keys, the conditions that fire them,
// where what fires goes, and the settings a scan runs with. Field meanings follow SillyTavern's
// documentation so a book brought from there behaves as it did; names are our own camelCase.
import { z } from 'zod';

/** How the secondary keys of a selective entry combine with its primary match. */
export const SelectiveLogic = {
  andAny: 'and-any',
  notAll: 'not-all',
  notAny: 'not-any',
  andAll: 'and-all',
} as const;
export type SelectiveLogic = (typeof SelectiveLogic)[keyof typeof SelectiveLogic];
export const selectiveLogicSchema = z.enum([
  SelectiveLogic.andAny,
  SelectiveLogic.notAll,
  SelectiveLogic.notAny,
  SelectiveLogic.andAll,
]);

/**
 * Where a fired entry goes. The card sits in the cached prefix, so entries SillyTavern puts before or
 * after it are told at the request's tail, before-card ones first; at-depth ones go into the history,
 * that many entries before its end.
 */
export const LorePosition = {
  beforeCard: 'before-card',
  afterCard: 'after-card',
  atDepth: 'at-depth',
} as const;
export type LorePosition = (typeof LorePosition)[keyof typeof LorePosition];
export const lorePositionSchema = z.enum([
  LorePosition.beforeCard,
  LorePosition.afterCard,
  LorePosition.atDepth,
]);

/** How an at-depth entry is told: as a note of the narrator (system) or as a line of the user or the character. */
export const LoreRole = { system: 'system', user: 'user', assistant: 'assistant' } as const;
export type LoreRole = (typeof LoreRole)[keyof typeof LoreRole];
export const loreRoleSchema = z.enum([LoreRole.system, LoreRole.user, LoreRole.assistant]);

const count = z.number().int().min(0).max(10_000);

export const loreEntrySchema = z.object({
  id: z.string().min(1).max(200),
  /** SillyTavern's "comment" (the entry's title in its editor); never sent to a model. */
  title: z.string().max(500).default(''),
  /** Primary keys: a plain key matches as text, `/pattern/flags` as a regular expression. */
  keys: z.array(z.string().min(1).max(500)).default([]),
  secondaryKeys: z.array(z.string().min(1).max(500)).default([]),
  selectiveLogic: selectiveLogicSchema.default(SelectiveLogic.andAny),
  content: z.string().max(20_000).default(''),
  enabled: z.boolean().default(true),
  /** Fires whatever the text says (still subject to probability, groups and the budget). */
  constant: z.boolean().default(false),
  /** Insertion order: higher goes later (nearer the end of the request) and is kept first under the budget. */
  order: z.number().int().min(-10_000).max(10_000).default(100),
  position: lorePositionSchema.default(LorePosition.afterCard),
  depth: count.default(4),
  role: loreRoleSchema.default(LoreRole.system),
  useProbability: z.boolean().default(true),
  probability: z.number().min(0).max(100).default(100),
  /** null: the scan's setting. */
  scanDepth: count.nullable().default(null),
  caseSensitive: z.boolean().nullable().default(null),
  matchWholeWords: z.boolean().nullable().default(null),
  useGroupScoring: z.boolean().nullable().default(null),
  /** Not fired by other entries' content (SillyTavern's "non-recursable"). */
  excludeRecursion: z.boolean().default(false),
  /** Its content fires no other entry. */
  preventRecursion: z.boolean().default(false),
  /**
   * 0: off; n > 0: fires only in recursive passes, by level: the smallest level is open from the first
   * recursive pass; the next opens (with one more pass) only once a pass fires nothing new.
   */
  delayUntilRecursion: count.default(0),
  /** Inclusion groups: of the fired entries sharing a group, one is kept. */
  groups: z.array(z.string().min(1).max(200)).default([]),
  groupOverride: z.boolean().default(false),
  groupWeight: z.number().int().min(1).max(10_000).default(100),
  /** Timed effects, in messages of the scanned participant's transcript. */
  sticky: count.default(0),
  cooldown: count.default(0),
  delay: count.default(0),
  /** Names the entry is for (or, with exclude, not for); empty: everyone. */
  characterFilter: z
    .object({ names: z.array(z.string().min(1).max(200)).default([]), exclude: z.boolean().default(false) })
    .default({ names: [], exclude: false }),
});
export type LoreEntry = z.infer<typeof loreEntrySchema>;
export type LoreEntryInput = z.input<typeof loreEntrySchema>;

/** What a scan runs with (SillyTavern's global World Info settings), kept per story. */
export const loreSettingsSchema = z.object({
  /**
   * How many of the newest messages of the participant's window are scanned; 0: none (constant and
   * sticky entries still fire, and recursion through their content).
   */
  scanDepth: count.default(2),
  /** The lore's share of a request's prompt room, in percent. */
  budgetPercent: z.number().min(1).max(100).default(10),
  recursive: z.boolean().default(true),
  /** The most scan passes, the first included (1: no recursion); 0: as many as keep firing new entries. */
  maxRecursionSteps: count.default(0),
  caseSensitive: z.boolean().default(false),
  /**
   * On by default, as in SillyTavern. Boundaries count only in scripts written with spaces, so a CJK
   * key still matches inside CJK text.
   */
  matchWholeWords: z.boolean().default(true),
  useGroupScoring: z.boolean().default(false),
  /** Scan each message with its speaker's name, as the prompt shows it. */
  includeNames: z.boolean().default(true),
});
export type LoreSettings = z.infer<typeof loreSettingsSchema>;
export const DEFAULT_LORE_SETTINGS: LoreSettings = loreSettingsSchema.parse({});

export const loreBookSchema = z.object({
  id: z.string().min(1).max(200),
  name: z.string().trim().min(1).max(200),
  description: z.string().max(4000).default(''),
  entries: z.array(loreEntrySchema).default([]),
});
export type LoreBook = z.infer<typeof loreBookSchema>;
export type LoreBookInput = z.input<typeof loreBookSchema>;
