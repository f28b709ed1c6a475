// The part of the worker's API about the library's characters and personas after creation or import:
// a character's whole card edited, a persona's name and text, either one deleted. Stories already
// started keep the copy they began with. Re-exported by api.ts, the one file the app imports.
import type { Result } from './result.ts';
export type { CharacterCardEdit, PersonaEdit } from '../../driver/doc/library-card-edit.ts';
import type { CharacterCardEdit, PersonaEdit } from '../../driver/doc/library-card-edit.ts';

export interface LibraryCardsApi {
  /** Replaces a library character's card fields, greetings (and creator's notes, when its card has them). */
  editLibraryCharacter(characterId: string, edit: CharacterCardEdit): Promise<Result>;
  editLibraryPersona(personaId: string, edit: PersonaEdit): Promise<Result>;
  /** Takes a character or a persona out of the library; no story changes. */
  deleteLibraryCharacter(characterId: string): Promise<Result>;
  deleteLibraryPersona(personaId: string): Promise<Result>;
  /**
   * A library character's expression pictures (a RisuAI card's, K11) by name, each a data: URL when
   * this device keeps it (the one that imported the card), else null.
   */
  characterExpressions(characterId: string): Promise<Result<{ expressions: CharacterExpression[] }>>;
}

/** One expression picture of a library character, as this device has it. */
export interface CharacterExpression {
  name: string;
  /** A data: URL, or null: the picture is on the device that imported the card. */
  src: string | null;
}
