// Picks the prose heuristics for the story's language.

import { chineseRules } from './chinese.ts';
import { englishRules } from './english.ts';
import { Language } from '../doc/schema.ts';
import type { ProseRules } from './types.ts';

export function proseRulesFor(language: Language): ProseRules {
  switch (language) {
    case Language.en:
      return englishRules;
    case Language.zh:
      return chineseRules;
    default:
      return language satisfies never;
  }
}
