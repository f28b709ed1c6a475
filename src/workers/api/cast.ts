// The part of the worker's API about a running story's cast: a participant's name, a character's
// description (private to it) and the user's persona, changed between turns; characters added (new,
// or from the library) and removed; and the Author's Note that steers every character. Re-exported by api.ts, the one file the app imports.
import type { AuthorNote } from '../../driver/doc/author-note.ts';
import type { Result } from './result.ts';
export type { AuthorNote } from '../../driver/doc/author-note.ts';

/** What the cast editor may change; absent fields stay as they are. */
export interface CastEdit {
  name?: string;
  /** A character's card description: only that character's own requests carry it. */
  description?: string;
  /** The user's persona: every character's requests carry it. */
  persona?: string;
  /** A picture as a data URL (PNG, JPEG, WebP or GIF), made small by the app. */
  avatar?: string;
}

/** A character joining a running story: new, or a library character's card (by its id). */
export interface NewCharacter {
  name: string;
  /** Its card's description; with `fromLibrary`, replaces the library card's. */
  description?: string;
  /** A library character whose card (and picture) it brings. */
  fromLibrary?: string;
}

export interface CastApi {
  /** Changes one participant; the next requests use it, turns already written stay as they are. */
  editParticipant(storyId: string, participantId: string, edit: CastEdit): Promise<Result>;
  /**
   * The story's Author's Note: told to every actor request `depth` entries before the end of the
   * character's window, never to a projection; an empty text removes it.
   */
  /** A character joins the story and the scene; a new one also joins the library. */
  addCharacter(storyId: string, character: NewCharacter): Promise<Result<{ participantId: string }>>;
  /**
   * Takes a character out of the story (`removed`: out of the scene and the cast, never chosen to act,
   * its turns kept in the transcript) or brings it back into the scene.
   */
  setRemoved(storyId: string, participantId: string, removed: boolean): Promise<Result>;
  /** A library character's picture (a data URL as for `CastEdit.avatar`); stories started with it later take it. */
  setLibraryPicture(characterId: string, avatar: string): Promise<Result>;
  setAuthorNote(storyId: string, note: AuthorNote): Promise<Result>;
}
