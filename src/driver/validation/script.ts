// Refuses an answer written in the other script from the story's language: English prose in a Chinese
// story, Chinese prose in an English one. A name in the other script inside the prose passes.

import { Language } from '../doc/schema.ts';
import { tr } from '../i18n/messages.ts';
import { RejectionRule, type ScriptVerdict } from './types.ts';

const HAN = /\p{Script=Han}/gu;
const LATIN_LETTER = /\p{Script=Latin}/gu;
const LATIN_WORD = /\p{Script=Latin}+/gu;
/** Below this many letters and characters of prose, a name or an exclamation can't tell the script. */
export const MIN_CHECKED_PROSE = 12;

const countOf = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

/** Compares Han characters with Latin words: roughly a word each, so a few names never outweigh prose. */
export function checkScript(text: string, language: Language): ScriptVerdict {
  const han = countOf(text, HAN);
  if (han + countOf(text, LATIN_LETTER) < MIN_CHECKED_PROSE) return { ok: true };
  const latinWords = countOf(text, LATIN_WORD);
  switch (language) {
    case Language.zh:
      return latinWords > han
        ? {
            ok: false,
            rule: RejectionRule.script,
            reason: tr(
              language,
              'The answer is written in English (Latin script), but this story is in Chinese. Write the whole answer in Chinese; names may keep their spelling.',
            ),
          }
        : { ok: true };
    case Language.en:
      // Told to the model of an English story, so in English: no catalogue entry.
      return han > latinWords
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
