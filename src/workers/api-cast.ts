// The part of the worker's API about a running story's cast: a participant's name, a character's
// description (private to it) and the user's persona, changed between turns, and the Author's Note
// that steers every character. Re-exported by api.ts, the one file the app imports.
import type { AuthorNote } from '../driver/doc/author-note.ts';
import type { Result } from './api.ts';
export type { AuthorNote } from '../driver/doc/author-note.ts';

/** What the cast editor may change; absent fields stay as they are. */
export interface CastEdit {
  name?: string;
  /** A character's card description: only that character's own requests carry it. */
  description?: string;
  /** The user's persona: every character's requests carry it. */
  persona?: string;
}

export interface CastApi {
  /** Changes one participant; the next requests use it, turns already written stay as they are. */
  editParticipant(storyId: string, participantId: string, edit: CastEdit): Promise<Result>;
  /**
   * The story's Author's Note: told to every actor request `depth` entries before the end of the
   * character's window, never to a projection; an empty text removes it.
   */
  setAuthorNote(storyId: string, note: AuthorNote): Promise<Result>;
}
