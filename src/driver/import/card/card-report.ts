// What the person reviews of a character before it is written: what the card is and holds, and
// the notes its reading took.
import type { ImportReport, ImportedCharacter } from '../intermediate.ts';
import type { ImportNotes } from '../card-notes.ts';

const NO_NOTES: ImportNotes = { warnings: [], converted: [], dropped: [] };

export function characterReport(character: ImportedCharacter, notes: ImportNotes = NO_NOTES): ImportReport {
  const firstMessage = (character.card.firstMessage ?? '').trim() === '' ? 0 : 1;
  return {
    kind: 'character',
    name: character.name,
    spec: character.spec,
    lorebookEntries: character.book?.entries?.length ?? 0,
    greetings: firstMessage + character.alternateGreetings.length,
    assets: character.assets.length,
    descriptionLength: character.card.description?.length ?? 0,
    warnings: [...notes.warnings],
    converted: [...notes.converted],
    dropped: [...notes.dropped],
  };
}
