// A story's opening: one of a character's greetings (a card's first message or an alternate one), the
// story's first turn by that character, as its card's author wrote it. It is that character's turn like
// any other: the person's view is the greeting as written (it is addressed to them; marked imported, the
// person's data, so play starts at once), every other audience's is left to be projected (L10).
import type * as Y from 'yjs';
import { appendTurn } from '../doc/turns.ts';
import { writePov } from '../doc/pov.ts';
import { presentIds, userParticipant } from '../doc/participants.ts';
import { withNames } from '../prompts/card-names.ts';
import { createStoryViews } from '../views/story-views.ts';

export interface Opening {
  /** The character whose greeting it is (a participant id). */
  author: string;
  /** The greeting as the card has it: ${name} and ${user} are filled with the story's names. */
  text: string;
  names: { name: string; user: string };
  id: string;
  at: string;
}

/** Appends the opening as the story's first turn (the doc must have no turn yet); returns its id. */
export function addOpening(doc: Y.Doc, opening: Opening, origin?: unknown): string {
  const text = withNames(opening.text, opening.names).trim();
  const turnId = appendTurn(
    doc,
    {
      id: opening.id,
      author: opening.author,
      text,
      origin: 'authored',
      createdAt: opening.at,
      parent: null,
      audiences: presentIds(doc),
    },
    origin,
  );
  const user = userParticipant(doc)?.id;
  const views = createStoryViews(doc);
  const basis = user === undefined ? undefined : views.node(turnId).pov.get(user)?.expected;
  views.dispose();
  if (user !== undefined && basis !== undefined)
    writePov(
      doc,
      turnId,
      user,
      { perceived: true, text, basis, origin: 'imported', createdAt: opening.at },
      origin,
    );
  return turnId;
}
