// SillyTavern's dates as ISO instants: "July 21, 2023 5:13pm" (a message's send_date), "2023-7-21
// @17h 13m 20s 123ms" (its file names and create_date), ISO text, and milliseconds or seconds since the
// epoch. A date with no time zone is read as UTC (the machine's zone would make the import differ).
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Below this a number is seconds since the epoch (1e11 ms is 1973; 1e11 s is the year 5138). */
const SECONDS_BELOW = 1e11;

export interface ReadDate {
  iso: string;
  /** Read as UTC: the text named no zone. */
  zoneless: boolean;
  /** The number was seconds, not milliseconds. */
  seconds: boolean;
}

const HUMAN =
  /^([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})(?:,?\s+(?:at\s+)?(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?)?$/i;
const FILE = /^(\d{4})-(\d{1,2})-(\d{1,2})\s*@\s*(\d{1,2})h\s*(\d{1,2})m\s*(\d{1,2})s(?:\s*(\d{1,3})ms)?$/i;
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

function utc(parts: number[], offsetMinutes = 0): number | null {
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0, ms = 0] = parts;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  const t = Date.UTC(y, mo - 1, d, h, mi, s, ms) - offsetMinutes * 60_000;
  // A day past the month's end (February 30) would roll over: refuse it rather than move it.
  return new Date(Date.UTC(y, mo - 1, d)).getUTCDate() === d ? t : null;
}

const instant = (t: number | null, zoneless: boolean, seconds = false): ReadDate | null =>
  t === null || !Number.isFinite(t) || Math.abs(t) > 8.64e15
    ? null
    : { iso: new Date(t).toISOString(), zoneless, seconds };

function fromNumber(n: number): ReadDate | null {
  if (n <= 0) return null;
  return n < SECONDS_BELOW ? instant(n * 1000, false, true) : instant(n, false);
}

export function readStDate(value: unknown): ReadDate | null {
  if (typeof value === 'number') return fromNumber(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return fromNumber(Number(text));
  let m = HUMAN.exec(text);
  if (m) {
    const month = MONTHS.findIndex((name) => name.startsWith((m?.[1] ?? '').toLowerCase()));
    if (month < 0 || (m[1] ?? '').length < 3) return null;
    let hour = Number(m[4] ?? 0);
    const meridiem = m[7]?.toLowerCase();
    if (meridiem && (hour < 1 || hour > 12)) return null;
    if (meridiem) hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
    return instant(
      utc([Number(m[3]), month + 1, Number(m[2]), hour, Number(m[5] ?? 0), Number(m[6] ?? 0)]),
      true,
    );
  }
  m = FILE.exec(text);
  if (m) return instant(utc(m.slice(1, 8).map((p) => Number(p ?? 0))), true);
  m = ISO.exec(text);
  if (m) {
    const zone = m[8];
    let offset = 0;
    if (zone && zone.toUpperCase() !== 'Z') {
      const digits = zone.replace(':', '');
      const sign = digits.startsWith('-') ? -1 : 1;
      offset = sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
    }
    const ms = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
    const parts = [...m.slice(1, 7).map((p) => Number(p ?? 0)), ms];
    return instant(utc(parts, offset), zone === undefined);
  }
  return null;
}
