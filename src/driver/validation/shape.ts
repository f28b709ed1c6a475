// Checks on an answer's form, made before its prose is read: blank, the <empty> sentinel, structured
// data where plain text was asked for, and "Name:" labels marking answers for or by other people.

import { QUOTATION_MARKS } from '../i18n/lists.ts';
import { cachedRegExp, escapeRegExp } from './regexp.ts';
import type { Span } from './types.ts';

const SENTINEL_ANYWHERE = /<\s*empty\s*>/i;

export const isBlank = (text: string): boolean => text.trim() === '';

export const containsSentinel = (text: string): boolean => SENTINEL_ANYWHERE.test(text);

/** JSON objects or arrays, a fenced code block, or a brace-opened key/value answer. */
export function looksStructured(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.startsWith('```')) return true;
  if (trimmed.startsWith('{') && /"[^"\n]*"\s*:/.test(trimmed)) return true;
  // Only an object or an array counts, and prose would make JSON.parse throw, which is slow.
  if (!/^[[{]/.test(trimmed)) return false;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}

export interface LabelledLine {
  /** The participant name as given in the context, whatever case the answer used. */
  name: string;
  /** What follows the label. */
  rest: string;
  line: string;
}

/** Lines opening with one of `names` and a colon, markdown decoration allowed: `**Jess:** …`. */
export function labelledLines(text: string, names: readonly string[]): LabelledLine[] {
  if (names.length === 0) return [];
  const label = cachedRegExp(`label\u0000${names.join('\u0000')}`, () => {
    const alternatives = [...names]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|');
    return new RegExp(
      String.raw`^\s*(?:[-*>#]+\s*)?(?:\*\*|__)?\s*(${alternatives})\s*(?:\*\*|__)?\s*[:\uff1a]\s*(?:\*\*|__)?\s*(.*)$`,
      'iu',
    );
  });
  const found: LabelledLine[] = [];
  for (const line of text.split('\n')) {
    const m = label.exec(line);
    if (m === null) continue;
    const given = (m[1] ?? '').toLowerCase();
    const name = names.find((n) => n.toLowerCase() === given) ?? m[1] ?? '';
    found.push({ name, rest: (m[2] ?? '').trim(), line: line.trim() });
  }
  return found;
}

/** `Jess: "Where is it?"` is a line of dialogue in script form, not an answer labelled for Jess. */
export const isScriptDialogue = (line: LabelledLine): boolean =>
  QUOTATION_MARKS[line.rest.charAt(0)] !== undefined;

/** The non-blank stretches of `text` between the offsets in `breaks` (any order, repeats allowed). */
export function spansBetween(text: string, breaks: readonly number[]): Span[] {
  const found: Span[] = [];
  let start = 0;
  for (const end of [...[...breaks].sort((a, b) => a - b), text.length]) {
    if (end <= start) continue;
    if (text.slice(start, end).trim() !== '') found.push({ start, end });
    start = end;
  }
  return found;
}
