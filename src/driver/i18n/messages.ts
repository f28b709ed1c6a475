// The message catalogue for text built from data: the English text written at the call site is its
// own key, `{name}` marks a placeholder, and each other language has a dictionary of the keys.
import type { Language } from '../doc/schema.ts';
import { MESSAGES_ZH } from './messages-zh.ts';

/** English key → translation, with the same `{placeholders}`. */
export type Messages = Readonly<Record<string, string>>;

/** English needs no dictionary: its keys are its text. */
export const MESSAGES: Readonly<Record<Language, Messages>> = { en: {}, zh: MESSAGES_ZH };

const PLACEHOLDER = /\{(\w+)\}/g;

/** The text in `language` (English when the language lacks it), placeholders filled from `values`. */
export function tr(language: Language, text: string, values: Record<string, string | number> = {}): string {
  const template = MESSAGES[language][text] ?? text;
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    // A placeholder without a value is a mistake at the call site, not a user error.
    if (value === undefined) throw new Error(`tr("${text}"): no value for {${name}}`);
    return String(value);
  });
}
