// Quoted speech belongs to whoever speaks it, so the prose heuristics read a copy of the answer with
// the inside of every quotation blanked out. The copy keeps the original's length, so an offset found
// in it points at the same words in the original, which is where reasons quote from.

import { QUOTATION_MARKS, closesQuotation } from '../i18n/lists.ts';

const MASK = '\u00b7';
const CLOSING_MARKS = new Set(Object.values(QUOTATION_MARKS));
const CLAUSE_END = /[.!?;,:\n\u3002\uff01\uff1f\uff1b\uff0c\uff1a\u3001]/u;
/** Longest excerpt quoted back in a reason; enough to recognise the clause. */
const MAX_EXCERPT = 60;

/** An unclosed quotation blanks out to the end: when unsure whose words they are, leave them alone. */
export function maskQuotes(text: string): string {
  let out = '';
  let closer: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (closer === null) {
      out += ch;
      closer = QUOTATION_MARKS[ch] ?? null;
    } else if (closesQuotation(text, i, closer)) {
      out += ch;
      closer = null;
    } else {
      out += ch === '\n' ? ch : MASK;
    }
  }
  return out;
}

/**
 * The clause starting at `start`, cut from the original; a quotation right before it is included
 * ("Who's there?" you ask) because the quoted words are what make the clause wrong.
 */
export function excerptAt(original: string, masked: string, start: number): string {
  let end = start;
  while (end < masked.length && !CLAUSE_END.test(masked.charAt(end))) end++;
  const clause = original.slice(start, end).trim();
  let back = start - 1;
  while (back >= 0 && /\s/.test(masked.charAt(back))) back--;
  if (back >= 0 && CLOSING_MARKS.has(masked.charAt(back))) {
    let open = back - 1;
    while (open >= 0 && masked.charAt(open) === MASK) open--;
    const withQuote = original.slice(Math.max(open, 0), end).trim();
    if (withQuote.length <= MAX_EXCERPT) return withQuote;
  }
  return clipped(clause);
}

/** `text` cut to an excerpt's length, at a space where there is one. */
export function clipped(text: string): string {
  if (text.length <= MAX_EXCERPT) return text;
  const cut = text.slice(0, MAX_EXCERPT);
  const space = cut.lastIndexOf(' ');
  return `${space > MAX_EXCERPT / 2 ? cut.slice(0, space) : cut}…`;
}
