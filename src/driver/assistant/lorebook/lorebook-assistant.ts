// The lorebook authoring assistant: its subject id, system prompt and welcome from the lorebook/
// prompt files (overridable like every prompt), and its tools over the book.
import type * as Y from 'yjs';
import type { Language } from '../../doc/schema.ts';
import { readLorebook } from '../../doc/library-worlds.ts';
import { renderPrompt, type PromptSet } from '../../prompts/render.ts';
import { lorebookTools } from './lorebook-tools.ts';
import type { Assistant } from '../tools.ts';

export const lorebookSubject = (bookId: string): string => `lorebook:${bookId}`;

/** The assistant for a library book, or undefined when the library has no such book. */
export function lorebookAssistant(input: {
  doc: Y.Doc;
  bookId: string;
  prompts: PromptSet;
  language: Language;
  clock: () => number;
  newId: () => string;
}): Assistant | undefined {
  const book = readLorebook(input.doc, input.bookId);
  if (!book) return undefined;
  const { prompts, language } = input;
  const subject = lorebookSubject(book.id);
  return {
    subject,
    system: [
      renderPrompt(prompts, language, 'lorebook/persona', {}),
      renderPrompt(prompts, language, 'lorebook/procedure', { book: book.name }),
    ].join('\n\n'),
    welcome: renderPrompt(prompts, language, 'lorebook/welcome', { book: book.name }),
    tools: lorebookTools({ ...input, subject }),
  };
}
