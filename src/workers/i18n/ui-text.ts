// What the worker tells the person (failures, sync status) in the interface language. The worker has
// one interface language at a time, the device setting's, kept here whenever settings are read or saved.
import type { Language } from '../../driver/doc/schema.ts';
import { translate, type MessageValues } from '../../driver/i18n/translate.ts';
import { WORKER_MESSAGES_ZH } from './messages-zh.ts';

let language: Language = 'en';

export function setWorkerUiLanguage(next: Language): void {
  language = next;
}

/** The interface language of the moment, for driver functions that take the person's language. */
export function workerUiLanguage(): Language {
  return language;
}

/** `text` in the interface language, `{placeholders}` filled from `values`. */
export function uiText(text: string, values?: MessageValues): string {
  return translate(language === 'zh' ? WORKER_MESSAGES_ZH : {}, text, values);
}
