// What the World Info reader tells about an entry's SillyTavern settings that Rashomon places
// differently (positions around the Author's Note, the example messages, outlets) or not at all.
import { tr } from '../../i18n/messages.ts';
import type { ImportNotes } from '../import-notes.ts';
import { StPosition } from './world-info-enums.ts';
import { TRIGGER_PATHS, UNSUPPORTED_FIELDS, findField } from './world-info-fields.ts';

/** A position that has no place here, said once per position with the entries it concerns. */
export function positionNote(position: StPosition, notes: ImportNotes, about: string): void {
  const { language } = notes;
  const note = (where: string, ours: string) =>
    notes.add(
      'converted',
      tr(language, 'position {position} ({where}) has no place in Rashomon: told {ours} instead', {
        position,
        where,
        ours,
      }),
      about,
    );
  const atDepth = () => tr(language, 'in the history at the entry’s depth');
  const afterCard = () => tr(language, 'after the card');
  switch (position) {
    case StPosition.beforeChar:
    case StPosition.afterChar:
    case StPosition.atDepth:
      return;
    case StPosition.authorsNoteTop:
      return note(tr(language, 'above the Author’s Note'), atDepth());
    case StPosition.authorsNoteBottom:
      return note(tr(language, 'below the Author’s Note'), atDepth());
    case StPosition.examplesTop:
      return note(tr(language, 'above the example messages'), afterCard());
    case StPosition.examplesBottom:
      return note(tr(language, 'below the example messages'), afterCard());
    case StPosition.outlet:
      return note(tr(language, 'an outlet, shown where a prompt names it'), afterCard());
    default:
      return position satisfies never;
  }
}

/** Settings set to something Rashomon cannot do: left out, and said so per setting. */
export function unsupportedNotes(entry: Record<string, unknown>, notes: ImportNotes, about: string): void {
  for (const { paths, unused } of UNSUPPORTED_FIELDS) {
    const found = findField(entry, paths);
    if (!found || found[1] === null || found[1] === unused) continue;
    notes.add(
      'dropped',
      tr(notes.language, '{field}: Rashomon has no such setting', { field: found[0] }),
      about,
    );
  }
  const triggers = findField(entry, TRIGGER_PATHS);
  if (triggers && Array.isArray(triggers[1]) && triggers[1].length)
    notes.add(
      'dropped',
      tr(notes.language, '{field}: the entry fires for every kind of request here', { field: triggers[0] }),
      about,
    );
}
