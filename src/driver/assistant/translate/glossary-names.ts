// Whether a translated text keeps the glossary's names: it may not use a source name the glossary
// gives another name for, nor drop the target name of a source name its source text has. Names are
// found case aside, longest first (so "Mira's Rest" is not also a mention of "Mira"), and in
// alphabetic scripts only as whole words; in scripts written without spaces (Han, kana, Hangul) a
// name is found anywhere in the text.
import type { GlossaryEntry } from '../../doc/world-translation.ts';

export interface GlossaryBreaches {
  /** Source names written in the translation where the glossary says another name. */
  used: GlossaryEntry[];
  /** Names the source text has whose glossary name the translation lacks. */
  dropped: GlossaryEntry[];
}

const WORD = /[\p{L}\p{N}_]/u;
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** A character that joins a word with the next in an alphabetic script (so a name must not touch one). */
const joins = (c: string | undefined): boolean => c !== undefined && WORD.test(c) && !UNSPACED.test(c);

const folded = (text: string): string => text.toLocaleLowerCase();
const same = (a: string, b: string): boolean => folded(a.trim()) === folded(b.trim());

interface Scan {
  found: Set<string>;
  /** The text (case folded) with every name found blanked out. */
  rest: string;
}

/** Which of `names` the folded text holds, each span counted for the longest name found there only. */
function scan(hay: string, names: readonly string[]): Scan {
  const taken = new Array<boolean>(hay.length).fill(false);
  const found = new Set<string>();
  const longestFirst = [...new Set(names)].sort((a, b) => b.length - a.length);
  for (const name of longestFirst) {
    const needle = folded(name);
    if (!needle) continue;
    for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      const whole =
        !(joins(hay[at - 1]) && joins(needle[0])) && !(joins(hay[end]) && joins(needle[needle.length - 1]));
      if (!whole || taken.slice(at, end).some(Boolean)) continue;
      taken.fill(true, at, end);
      found.add(name);
    }
  }
  const rest = hay
    .split('')
    .map((c, i) => (taken[i] ? ' ' : c))
    .join('');
  return { found, rest };
}

/** Which of `names` the text holds (case aside, whole words in alphabetic scripts, longest first). */
export const namesIn = (text: string, names: readonly string[]): Set<string> =>
  scan(folded(text), names).found;

/** How `translated` breaks the glossary, given the `source` text it translates. */
export function glossaryBreaches(
  source: string,
  translated: string,
  glossary: readonly GlossaryEntry[],
): GlossaryBreaches {
  const sources = glossary.map((e) => e.source);
  const inSource = scan(folded(source), sources).found;
  // A source name inside a target name ("Velmar" in "Velmar Harbour") is that target name, not a slip.
  const targets = scan(
    folded(translated),
    glossary.map((e) => e.target),
  );
  const leftInTranslation = scan(targets.rest, sources).found;
  return {
    used: glossary.filter((e) => !same(e.source, e.target) && leftInTranslation.has(e.source)),
    dropped: glossary.filter((e) => inSource.has(e.source) && !targets.found.has(e.target)),
  };
}

/** The refusal the model is told, naming each name; null when the text keeps the glossary. */
export function breachesText(breaches: GlossaryBreaches): string | null {
  const parts = [
    ...breaches.used.map((e) => `it writes “${e.source}” where the glossary says “${e.target}”`),
    ...breaches.dropped.map(
      (e) => `it drops “${e.target}” (the glossary's name for “${e.source}”, which the source text has)`,
    ),
  ];
  return parts.length ? `The translation does not keep the glossary: ${parts.join('; ')}.` : null;
}
