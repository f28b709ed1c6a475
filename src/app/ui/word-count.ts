// How long a text is in words, counted piece by piece as it streams in (the text itself need not be
// kept: a character's own turn is private to it). A word is a run of letters or digits, an apostrophe
// or hyphen inside it joining it; a Han character or kana is a word by itself, as Chinese and Japanese
// are written without spaces between words.

export interface WordCount {
  words: number;
  /** The text so far ends inside a word that the next piece may go on. */
  open: boolean;
}

export const NO_WORDS: WordCount = { words: 0, open: false };

const IDEOGRAPH = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const LETTER = /[\p{L}\p{M}\p{N}]/u;
/** Inside a word these join it ("don't", "well-known"); elsewhere they end one. */
const JOINER = /['’-]/;

/** The count of `from`'s text followed by `text`. */
export function countWords(text: string, from: WordCount = NO_WORDS): WordCount {
  let { words, open } = from;
  for (const ch of text) {
    if (IDEOGRAPH.test(ch)) {
      words++;
      open = false;
    } else if (LETTER.test(ch)) {
      if (!open) words++;
      open = true;
    } else if (!(open && JOINER.test(ch))) open = false;
  }
  return { words, open };
}
