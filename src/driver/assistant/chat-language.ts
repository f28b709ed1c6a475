// The language of an assistant chat's prompts: chosen when the chat is made, stored with it (the loop
// stores it with the first message), and changed only by the person. No subject an assistant has yet
// (a lorebook, world, preset or card) carries a language of its own, so a new chat takes the interface's.
import type * as Y from 'yjs';
import { readAssistantChat, writeAssistantChat, type AssistantChat } from '../doc/assistant-chats.ts';
import type { Language } from '../doc/schema.ts';

/** The chat's language: the stored one, else the one a new chat takes. */
export const chatLanguage = (doc: Y.Doc, subject: string, made: Language): Language =>
  readAssistantChat(doc, subject).language ?? made;

export function setChatLanguage(
  doc: Y.Doc,
  subject: string,
  language: Language,
  origin?: unknown,
): AssistantChat {
  const chat = { ...readAssistantChat(doc, subject), language };
  writeAssistantChat(doc, chat, origin);
  return chat;
}
