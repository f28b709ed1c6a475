// A story's Author's Note (SillyTavern's): a text the person writes to steer every character, told in
// each actor request at a depth of the character's window. Stored in the story's settings.
import { z } from 'zod';

/** SillyTavern's default: four messages before the newest end of the history. */
export const DEFAULT_AUTHOR_NOTE_DEPTH = 4;
/** Deeper than any window keeps in view; further back the note would only sit at the window's start. */
export const MAX_AUTHOR_NOTE_DEPTH = 100;
/** A note is a steer, not a second card: this bounds what a hostile peer or a mistake can add to every request. */
export const MAX_AUTHOR_NOTE_LENGTH = 4000;

/** The author's note fields of the story settings schema (unset: no note, the default depth). */
export const authorNoteSettingsShape = {
  authorNote: z.string().max(MAX_AUTHOR_NOTE_LENGTH).optional(),
  authorNoteDepth: z.number().int().min(0).max(MAX_AUTHOR_NOTE_DEPTH).optional(),
};

export const authorNoteSchema = z.strictObject({
  text: authorNoteSettingsShape.authorNote.unwrap(),
  depth: authorNoteSettingsShape.authorNoteDepth.unwrap(),
});
export type AuthorNote = z.infer<typeof authorNoteSchema>;
