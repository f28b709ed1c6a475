// The message catalogue for text built from data in a story's language (what models are told, how
// transcripts read): the English text written at the call site is its own key, `{name}` marks a
// placeholder, and each other language has a dictionary of the keys.
import type { Language } from '../doc/schema.ts';
import { MESSAGES_ZH } from './messages-zh.ts';
import { translate, type MessageValues, type Messages } from './translate.ts';

export type { Messages, MessageValues } from './translate.ts';

/** English needs no dictionary: its keys are its text. */
export const MESSAGES: Readonly<Record<Language, Messages>> = { en: {}, zh: MESSAGES_ZH };

/** The text in `language` (English when the language lacks it), placeholders filled from `values`. */
export function tr(language: Language, text: string, values: MessageValues = {}): string {
  return translate(MESSAGES[language], text, values);
}
