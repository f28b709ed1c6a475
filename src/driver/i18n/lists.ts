// Punctuation of a story's language: putting pieces of text together (Chinese lists names with 、,
// separates clauses with ； and puts no space between sentences; English uses ", ", "; " and a space)
// and the quotation marks that set speech apart, which validation and the app's display share.
import type { Language } from '../doc/schema.ts';

const SEPARATORS: Readonly<Record<Language, { names: string; clauses: string; sentences: string }>> = {
  en: { names: ', ', clauses: '; ', sentences: ' ' },
  zh: { names: '、', clauses: '；', sentences: '' },
};

/** Names inside a sentence: "Jane, Jess" / "Jane、Jess". */
export const nameList = (language: Language, names: readonly string[]): string =>
  names.join(SEPARATORS[language].names);

/** Several complete reasons in one line. */
export const clauseList = (language: Language, clauses: readonly string[]): string =>
  clauses.join(SEPARATORS[language].clauses);

/** Sentences of one paragraph. */
export const sentences = (language: Language, ...parts: string[]): string =>
  parts.join(SEPARATORS[language].sentences);

/**
 * Opening quotation mark → its closing mark, in every story language: words between them are someone's
 * speech, both when validation reads an answer and when the app shows it. A straight quote closes itself.
 */
export const QUOTATION_MARKS: Readonly<Record<string, string>> = {
  '"': '"',
  '\u201c': '\u201d', // “ ”
  '\u300c': '\u300d', // 「 」
  '\u300e': '\u300f', // 『 』
  '\u00ab': '\u00bb', // « »
  '\u2018': '\u2019', // ‘ ’
};

/** Whether `text` at `index` ends a quotation that `closer` closes; a ’ before a letter is an apostrophe (don’t). */
export const closesQuotation = (text: string, index: number, closer: string): boolean =>
  text.charAt(index) === closer && !(closer === '\u2019' && /\p{L}/u.test(text.charAt(index + 1)));
