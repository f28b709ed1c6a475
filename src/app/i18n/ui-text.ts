// The interface's own words in the interface language: t() takes the English text, with `{name}`
// placeholders, and looks it up in the zh dictionary when the interface is Chinese. The language is a signal, so every `t`
// read inside JSX or a memo follows a switch at once.
import { createSignal } from 'solid-js';
import type { Language } from '../../workers/api.ts';
import { clauseList as clausesIn, nameList as namesIn } from '../../driver/i18n/lists.ts';
import { translate, type MessageValues } from '../../driver/i18n/translate.ts';
import { UI_MESSAGES_ZH } from './zh/index.ts';

const [language, setLanguage] = createSignal<Language>('en');

/** The interface language (device setting). */
export const uiLanguage = language;

export function setUiLanguage(next: Language): void {
  setLanguage(next);
  document.documentElement.lang = uiLocale();
}

/** `text` in the interface language, `{placeholders}` filled from `values`. */
export function t(text: string, values?: MessageValues): string {
  return translate(language() === 'zh' ? UI_MESSAGES_ZH : {}, text, values);
}

/** Dates and numbers as the interface language writes them. */
export function uiLocale(): string {
  return language() === 'zh' ? 'zh-CN' : 'en';
}

/** Names inside a sentence, as the interface language lists them ("Jane, Jess" / "Jane、Jess"). */
export const nameList = (names: readonly string[]): string => namesIn(language(), names);

/** Several complete reasons in one line, as the interface language separates them. */
export const clauseList = (clauses: readonly string[]): string => clausesIn(language(), clauses);
