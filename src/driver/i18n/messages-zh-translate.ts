// Chinese for the translation assistant's text built from data: what its system prompt says while
// no glossary is applied (assistant/translate/translate-assistant.ts).
import type { Messages } from './translate.ts';

export const TRANSLATE_ZH: Messages = {
  '(no glossary is applied yet)': '（还没有应用术语表）',
};
