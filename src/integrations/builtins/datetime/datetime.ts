import { ActionInputError, defineAction, defineIntegration, Property } from '../../framework.js';
import { assertTimeZone, fromZoned, isoIn, parseDate, partsIn } from './zoned.js';

/** Optional: null when the caller sent null (see PropsValue); `p.timezone as string` keeps today's behaviour. */
const tzProp = () =>
  Property.ShortText({ displayName: 'Time zone', description: 'IANA name, e.g. Europe/Paris', defaultValue: 'UTC' });
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const parse = defineAction({
  name: 'parse_date',
  displayName: 'Parse a date',
  description: 'Read a date string (ISO 8601, RFC 2822, Unix timestamp, or wall-clock time in the given zone) into its parts.',
  props: { dateString: Property.ShortText({ displayName: 'Date', required: true }), timezone: tzProp() },
  outputSchema: {
    type: 'object',
    properties: {
      iso: { type: 'string', description: 'UTC ISO 8601' },
      local: { type: 'string', description: 'ISO 8601 in the time zone, with offset' },
      timestamp: { type: 'number', description: 'milliseconds since epoch' },
      unix: { type: 'number', description: 'seconds since epoch' },
      timezone: { type: 'string' },
      components: { type: 'object' },
    },
  },
  run: async ({ propsValue: p }) => {
    const tz = assertTimeZone('timezone', p.timezone as string);
    const date = parseDate('dateString', p.dateString, tz);
    const c = partsIn(date, tz);
    return {
      iso: date.toISOString(),
      local: isoIn(date, tz),
      timestamp: date.getTime(),
      unix: Math.floor(date.getTime() / 1000),
      timezone: tz,
      components: { ...c, weekdayName: WEEKDAY_NAMES[c.weekday] },
    };
  },
});

function relative(date: Date, now: Date): string {
  const diff = (date.getTime() - now.getTime()) / 1000;
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['week', 604_800],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, secs] of units) if (Math.abs(diff) >= secs) return rtf.format(Math.round(diff / secs), unit);
  return rtf.format(Math.round(diff), 'second');
}

const FORMATS = ['iso', 'us', 'eu', 'long', 'short', 'time', 'datetime', 'relative'] as const;
const format = defineAction({
  name: 'format_date',
  displayName: 'Format a date',
  description: 'Format a date as iso, us (MM/DD/YYYY), eu (DD/MM/YYYY), long, short, time, datetime or relative ("in 3 days").',
  props: {
    date: Property.ShortText({ displayName: 'Date', required: true }),
    format: Property.StaticDropdown({
      displayName: 'Format',
      defaultValue: 'iso',
      options: FORMATS.map((f) => ({ label: f, value: f })),
    }),
    timezone: tzProp(),
  },
  outputSchema: {
    type: 'object',
    properties: { formatted: { type: 'string' }, format: { type: 'string' }, timezone: { type: 'string' } },
  },
  run: async ({ propsValue: p }) => {
    const tz = assertTimeZone('timezone', p.timezone as string);
    const date = parseDate('date', p.date, tz);
    const c = partsIn(date, tz);
    const pad = (n: number) => String(n).padStart(2, '0');
    const opts = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone: tz, ...o }).format(date);
    // format is null when the caller sent null (see PropsValue); the cast keeps today's behaviour
    const f = p.format as (typeof FORMATS)[number];
    const formatted = {
      iso: isoIn(date, tz),
      us: `${pad(c.month)}/${pad(c.day)}/${c.year}`,
      eu: `${pad(c.day)}/${pad(c.month)}/${c.year}`,
      long: opts({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }),
      short: opts({ year: 'numeric', month: 'short', day: 'numeric' }),
      time: `${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`,
      datetime: `${c.year}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`,
      relative: relative(date, new Date()),
    }[f];
    return { formatted, format: f, timezone: tz };
  },
});

const UNITS = ['seconds', 'minutes', 'hours', 'days', 'weeks', 'months', 'years'] as const;
const math = defineAction({
  name: 'date_math',
  displayName: 'Add to or subtract from a date',
  description:
    'Add or subtract an amount of seconds, minutes, hours, days, weeks, months or years. Days and longer follow the calendar in the time zone (DST-safe); months clamp to the last day.',
  props: {
    date: Property.ShortText({ displayName: 'Date', required: true }),
    operation: Property.StaticDropdown({
      displayName: 'Operation',
      required: true,
      defaultValue: 'add',
      options: [
        { label: 'Add', value: 'add' },
        { label: 'Subtract', value: 'subtract' },
      ],
    }),
    amount: Property.Number({ displayName: 'Amount', required: true }),
    unit: Property.StaticDropdown({
      displayName: 'Unit',
      required: true,
      defaultValue: 'days',
      options: UNITS.map((u) => ({ label: u, value: u })),
    }),
    timezone: tzProp(),
  },
  outputSchema: {
    type: 'object',
    properties: {
      result: { type: 'string', description: 'UTC ISO 8601' },
      local: { type: 'string' },
      timestamp: { type: 'number' },
    },
  },
  run: async ({ propsValue: p }) => {
    const tz = assertTimeZone('timezone', p.timezone as string);
    const date = parseDate('date', p.date, tz);
    const n = (p.operation === 'subtract' ? -1 : 1) * p.amount;
    const unit = p.unit;
    let result: Date;
    const fixed = { seconds: 1_000, minutes: 60_000, hours: 3_600_000 } as const;
    if (unit in fixed) result = new Date(date.getTime() + n * fixed[unit as keyof typeof fixed]);
    else {
      if (!Number.isInteger(n)) throw new ActionInputError('amount', `must be a whole number of ${unit}`);
      const c = partsIn(date, tz);
      let { year, month, day } = c;
      if (unit === 'days' || unit === 'weeks') day += n * (unit === 'weeks' ? 7 : 1);
      else {
        const total = year * 12 + (month - 1) + n * (unit === 'years' ? 12 : 1);
        year = Math.floor(total / 12);
        month = (total % 12) + 1;
        day = Math.min(day, new Date(Date.UTC(year, month, 0)).getUTCDate());
      }
      const norm = new Date(Date.UTC(year, month - 1, day));
      result = fromZoned(
        norm.getUTCFullYear(),
        norm.getUTCMonth() + 1,
        norm.getUTCDate(),
        c.hour,
        c.minute,
        c.second,
        date.getUTCMilliseconds(),
        tz,
      );
    }
    if (Number.isNaN(result.getTime())) throw new ActionInputError('amount', 'is out of range');
    return { result: result.toISOString(), local: isoIn(result, tz), timestamp: result.getTime() };
  },
});

const businessHours = defineAction({
  name: 'is_business_hours',
  displayName: 'Is it business hours?',
  description:
    'Whether a date (default now) falls on a work day between startHour (inclusive) and endHour (exclusive) in the time zone.',
  props: {
    date: Property.ShortText({ displayName: 'Date', description: 'Default: now' }),
    timezone: tzProp(),
    startHour: Property.Number({ displayName: 'Start hour', defaultValue: 9, min: 0, max: 23, integer: true }),
    endHour: Property.Number({ displayName: 'End hour', defaultValue: 17, min: 1, max: 24, integer: true }),
    workDays: Property.Array({
      displayName: 'Work days',
      description: '0 = Sunday ... 6 = Saturday',
      defaultValue: [1, 2, 3, 4, 5],
    }),
  },
  outputSchema: {
    type: 'object',
    properties: { isBusinessHours: { type: 'boolean' }, localTime: { type: 'string' }, dayOfWeek: { type: 'string' } },
  },
  run: async ({ propsValue: p }) => {
    const tz = assertTimeZone('timezone', p.timezone || 'UTC');
    const date = p.date ? parseDate('date', p.date, tz) : new Date();
    // workDays, startHour and endHour are null when the caller sent null (see PropsValue); the casts keep today's behaviour
    const days = p.workDays as unknown[];
    if (!days.every((d) => Number.isInteger(d) && (d as number) >= 0 && (d as number) <= 6)) {
      throw new ActionInputError('workDays', 'must be integers from 0 (Sunday) to 6 (Saturday)');
    }
    const start = p.startHour as number;
    const end = p.endHour as number;
    if (end <= start) throw new ActionInputError('endHour', 'must be after startHour');
    const c = partsIn(date, tz);
    return {
      isBusinessHours: days.includes(c.weekday) && c.hour >= start && c.hour < end,
      localTime: isoIn(date, tz),
      dayOfWeek: WEEKDAY_NAMES[c.weekday],
      timezone: tz,
    };
  },
});

export const datetime = defineIntegration({
  name: 'datetime',
  displayName: 'Date & Time',
  description: 'Parse, format and calculate dates in any time zone.',
  logoUrl: '/static/integrations/datetime.svg',
  categories: ['productivity', 'built-in'],
  auth: [],
  runtime: 'builtin',
  version: '1.0.0',
  actions: [parse, format, math, businessHours],
});
