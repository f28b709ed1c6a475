// The person's words for what the story document refuses (doc/ answers in codes and knows no words),
// in the story's language.
import type { ParticipantRefusal } from '../doc/participants.ts';
import type { Language } from '../doc/schema.ts';
import { tr } from './messages.ts';

export function participantRefusal(language: Language, refusal: ParticipantRefusal): string {
  switch (refusal.code) {
    case 'duplicate-name':
      return tr(language, 'There is already a participant named {name}. Names must be unique.', {
        name: refusal.name,
      });
    case 'second-user':
      return tr(language, 'A story has exactly one user participant.');
    case 'unknown':
      return tr(language, 'No participant {id} in this story.', { id: refusal.id });
    case 'remove-user':
      return tr(language, 'The user cannot be removed from the story.');
    case 'removed':
      return tr(language, '{name} was removed from the story: bring them back first.', {
        name: refusal.name,
      });
    default:
      return refusal satisfies never;
  }
}
