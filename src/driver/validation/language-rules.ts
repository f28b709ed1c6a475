// Picks the prose heuristics, and how an answer is read against its source, for the story's language.

import { chineseRules } from './chinese.ts';
import { chineseSource } from './chinese-source.ts';
import { englishRules } from './english.ts';
import { englishSource } from './english-source.ts';
import { Language } from '../doc/schema.ts';
import type { ProseRules, SourceReading } from './types.ts';

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

export function sourceReadingFor(language: Language): SourceReading {
  switch (language) {
    case Language.en:
      return englishSource;
    case Language.zh:
      return chineseSource;
    default:
      return language satisfies never;
  }
}
