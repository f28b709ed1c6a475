// The part of the worker's API about the library's stories: listed, made, deleted, imported and
// exported, and the characters and personas saved beside them. Re-exported by api.ts.
import type { Language, Participant } from '../../driver/doc/schema.ts';
import type { StoryJson } from '../../driver/story-json/schema.ts';
import type { LibraryCharacter, Persona } from '../../driver/doc/library-doc.ts';
import type { NewStoryWorld } from './world.ts';
import type { Result } from './result.ts';

export interface StorySummary {
  id: string;
  title: string;
  createdAt: string;
  lastActivity: string;
  participants: string[];
  /** Turns on the active path; absent for a story not counted since it was listed. */
  turns?: number | undefined;
  /** Parts another device wrote that cannot be read (the story opens without them); absent: none counted. */
  unreadable?: number | undefined;
  /** The server of the collaborator's link it was joined with; absent: one of the person's own stories. */
  joinedFrom?: string | undefined;
}

export interface NewStoryInput {
  title: string;
  language: Language;
  user: { name: string; persona?: string };
  characters: Array<{ name: string; card?: Participant['card']; present?: boolean }>;
  /** A library world the story starts with (copied into it), and who knows what at the start. */
  world?: NewStoryWorld;
  /** Library lorebooks attached to the story itself (the world's, characters' and persona's come along). */
  books?: string[];
  /**
   * The story's first turn: one of a character's greetings (its card's first message or another
   * opening), by that character (its name, as in `characters`), perceived by everyone as written.
   */
  opening?: { character: string; text: string };
  /**
   * The start dialog's preset, applied over the world's prompts: an id, or null for none even when the
   * world suggests one; absent: the world's suggestion, below its prompts (SPEC PL4).
   */
  preset?: string | null;
  /** The person approved the rules prompts of the chosen or suggested preset (SPEC PL2). */
  approvePresetRules?: boolean;
}

export interface LibraryApi {
  listStories(): Promise<StorySummary[]>;
  /** `notices`: what the person should know of the start (a suggested preset that could not be used). */
  createStory(input: NewStoryInput): Promise<Result<{ storyId: string; notices?: string[] }>>;
  /** Characters and personas saved in the library (every story's new ones are added). */
  libraryCast(): Promise<{ characters: LibraryCharacter[]; personas: Persona[] }>;
  deleteStory(storyId: string): Promise<Result>;
  importStory(json: unknown): Promise<Result<{ storyId: string }>>;
  /**
   * Waits for the story's background work, then exports; `unwritten` counts the views it could not
   * write (stopped or failed), which the file goes without.
   */
  exportStory(storyId: string): Promise<Result<{ story: StoryJson; unwritten: number }>>;
}
