// What makes a chronicler's quote evidence (rule M9): long enough to be a quote at all, found in the
// participant's own transcript of the turns read, and — for a change — saying its value, or naming
// every world node its value names. A letter or a word is found in almost any text, and a place a
// change names becomes a node the participant knows (WK1), its private body told to its requests.
import type { StateDomain } from '../doc/chronicle.ts';
import type { Language } from '../doc/schema.ts';
import type { WorldNode } from '../doc/world.ts';
import { tr } from '../i18n/messages.ts';
import { nameList } from '../i18n/lists.ts';
import type { TranscriptEntry } from '../views/path-node.ts';
import { holdsPhrase, mentions } from '../world/mentions.ts';

/** A quote in a spaced script is at least this many words: fewer are found in almost any text. */
export const MIN_QUOTE_WORDS = 3;
/** A quote in Chinese or Japanese is at least this many characters (about two words). */
export const MIN_QUOTE_CJK = 4;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const WORD = /[\p{L}\p{N}]+/gu;
/** English articles, which a value and its quote may use differently ("a lantern", "the lantern"). */
const ARTICLES = /(?<![\p{L}\p{N}])(?:the|an?)(?![\p{L}\p{N}])\s*/giu;
const EDGE_PUNCTUATION = /^[\p{P}\s]+|[\p{P}\s]+$/gu;

/** Whether `quote` is long enough: each word counts a third of the minimum, each CJK character a quarter. */
export function longEnough(quote: string): boolean {
  const cjk = quote.match(CJK)?.length ?? 0;
  const words = quote.replace(CJK, ' ').match(WORD)?.length ?? 0;
  return words / MIN_QUOTE_WORDS + cjk / MIN_QUOTE_CJK >= 1;
}

const plain = (text: string) =>
  text.replace(ARTICLES, '').replace(EDGE_PUNCTUATION, '').replace(/\s+/gu, ' ');

/** Whether `quote` says `phrase`: case, articles, the phrase's end punctuation and spacing aside. */
export const says = (quote: string, phrase: string): boolean => {
  const p = plain(phrase);
  return p !== '' && holdsPhrase(plain(quote), p);
};

const namedIn = (quote: string, node: Pick<WorldNode, 'name' | 'aliases'>) =>
  [node.name, ...node.aliases].some((n) => says(quote, n));

/** Changes whose value can make a world node known to their subject (WK1). */
const KNOWING: ReadonlySet<StateDomain> = new Set(['location', 'knowledge']);

export type Quoted = { ok: true; turnId: string } | { ok: false; reason: string };

/** The turn `evidence` quotes in `slice`, or why it is no evidence. */
export function quotedTurn(evidence: string, slice: readonly TranscriptEntry[], language: Language): Quoted {
  const quote = evidence.trim();
  if (!longEnough(quote))
    return {
      ok: false,
      reason: tr(
        language,
        'Its evidence is too short to be a quote: copy at least three words (or four Chinese characters) exactly.',
      ),
    };
  const turnId = slice.find((e) => e.text.includes(quote))?.turnId;
  return turnId
    ? { ok: true, turnId }
    : {
        ok: false,
        reason: tr(language, 'Its evidence is not an exact quote of what this participant perceived.'),
      };
}

/** Why a change's quote does not support its value (null: it does). */
export function unsupported(
  change: { domain: StateDomain; value: string; evidence: string },
  nodes: readonly WorldNode[],
  language: Language,
): string | null {
  const named = nodes.filter((n) => mentions(change.value, n));
  const unnamed = named.filter((n) => !namedIn(change.evidence, n));
  if (KNOWING.has(change.domain) && unnamed.length)
    return tr(language, 'Its value names {names}, which its evidence does not name.', {
      names: nameList(
        language,
        unnamed.map((n) => n.name),
      ),
    });
  if (says(change.evidence, change.value) || (named.length && !unnamed.length)) return null;
  return tr(language, 'Its evidence does not say its value: give the value in the words of the quote.');
}
