// The card-reading assistant: a library character's card read into a world in three steps — what
// kind of card it is (import/classifier), the pieces it holds (import/roster), then one proposed
// piece at a time written by its kind's prompt (import/character … import/lore, with
// import/common-rules) and the world's description (import/world). Its subject is the card and the
// world together, so reading one card into two worlds keeps two chats.
import type * as Y from 'yjs';
import type { Language } from '../../doc/schema.ts';
import { listCharacters } from '../../doc/library-doc.ts';
import { readWorld } from '../../doc/library-worlds.ts';
import { WORLD_NODE_KINDS } from '../../doc/world.ts';
import { renderPrompt, type PromptSet } from '../../prompts/render.ts';
import { cardText, cardTools } from './card-tools.ts';
import type { Assistant } from '../tools.ts';

export const cardSubject = (characterId: string, worldId: string): string => `card:${characterId}:${worldId}`;

/** The assistant for a library character read into `worldId` (a library world, or a new one's id). */
export function cardAssistant(input: {
  doc: Y.Doc;
  characterId: string;
  worldId: string;
  prompts: PromptSet;
  language: Language;
  clock: () => number;
  newId: () => string;
}): Assistant | undefined {
  const character = listCharacters(input.doc).find((c) => c.id === input.characterId);
  if (!character) return undefined;
  const { prompts, language } = input;
  const name = character.name;
  const world = readWorld(input.doc, input.worldId)?.name ?? name;
  const subject = cardSubject(character.id, input.worldId);
  return {
    subject,
    system: [
      renderPrompt(prompts, language, 'import/classifier', { name, card: cardText(character) }),
      renderPrompt(prompts, language, 'import/roster', { name, kinds: WORLD_NODE_KINDS.join(', ') }),
      renderPrompt(prompts, language, 'import/common-rules', { name }),
      ...WORLD_NODE_KINDS.map((kind) => renderPrompt(prompts, language, `import/${kind}`, { name })),
      renderPrompt(prompts, language, 'import/world', { world }),
    ].join('\n\n'),
    welcome: renderPrompt(prompts, language, 'import/welcome', { name, world }),
    tools: cardTools({ ...input, character, subject }),
  };
}
