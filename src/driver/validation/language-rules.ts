// Picks the prose heuristics for the story's language.

import { chineseRules } from './chinese.ts';
import { englishRules } from './english.ts';
import { StoryLanguage, type ProseRules } from './types.ts';

export function proseRulesFor(language: StoryLanguage): ProseRules {
  switch (language) {
    case StoryLanguage.en:
      return englishRules;
    case StoryLanguage.zh:
      return chineseRules;
    default:
      return language satisfies never;
  }
}
