// Reading one field of an imported record leniently: true/false and numbers given as text, null where a
// value is expected, numbers out of range or not whole. Whatever had to bend is noted for the report;
// `undefined` means "not there or not readable: use the default".
import { tr } from '../i18n/messages.ts';
import type { ImportNotes } from './import-notes.ts';

const TRUE_TEXT = new Set(['true', 'yes', 'on', '1']);
const FALSE_TEXT = new Set(['false', 'no', 'off', '0']);

export interface NumberRange {
  min: number;
  max: number;
  /** Whole numbers only (a fraction is rounded). */
  int?: boolean;
}

export interface LenientReader {
  /** `null` only when `nullable` (the value then means "the scan's setting"). */
  bool(field: string, value: unknown, nullable?: boolean): boolean | null | undefined;
  number(field: string, value: unknown, range: NumberRange, nullable?: boolean): number | null | undefined;
  text(field: string, value: unknown): string | undefined;
  /** A list of texts: an array, or one text of comma-separated items. Empty items are left out. */
  list(field: string, value: unknown): string[] | undefined;
}

export function createLenientReader(notes: ImportNotes, about?: string): LenientReader {
  const { language } = notes;
  const warn = (message: string) => notes.add('warnings', message, about);
  const asText = (field: string) =>
    warn(tr(language, '{field} is given as text; it was read as its value', { field }));
  const unreadable = (field: string) =>
    warn(tr(language, '{field} could not be read; the default was used', { field }));
  const isNull = (field: string, nullable: boolean): null | undefined => {
    if (nullable) return null;
    warn(tr(language, '{field} is null; the default was used', { field }));
    return undefined;
  };

  const reader: LenientReader = {
    bool(field, value, nullable = false) {
      if (value === undefined) return undefined;
      if (value === null) return isNull(field, nullable);
      if (typeof value === 'boolean') return value;
      if (value === 0 || value === 1) {
        warn(tr(language, '{field} is given as a number; 0 and 1 were read as false and true', { field }));
        return value === 1;
      }
      if (typeof value === 'string') {
        const t = value.trim().toLowerCase();
        if (t === '' && nullable) return null;
        if (TRUE_TEXT.has(t) || FALSE_TEXT.has(t)) {
          asText(field);
          return TRUE_TEXT.has(t);
        }
      }
      unreadable(field);
      return undefined;
    },
    number(field, value, range, nullable = false) {
      if (value === undefined) return undefined;
      if (value === null) return isNull(field, nullable);
      let n: number;
      if (typeof value === 'number') n = value;
      else if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value.trim()))) {
        asText(field);
        n = Number(value.trim());
      } else {
        if (typeof value === 'string' && value.trim() === '' && nullable) return null;
        unreadable(field);
        return undefined;
      }
      if (!Number.isFinite(n)) {
        unreadable(field);
        return undefined;
      }
      if (range.int && !Number.isInteger(n)) {
        warn(tr(language, '{field} is not a whole number; it was rounded', { field }));
        n = Math.round(n);
      }
      if (n < range.min || n > range.max) {
        warn(
          tr(language, '{field} is outside {min}…{max}; the nearest of those was used', {
            field,
            min: range.min,
            max: range.max,
          }),
        );
        n = Math.min(range.max, Math.max(range.min, n));
      }
      return n;
    },
    text(field, value) {
      if (value === undefined) return undefined;
      if (value === null) return isNull(field, false) ?? undefined;
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') {
        warn(tr(language, '{field} is not text; it was read as text', { field }));
        return String(value);
      }
      unreadable(field);
      return undefined;
    },
    list(field, value) {
      if (value === undefined) return undefined;
      if (value === null) return isNull(field, false) ?? undefined;
      if (typeof value === 'string') {
        if (value.includes(',')) warn(tr(language, '{field} is one text; it was split at commas', { field }));
        return value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
      }
      if (!Array.isArray(value)) {
        unreadable(field);
        return undefined;
      }
      const items: string[] = [];
      let odd = false;
      for (const item of value) {
        if (typeof item === 'string') items.push(item.trim());
        else if (typeof item === 'number') items.push(String(item));
        else odd = true;
      }
      if (odd) warn(tr(language, '{field} holds items that are not text; they were left out', { field }));
      const kept = items.filter(Boolean);
      if (kept.length < items.length)
        notes.add('dropped', tr(language, '{field}: empty items', { field }), about);
      return kept;
    },
  };
  return reader;
}
