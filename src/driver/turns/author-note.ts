// The story's Author's Note in an actor request: one narrator's note put that many entries before
// the end of the character's window (as an at-depth lore entry of role system is). Projection
// requests never carry it: a note steers what a character does, not what anyone perceives.
import { DEFAULT_AUTHOR_NOTE_DEPTH } from '../doc/author-note.ts';
import type { Language, StorySettings } from '../doc/schema.ts';
import { tr } from '../i18n/messages.ts';
import type { DepthNote } from '../lore/placement.ts';
import { withNames } from '../prompts/card-names.ts';

/** The note for the character `names.self`, or none when the story has no note. */
export function authorNoteLines(
  settings: StorySettings,
  names: { user: string; self: string },
  language: Language,
): DepthNote[] {
  const text = withNames(settings.authorNote?.trim() ?? '', { name: names.self, user: names.user });
  if (!text) return [];
  return [
    {
      depth: settings.authorNoteDepth ?? DEFAULT_AUTHOR_NOTE_DEPTH,
      text: tr(language, '[Author’s note: {note}]', { note: text }),
    },
  ];
}
