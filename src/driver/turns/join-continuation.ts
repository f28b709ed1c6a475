// How a text that stopped too soon and what a model wrote after it become one text: "Continue" on a
// character's turn (continue-turn.ts) and an answer cut at its length limit (cut-answer.ts).
import type { Language } from '../doc/schema.ts';

/**
 * Punctuation that closes on the text before it: a continuation opening with one gets no space.
 * Straight quotes open as often as they close, so they are not in it.
 */
const CLOSING = /^[,.;:!?…)\]}”’，。；：！？、）》」』—]/u;

/**
 * The text with its continuation: a new paragraph when the model began one, joined without a space in
 * Chinese or before closing punctuation, else after one space. A model that repeated the text so far
 * despite the instruction has the repetition dropped.
 */
export function joinContinuation(source: string, continuation: string, language: Language): string {
  const before = source.trimEnd();
  const repeated = continuation.trimStart().startsWith(before.trimStart());
  const rest = repeated ? continuation.trimStart().slice(before.trimStart().length) : continuation;
  const more = rest.trim();
  if (!more) return before;
  if (/^[ \t]*\r?\n/.test(rest)) return `${before}\n\n${more}`;
  if (language === 'zh' || CLOSING.test(more)) return `${before}${more}`;
  return `${before} ${more}`;
}
