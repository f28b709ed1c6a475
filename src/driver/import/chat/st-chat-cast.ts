// Who is in an imported SillyTavern chat: one user (the header's name, else the first the user wrote
// under) and one character per other name met, in order of appearance. Names are unique ignoring case,
// as a story's must be; a character who shares the user's name gets a number.
import { tr } from '../../i18n/messages.ts';
import type { ImportNotes } from '../import-notes.ts';
import type { StChatHeader, StChatMessage } from './st-chat-lines.ts';

export interface StChatCast {
  user: string;
  /** Character names, in order of appearance. */
  characters: string[];
  /** The participant name a message is spoken by. */
  speaker(message: StChatMessage): string;
}

const key = (name: string) => name.trim().toLocaleLowerCase();

export function readCast(
  header: StChatHeader | null,
  messages: StChatMessage[],
  notes: ImportNotes,
): StChatCast {
  const { language } = notes;
  const user = header?.userName ?? messages.find((m) => m.isUser && m.name)?.name ?? tr(language, 'User');
  const fallbackCharacter = header?.characterName ?? tr(language, 'Character');
  const characters = new Map<string, string>();
  const renamed = new Map<string, string>();
  const characterName = (m: StChatMessage): string => {
    const name = m.name || fallbackCharacter;
    if (!m.name)
      notes.add(
        'warnings',
        tr(language, 'a message names no speaker; it was given to {name}', { name }),
        tr(language, 'line {line}', { line: m.line }),
      );
    return name;
  };
  const addCharacter = (name: string): string => {
    const k = key(name);
    const known = characters.get(k) ?? renamed.get(k);
    if (known) return known;
    let unique = name;
    for (let n = 2; key(unique) === key(user) || characters.has(key(unique)); n++) unique = `${name} (${n})`;
    if (unique !== name) {
      renamed.set(k, unique);
      notes.add(
        'converted',
        tr(language, 'the character {name} shares the user’s name; they are {unique} here', { name, unique }),
      );
    }
    characters.set(key(unique), unique);
    return unique;
  };
  const otherUserNames = new Set<string>();
  for (const m of messages) {
    if (m.notATurn) continue;
    if (!m.isUser) addCharacter(characterName(m));
    else if (m.name && key(m.name) !== key(user)) otherUserNames.add(m.name);
  }
  for (const name of otherUserNames)
    notes.add(
      'converted',
      tr(language, 'messages the user wrote as {name} are {user}’s here', { name, user }),
    );
  // A 1:1 chat's character is in the story even before they speak.
  if (header?.characterName && !messages.some((m) => !m.isUser && !m.notATurn))
    addCharacter(header.characterName);
  return {
    user,
    characters: [...characters.values()],
    speaker: (m) => (m.isUser ? user : addCharacter(characterName(m))),
  };
}
