// The name of a story language as prompts say it (`${language}`): English, 中文.
import type { Language } from '../doc/schema.ts';

const NAMES: Record<Language, string> = { en: 'English', zh: '中文' };

export const languageName = (language: Language): string => NAMES[language];
