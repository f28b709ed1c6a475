// An actor's private context, told only to that character's own acting call: its card and the
// user's persona (memories and known world join here when the world issue lands).
import type { Participant } from './doc/schema.ts';

const CARD_LABELS = [
  ['description', 'Who you are'],
  ['personality', 'Your personality'],
  ['scenario', 'The scenario'],
  ['exampleDialogue', 'How you speak (examples)'],
] as const;

export function cardBlock(actor: Participant): string {
  const lines = CARD_LABELS.flatMap(([field, label]) => {
    const value = actor.card?.[field]?.trim();
    return value ? [`${label}: ${value}`] : [];
  });
  return lines.length ? lines.join('\n') : `You are ${actor.name}.`;
}

export function personaBlock(user: Participant | undefined): string {
  const persona = user?.persona?.trim();
  return user && persona ? `About ${user.name}, the person you share the scene with: ${persona}` : '';
}
