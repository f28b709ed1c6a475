// The part of the worker's API about a running story's cast: a participant's name, a character's
// description (private to it) and the user's persona, changed between turns. Re-exported by api.ts,
// the one file the app imports.
import type { Result } from './api.ts';

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
}
