// One key against a text: `/pattern/flags` as a regular expression, anything else as plain text, with
// the case and whole-word options of the entry (or the scan). Whole words are told apart only in
// scripts written with spaces: CJK, Thai and the like have no word boundaries to find.

/** Options a plain key is matched with (a regular expression carries its own flags). */
export interface KeyOptions {
  caseSensitive: boolean;
  matchWholeWords: boolean;
}

export type KeyMatcher = (text: string) => boolean;

/** Global and sticky flags make `test` stateful (it resumes at `lastIndex`); a key matches anywhere. */
const STATEFUL_FLAGS = /[gy]/g;
const REGEX_KEY = /^\/([\s\S]+)\/([dgimsuyv]*)$/;
/** An unescaped slash inside the pattern means the text was not meant as one regex (`/usr/bin/x`). */
const UNESCAPED_SLASH = /(^|[^\\])(\\\\)*\//;

/** The regular expression a key spells, or null when it is plain text (or not a valid expression). */
export function parseRegexKey(key: string): RegExp | null {
  const match = REGEX_KEY.exec(key);
  if (!match) return null;
  const [, pattern = '', flags = ''] = match;
  if (UNESCAPED_SLASH.test(pattern)) return null;
  try {
    return new RegExp(pattern, flags.replace(STATEFUL_FLAGS, ''));
  } catch {
    return null;
  }
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;
/** Scripts written without spaces between words: every position inside them is a word boundary. */
const UNSPACED_SCRIPT =
  /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}\p{scx=Tibetan}]/u;

function isSpacedWordChar(char: string | undefined): boolean {
  return char !== undefined && WORD_CHAR.test(char) && !UNSPACED_SCRIPT.test(char);
}

/** A key's edge is whole unless both it and its neighbour are letters of a spaced script. */
function edgeIsWhole(edge: string | undefined, neighbour: string | undefined): boolean {
  return !isSpacedWordChar(edge) || !isSpacedWordChar(neighbour);
}

/** The character (code point) ending just before `index`, if any. */
function charBefore(text: string, index: number): string | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && index >= 2 ? index - 2 : index - 1;
  return String.fromCodePoint(text.codePointAt(start) as number);
}

/** The character (code point) starting at `index`, if any. */
function charAt(text: string, index: number): string | undefined {
  const code = text.codePointAt(index);
  return code === undefined ? undefined : String.fromCodePoint(code);
}

/** Syntax characters only: in unicode mode any other escaped character is an error. */
function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/**
 * Whole-word matching of a (lower-cased where needed) key: its words in order, any run of white space
 * between them, and at each end a boundary in the sense above. SillyTavern instead matches a key of
 * several words as a bare substring and bounds one-word keys by ASCII `\W`.
 */
function wholeWordMatcher(key: string): KeyMatcher {
  const words = key.split(/\s+/);
  const pattern = new RegExp(words.map(escapeRegex).join('\\s+'), 'gu');
  const first = charAt(key, 0);
  const last = charBefore(key, key.length);
  return (text) => {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      const end = m.index + m[0].length;
      if (edgeIsWhole(first, charBefore(text, m.index)) && edgeIsWhole(last, charAt(text, end))) return true;
      // Occurrences may overlap ("aa" in "baaa"): resume one character on, not after this match.
      pattern.lastIndex = m.index + (charAt(text, m.index) as string).length;
    }
    return false;
  };
}

/** A matcher for one key; null for a key that is empty once trimmed (it never matches). */
export function compileKey(raw: string, options: KeyOptions): KeyMatcher | null {
  const key = raw.trim();
  if (key === '') return null;
  const regex = parseRegexKey(key);
  if (regex) return (text) => regex.test(text);
  const fold = options.caseSensitive ? (text: string) => text : (text: string) => text.toLowerCase();
  const needle = fold(key);
  if (!options.matchWholeWords) return (text) => fold(text).includes(needle);
  const whole = wholeWordMatcher(needle);
  return (text) => whole(fold(text));
}
