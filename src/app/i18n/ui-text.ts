// The interface's own words in the interface language: t() takes the English text, with `{name}`
// placeholders, and looks it up in the zh dictionary when the interface is Chinese. The language is a signal, so every `t`
// read inside JSX or a memo follows a switch at once. The zh dictionary loads when Chinese is first
// chosen: an English interface never fetches it.
import { createSignal } from 'solid-js';
import type { Language } from '../../workers/api.ts';
import { clauseList as clausesIn, nameList as namesIn } from '../../driver/i18n/lists.ts';
import { translate, type MessageValues, type Messages } from '../../driver/i18n/translate.ts';

const [language, setLanguage] = createSignal<Language>('en');
let zhMessages: Messages = {};
let zhLoading: Promise<Messages> | undefined;
/** Counts the switches asked for: a dictionary that arrives after a later switch is not applied. */
let switches = 0;

/** The interface language (device setting). */
export const uiLanguage = language;

/** Switches the interface language once its dictionary is here (at once for English). */
export async function setUiLanguage(next: Language): Promise<void> {
  const asked = ++switches;
  if (next === 'zh')
    zhMessages = await (zhLoading ??= import('./zh/index.ts').then(
      (m) => m.UI_MESSAGES_ZH,
      (error: unknown) => {
        zhLoading = undefined; // the chunk could not be fetched: the next switch tries again
        throw error;
      },
    ));
  if (asked !== switches) return;
  setLanguage(next);
  document.documentElement.lang = uiLocale();
}

/** `text` in the interface language, `{placeholders}` filled from `values`. */
export function t(text: string, values?: MessageValues): string {
  return translate(language() === 'zh' ? zhMessages : {}, text, values);
}

/** Dates and numbers as the interface language writes them. */
export function uiLocale(): string {
  return language() === 'zh' ? 'zh-CN' : 'en';
}

/** Names inside a sentence, as the interface language lists them ("Jane, Jess" / "Jane、Jess"). */
export const nameList = (names: readonly string[]): string => namesIn(language(), names);

/** Several complete reasons in one line, as the interface language separates them. */
export const clauseList = (clauses: readonly string[]): string => clausesIn(language(), clauses);
