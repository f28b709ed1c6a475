// What an import makes of a file before anything is written (spec/long-session-architecture.md's
// pipeline: file → deterministic parser → this intermediate form → the person reviews → library):
// a character, a lorebook, a chat, a preset or a story, and the report the person reviews.
import type { Card } from '../doc/schema.ts';
import type { LoreBookInput } from '../doc/lore-book.ts';
import type { WhoWasThere } from './who-was-there.ts';

export const ImportKind = {
  character: 'character',
  lorebook: 'lorebook',
  chat: 'chat',
  preset: 'preset',
  story: 'story',
} as const;
export type ImportKind = (typeof ImportKind)[keyof typeof ImportKind];

/** The card spec a file declares: v1 when it declares none. */
export type CardSpec = 'v1' | 'v2' | 'v3';

/** What the person reviews before anything is written, and what `rashomon import --dry-run --json` prints. */
export interface ImportReport {
  kind: ImportKind;
  name: string;
  spec?: CardSpec;
  /** Entries of a card's book, or of a lorebook. */
  lorebookEntries?: number;
  /** First message and alternate greetings. */
  greetings?: number;
  assets?: number;
  /** A chat's messages. */
  messages?: number;
  /** A preset's prompts, one line each: what each became, or why it was left out. */
  prompts?: { mapped: string[]; leftOut: string[] };
  /** A group chat's members (characters, by their name in the story), the muted ones, who was there. */
  group?: { members: string[]; muted: string[]; whoWasThere: WhoWasThere };
  /** Characters of the description (the card's size at a glance). */
  descriptionLength?: number;
  /** What the person should know: a required field missing, a value read leniently. */
  warnings: string[];
  /** What was changed on the way in ({{char}} → ${name}, a date in seconds…). */
  converted: string[];
  /** What was left out (a field Rashomon has no place for is kept for export, not dropped). */
  dropped: string[];
  /** Names of a card's book entries that look like a variable system's rules (K12): left out unless kept. */
  variableRules?: string[];
  /** A library character or lorebook of the same name, and whether it holds the same (K14). */
  twin?: { name: string; same: boolean };
}

export interface CardAsset {
  type: string;
  name: string;
  uri: string;
  ext: string;
  /** The bytes, when the file carried them (a CHARX's embeded:// assets). */
  bytes?: Uint8Array;
}

/** A RisuAI card's expression picture, kept on the importing device (K11). */
export interface ExpressionPicture {
  name: string;
  mime: string;
  bytes: Uint8Array;
}

/** A character card read from any of the formats, normalised. */
export interface ImportedCharacter {
  name: string;
  /** Rashomon's card fields; macros converted ({{char}} and <BOT> → ${name}, {{user}} and <USER> → ${user}, as prompts name them). */
  card: Card;
  alternateGreetings: string[];
  systemPrompt: string;
  postHistoryInstructions: string;
  creatorNotes: string;
  tags: string[];
  creator: string;
  characterVersion: string;
  /** Its embedded lorebook, read as a World Info book. */
  book: LoreBookInput | null;
  /** The card image (a PNG card's own image, a CHARX's main icon). */
  avatar: { mime: string; bytes: Uint8Array } | null;
  assets: CardAsset[];
  spec: CardSpec;
  /** The card's V3 `data` as read, everything kept (extensions, unknown fields), for a faithful export. */
  data: Record<string, unknown>;
  /** RisuAI's expression pictures the file carried, named (K11). */
  expressions?: ExpressionPicture[];
  /** Ids of its book's entries that look like a variable system's rules (K12). */
  variableRuleIds?: string[];
}
