// A card's dates as the V3 spec keeps them, whole Unix seconds, from what files hold: seconds,
// milliseconds, numeric text, ISO 8601, or SillyTavern's "2023-7-21 @17h 13m 22s 116ms".
// Dates without a zone (SillyTavern writes local time) are read as UTC, so reading is deterministic.
import type { Language } from '../../doc/schema.ts';
import { tr } from '../../i18n/messages.ts';

/** Below this a number is seconds (up to the year 5138), from it milliseconds (from 1973). */
const MILLISECONDS_FROM = 1e11;
const MS_PER_SECOND = 1000;

const ST_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2}) @(\d{1,2})h (\d{1,2})m (\d{1,2})s (\d{1,3})ms$/;
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

export type DateRead = { seconds: number; how: string | null } | null;

const fromNumber = (n: number, text: boolean, language: Language): DateRead => {
  if (n >= MILLISECONDS_FROM)
    return {
      seconds: Math.floor(n / MS_PER_SECOND),
      how: text ? tr(language, 'milliseconds as text') : tr(language, 'milliseconds'),
    };
  if (!Number.isInteger(n) || text)
    return { seconds: Math.floor(n), how: text ? tr(language, 'seconds as text') : tr(language, 'seconds') };
  return { seconds: n, how: null };
};

/** Minutes east of UTC of an ISO zone designator. */
function zoneMinutes(zone: string | undefined): number {
  if (!zone || zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
}

const utcSeconds = (parts: (string | undefined)[], ms = 0): number => {
  const [y, mo, d, h, mi, s] = parts.map((p) => Number(p ?? '0'));
  return Math.floor(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0, ms) / MS_PER_SECOND);
};

/**
 * Whole Unix seconds and how the value was written (null: already seconds; else said in `language`),
 * or null when it is no date.
 */
export function readCardDate(value: unknown, language: Language = 'en'): DateRead {
  if (typeof value === 'number')
    return Number.isFinite(value) && value >= 0 ? fromNumber(value, false, language) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return fromNumber(Number(text), true, language);
  const st = ST_DATE.exec(text);
  if (st)
    return {
      seconds: utcSeconds(st.slice(1, 7), Number(st[7])),
      how: tr(language, "SillyTavern's date, read as UTC"),
    };
  const iso = ISO_DATE.exec(text);
  if (iso) {
    const fraction = Number(`0.${iso[7] ?? '0'}`) * MS_PER_SECOND;
    const local = utcSeconds(iso.slice(1, 7), fraction);
    const zone = iso[8];
    return {
      seconds: local - zoneMinutes(zone) * 60,
      // A standard's name is the same in every language.
      how: zone || iso[4] === undefined ? 'ISO 8601' : tr(language, 'ISO 8601 without a zone, read as UTC'),
    };
  }
  return null;
}
