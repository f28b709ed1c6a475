// The part of the worker's API about worlds and lorebooks: the library's (edit, test) and a story's
// copy of them (what it knows, whether it still matches the library). Re-exported by api.ts, the one
// file the app imports.
import type { Knowledge, World, WorldInput } from '../../driver/doc/world.ts';
import type { LoreBook, LoreBookInput, LoreSettings } from '../../driver/doc/lore-book.ts';
import type { StoryBook, StoryBookInput, StoryWorld } from '../../driver/doc/story-world.ts';
import type { CopyState } from '../../driver/doc/copy-state.ts';
import type { Result } from './result.ts';
export type { CopyState } from '../../driver/doc/copy-state.ts';

/** One entry of a scan, as the "test this text" panel and the inspector list it. */
export interface LoreScanRow {
  book: string;
  bookName: string;
  entryId: string;
  title: string;
  /** Fired: why ("matched key "dragon"", "constant", "still active: sticky"…); skipped: why not. In the interface language. */
  why: string;
  /** For a fired entry: where it goes (before or after the card, or at a depth of the history). */
  position?: string;
}

export interface LoreScanView {
  fired: LoreScanRow[];
  skipped: LoreScanRow[];
  /** Estimated tokens the fired entries take, and the budget they were kept within. */
  tokens: number;
  budget: number;
}

export interface LoreTestInput {
  /** Library lorebooks to scan. */
  books: string[];
  /** The text to scan, as if it were the newest message of the character's window. */
  text: string;
  /** The character the scan is for (its name, for character filters). */
  character: string;
  settings?: Partial<LoreSettings>;
}

export interface StoryWorldView {
  world: StoryWorld | null;
  status: CopyState;
  books: Array<StoryBook & { status: CopyState }>;
  settings: LoreSettings;
}

/** What a new story starts with of a library world: its id, and who knows what at the start. */
export interface NewStoryWorld {
  worldId: string;
  /** Character name (as in NewStoryInput) → its node in the world; unnamed ones are matched by name or alias. */
  characters?: Record<string, string>;
  /** Participant name → what it knows at the start; absent: the world's knowledge rows for its node. */
  knowledge?: Record<string, Knowledge>;
}

/** "Test this text" in the lorebook editor. */
export interface LoreTestApi {
  /** Scans library books for a character on one text ("Test this text"): what fires and why, what does not and why not. */
  testLore(input: LoreTestInput): Promise<Result<{ scan: LoreScanView }>>;
}

export interface WorldApi {
  listWorlds(): Promise<World[]>;
  /** Creates or replaces a world (by id); refused when a relationship or a knowledge row names no node. */
  saveWorld(world: WorldInput): Promise<Result<{ world: World }>>;
  deleteWorld(worldId: string): Promise<Result>;
  listLorebooks(): Promise<LoreBook[]>;
  saveLorebook(book: LoreBookInput): Promise<Result<{ book: LoreBook }>>;
  deleteLorebook(bookId: string): Promise<Result>;
  /**
   * Which library characters and personas a book is attached to (a character's book reaches only that
   * character in a story; a persona's, only you): the lists replace the book's attachments.
   */
  attachLorebook(bookId: string, to: { characters: string[]; personas: string[] }): Promise<Result>;
  /** A story's world and lorebooks, with whether each still matches the library. */
  storyWorld(storyId: string): Promise<Result<{ world: StoryWorldView }>>;
  /** Edits the story's own copy: what someone knows, or its nodes and relationships. */
  editStoryWorld(
    storyId: string,
    patch: Partial<Pick<StoryWorld, 'nodes' | 'relationships' | 'knowledge' | 'characters'>>,
  ): Promise<Result>;
  /** Copies the library's current version of the story's world (knowledge edited in the story is kept). */
  reapplyWorld(storyId: string): Promise<Result>;
  /** Adds, replaces or removes one of the story's lorebooks, or changes how its lore is scanned. */
  editStoryLore(
    storyId: string,
    patch: { settings?: Partial<LoreSettings>; book?: StoryBookInput; removeBook?: string },
  ): Promise<Result>;
}

export type {
  Knowledge,
  World,
  WorldInput,
  WorldNode,
  WorldNodeKind,
  Relationship,
} from '../../driver/doc/world.ts';
export type {
  LoreBook,
  LoreBookInput,
  LoreEntry,
  LoreEntryInput,
  LoreSettings,
} from '../../driver/doc/lore-book.ts';
export type {
  StoryBook,
  StoryBookInput,
  StoryWorld,
  BookAttachmentValue,
} from '../../driver/doc/story-world.ts';
