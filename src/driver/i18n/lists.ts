// Putting pieces of text together in a story's language: Chinese lists names with 、, separates
// clauses with ； and puts no space between sentences; English uses ", ", "; " and a space.
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
