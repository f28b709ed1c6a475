// The part of the worker's API that brings files in and takes them out: a review of what a file
// holds before anything is written, the import itself, and exports in other apps' formats.
// Re-exported by api.ts, the one file the app imports.
import type { Language } from '../../driver/doc/schema.ts';
import type { ImportKind, ImportReport } from '../../driver/import/intermediate.ts';
import type { WhoWasThere } from '../../driver/import/who-was-there.ts';
export type { WhoWasThere, Stretch } from '../../driver/import/who-was-there.ts';
import type { Result } from './result.ts';
import type { WorldPiece } from '../../driver/turns/card-world.ts';
import type { TwinChoice } from '../../driver/import/library-twin.ts';
export type { TwinChoice } from '../../driver/import/library-twin.ts';
export type { WorldPiece } from '../../driver/turns/card-world.ts';

/** A file as the page read it: its name (for the report and kinds told by extension) and its bytes. */
export interface ImportFileInput {
  name: string;
  bytes: Uint8Array;
}

/** How a SillyTavern chat becomes a story. */
export type ChatImportMode = 'perceived-all' | 'project-later';

export interface ImportOptions {
  /** perceived-all: everyone perceived every message as written; project-later: views are made when needed. */
  chat?: ChatImportMode;
  /** The language of a story made from a chat (default: the interface's). */
  language?: Language;
  /** A card's variable-system rule entries (the report's `variableRules`): left out, disabled (default), or kept on. */
  variableRules?: 'leave-out' | 'keep';
  /**
   * When the report names a `twin` in the library: replace it, or keep both, the new one named apart
   * (the default: nothing is overwritten unasked).
   */
  twin?: TwinChoice;
  /** Files given with a SillyTavern group chat: its group file and its members' cards. */
  companions?: ImportFileInput[];
  /** Who was there in a group chat, as the review set it (checked by the worker); absent: the defaults. */
  whoWasThere?: WhoWasThere;
}

/** The picture a card export carries. */
export type ExportedPicture = 'original' | 'library' | 'none';

/** A file to save, as the worker made it. */
export interface ExportedFile {
  fileName: string;
  mime: string;
  bytes: Uint8Array;
}

export interface ImportApi {
  /** What the file holds, read without writing anything, for the person to review. */
  reviewImport(file: ImportFileInput, options?: ImportOptions): Promise<Result<{ report: ImportReport }>>;
  /**
   * Imports it: a character or a lorebook into the library (a card's own book with it), a chat or a
   * Story JSON as a new story, a SillyTavern preset into the presets. `id`: what was made.
   */
  importFile(
    file: ImportFileInput,
    options?: ImportOptions,
  ): Promise<Result<{ kind: ImportKind; id: string; report: ImportReport }>>;
  /**
   * A library character as a V3 card: JSON, or a PNG (its picture) that SillyTavern reads. `picture`:
   * which it carries — the card's original (kept on this device, K15), the library's, or none (JSON).
   */
  exportCharacter(
    characterId: string,
    format: 'json' | 'png',
  ): Promise<Result<{ file: ExportedFile; picture: ExportedPicture }>>;
  /** A library lorebook as SillyTavern World Info JSON. */
  exportLorebook(bookId: string): Promise<Result<{ file: ExportedFile }>>;
  /**
   * The optional model step of an import: a library character's card split into world pieces (the
   * character, people, places, factions, things, lore it names), for the person to accept one by one.
   */
  cardWorld(characterId: string): Promise<Result<{ pieces: WorldPiece[] }>>;
  /** The pieces the person accepted become a library world, in which the character knows every one. */
  acceptCardWorld(characterId: string, pieces: WorldPiece[]): Promise<Result<{ worldId: string }>>;
  /** A story as Markdown from one participant's point of view (what it wrote and perceived). */
  exportStoryMarkdown(storyId: string, participantId: string): Promise<Result<{ file: ExportedFile }>>;
}

export type { ImportKind, ImportReport } from '../../driver/import/intermediate.ts';
