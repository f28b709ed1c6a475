// Reading a card's values the way real files write them: numbers and booleans as text, a list as
// a comma-separated string, a number where text belongs. What is read leniently is said once per
// field (the message names no value, so a field wrong in 300 entries is one line); what cannot be
// read at all is ignored with a warning (the original stays in the card's data).
import { tr } from '../i18n/messages.ts';
import type { NoteTaker } from './card-notes.ts';

const TRUE_WORDS = new Set(['true', 'yes', '1', 'on']);
const FALSE_WORDS = new Set(['false', 'no', '0', 'off', '']);

/** Absent and null both mean "not given". */
const absent = (value: unknown): value is null | undefined => value === undefined || value === null;

export function readText(value: unknown, field: string, notes: NoteTaker): string | undefined {
  if (absent(value)) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') {
    notes.warn(
      typeof value === 'number'
        ? tr(notes.language, '{field}: a number where text belongs, read as text', { field })
        : tr(notes.language, '{field}: a boolean where text belongs, read as text', { field }),
    );
    return String(value);
  }
  notes.warn(tr(notes.language, '{field}: not text, ignored', { field }));
  return undefined;
}

export function readBool(value: unknown, field: string, notes: NoteTaker): boolean | undefined {
  if (absent(value)) return undefined;
  if (typeof value === 'boolean') return value;
  const word = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
  if (word !== null) {
    const lower = word.toLowerCase();
    if (TRUE_WORDS.has(lower) || FALSE_WORDS.has(lower)) {
      notes.warn(
        typeof value === 'number'
          ? tr(notes.language, '{field}: a number read as a boolean', { field })
          : tr(notes.language, '{field}: a string read as a boolean', { field }),
      );
      return TRUE_WORDS.has(lower);
    }
  }
  notes.warn(tr(notes.language, '{field}: not a boolean, ignored', { field }));
  return undefined;
}

export function readNumber(value: unknown, field: string, notes: NoteTaker): number | undefined {
  if (absent(value)) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) {
    notes.warn(tr(notes.language, '{field}: text read as a number', { field }));
    return Number(value);
  }
  if (typeof value === 'boolean') {
    notes.warn(tr(notes.language, '{field}: a boolean read as a number', { field }));
    return value ? 1 : 0;
  }
  notes.warn(tr(notes.language, '{field}: not a number, ignored', { field }));
  return undefined;
}

/** A whole number within bounds (book fields are counts and orders), rounded and clamped. */
export function readInt(
  value: unknown,
  field: string,
  notes: NoteTaker,
  bounds: { min: number; max: number },
): number | undefined {
  const n = readNumber(value, field, notes);
  if (n === undefined) return undefined;
  const r = Math.min(bounds.max, Math.max(bounds.min, Math.round(n)));
  if (r !== n)
    notes.warn(
      tr(notes.language, '{field}: read as the nearest whole number from {min} to {max}', {
        field,
        min: bounds.min,
        max: bounds.max,
      }),
    );
  return r;
}

/** A list of texts: an array (numbers read as text, the rest ignored) or a comma-separated string. */
export function readTextList(value: unknown, field: string, notes: NoteTaker): string[] | undefined {
  if (absent(value)) return undefined;
  if (typeof value === 'string') {
    notes.warn(tr(notes.language, '{field}: a comma-separated string, read as a list', { field }));
    return value
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  }
  if (!Array.isArray(value)) {
    notes.warn(tr(notes.language, '{field}: not a list, ignored', { field }));
    return undefined;
  }
  const out: string[] = [];
  for (const item of value) {
    const text = readText(item, `${field}[]`, notes);
    if (text !== undefined) out.push(text);
  }
  return out;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
