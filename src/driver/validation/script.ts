// Refuses an answer written in the other script from the story's language: English prose in a Chinese
// story, Chinese prose in an English one. A name in the other script inside the prose passes; in a
// Chinese story ordinary lowercase English words left in the prose do not (V12).

import { Language } from '../doc/schema.ts';
import { nameList } from '../i18n/lists.ts';
import { tr } from '../i18n/messages.ts';
import { RejectionRule, type ScriptVerdict } from './types.ts';

const HAN = /\p{Script=Han}/gu;
const LATIN_LETTER = /\p{Script=Latin}/gu;
const LATIN_WORD = /\p{Script=Latin}+/gu;
/**
 * A Latin word without a capital: names and acronyms keep theirs, a single letter may be a label
 * (第n次), and one right after a number is a unit (5km, 20 kg).
 */
const LOWERCASE_WORD = /(?<!\p{Script=Latin})(?<!\d\s?)\p{Ll}{2,}(?!\p{Script=Latin})/gu;
/** Below this many letters and characters of prose, a name or an exclamation can't tell the script. */
export const MIN_CHECKED_PROSE = 12;
/** Enough of the words left in for the retry to find them all. */
const MAX_LISTED_WORDS = 5;

const countOf = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

/** Ordinary English words inside Chinese prose, each once; a word of a cast name is a name. */
function englishWordsIn(text: string, names: readonly string[]): string[] {
  const nameWords = new Set(names.flatMap((n) => n.toLowerCase().match(LATIN_WORD) ?? []));
  const found = (text.match(LOWERCASE_WORD) ?? []).filter((w) => !nameWords.has(w));
  return [...new Set(found)];
}

/** Compares Han characters with Latin words: roughly a word each, so a few names never outweigh prose. */
export function checkScript(text: string, language: Language, names: readonly string[] = []): ScriptVerdict {
  const han = countOf(text, HAN);
  const latinWords = countOf(text, LATIN_WORD);
  const tooShort = han + countOf(text, LATIN_LETTER) < MIN_CHECKED_PROSE;
  switch (language) {
    case Language.zh: {
      if (!tooShort && latinWords > han) {
        return {
          ok: false,
          rule: RejectionRule.script,
          reason: tr(
            language,
            'The answer is written in English (Latin script), but this story is in Chinese. Write the whole answer in Chinese; names may keep their spelling.',
          ),
        };
      }
      const english = han === 0 ? [] : englishWordsIn(text, names);
      return english.length === 0
        ? { ok: true }
        : {
            ok: false,
            rule: RejectionRule.englishWords,
            reason: tr(
              language,
              'The answer leaves English words in the Chinese text ({words}). Write them in Chinese; only names and acronyms keep their Latin letters.',
              { words: nameList(language, english.slice(0, MAX_LISTED_WORDS)) },
            ),
          };
    }
    case Language.en:
      // Told to the model of an English story, so in English: no catalogue entry.
      return !tooShort && han > latinWords
        ? {
            ok: false,
            rule: RejectionRule.script,
            reason:
              'The answer is written in Chinese characters, but this story is in English. ' +
              'Write the whole answer in English; names may keep their spelling.',
          }
        : { ok: true };
    default:
      return language satisfies never;
  }
}
