import { ActionInputError } from '../../framework.js';

export interface Parts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 0 = Sunday
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function assertTimeZone(field: string, tz: string): string {
  try {
    formatter(tz);
    return tz;
  } catch {
    throw new ActionInputError(field, `is not an IANA time zone: ${tz}`);
  }
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Wall-clock parts of an instant in a time zone. */
export function partsIn(date: Date, timeZone: string): Parts {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(date)
      .map((x) => [x.type, x.value]),
  );
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
    weekday: WEEKDAYS.indexOf(String(p.weekday)),
  };
}

/** Offset of the zone from UTC at an instant, in minutes. */
export function offsetMinutes(date: Date, timeZone: string): number {
  const p = partsIn(date, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** The instant when the wall clock in `timeZone` shows the given parts (DST gaps resolve forward). */
export function fromZoned(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  ms: number,
  timeZone: string,
): Date {
  const guess = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  let t = guess - offsetMinutes(new Date(guess), timeZone) * 60_000;
  t = guess - offsetMinutes(new Date(t), timeZone) * 60_000;
  return new Date(t);
}

/**
 * Parse a date: ISO 8601 with an offset or Z is an instant; a date or date-time without one is wall-clock time in
 * `timeZone`; digits alone are a Unix timestamp (seconds below 1e11, else milliseconds); anything else Date can read.
 */
export function parseDate(field: string, value: unknown, timeZone: string): Date {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{9,13}$/.test(value.trim()))) {
    const n = Number(value);
    return new Date(n < 1e11 ? n * 1000 : n);
  }
  if (typeof value !== 'string' || value.trim() === '') throw new ActionInputError(field, 'must be a date string');
  const s = value.trim();
  const local = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/.exec(s);
  if (local) {
    const [, y, mo, d, h = '0', mi = '0', sec = '0', ms = '0'] = local;
    const date = fromZoned(+y!, +mo!, +d!, +h, +mi, +sec, +ms.padEnd(3, '0'), timeZone);
    const back = partsIn(date, timeZone);
    if (back.month !== +mo! || back.day !== +d!) throw new ActionInputError(field, `is not a valid date: ${s}`);
    return date;
  }
  const date = new Date(s);
  if (Number.isNaN(date.getTime())) throw new ActionInputError(field, `is not a date: ${s}`);
  return date;
}

/** ISO 8601 of the instant as wall-clock time in the zone, with its offset (2024-03-01T10:00:00.000-05:00). */
export function isoIn(date: Date, timeZone: string): string {
  const p = partsIn(date, timeZone);
  const off = offsetMinutes(date, timeZone);
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const ms = pad(date.getUTCMilliseconds(), 3);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}.${ms}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
