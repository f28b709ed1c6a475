// An actor's private context, told only to that character's own acting call: its card and the
// user's persona. A card brought from elsewhere names the character ${name} and the user ${user}
// (an import's conversion of {{char}} and {{user}}): filled here with the names of this story.
import type { Language, Participant } from '../doc/schema.ts';
import { tr } from '../i18n/messages.ts';
import { renderPrompt, type PromptSet } from '../prompts/render.ts';
import { withNames } from '../prompts/card-names.ts';

const CARD_FIELDS = ['description', 'personality', 'scenario', 'exampleDialogue'] as const;
type CardField = (typeof CARD_FIELDS)[number];

function cardLabel(field: CardField, language: Language): string {
  switch (field) {
    case 'description':
      return tr(language, 'Who you are');
    case 'personality':
      return tr(language, 'Your personality');
    case 'scenario':
      return tr(language, 'The scenario');
    case 'exampleDialogue':
      return tr(language, 'How you speak (examples)');
    default:
      return field satisfies never;
  }
}

export function cardBlock(actor: Participant, language: Language, user = ''): string {
  const names = { name: actor.name, user };
  const lines = CARD_FIELDS.flatMap((field) => {
    const raw = actor.card?.[field]?.trim();
    const value = raw && withNames(raw, names);
    return value ? [tr(language, '{label}: {value}', { label: cardLabel(field, language), value })] : [];
  });
  return lines.length ? lines.join('\n') : tr(language, 'You are {name}.', { name: actor.name });
}

/** The user's persona as the character `name` is told it (prose prompt roleplay/persona); '' without one. */
export function personaBlock(
  prompts: PromptSet,
  language: Language,
  user: Participant | undefined,
  name: string,
): string {
  const persona = user?.persona?.trim();
  return user && persona
    ? renderPrompt(prompts, language, 'roleplay/persona', {
        name,
        user: user.name,
        persona: withNames(persona, { name, user: user.name }),
      })
    : '';
}
