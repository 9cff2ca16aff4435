/**
 * The bank's calendar: Europe/Paris days and wall-clock minutes, the accounting-batch window, and
 * calendar-day arithmetic (design: "One clock"). Every day-based rule of the seed (daily quotas, the
 * 90-day history, the 21:00–21:50 accounting batch, booking dates, the deprecation calendar) counts
 * Paris calendar days; the reference, the harness and traffic all read them from here.
 *
 * Intl does the time-zone arithmetic, so summer time needs no table. Dates are `YYYY-MM-DD` strings;
 * their arithmetic is done on UTC midnights, where no DST applies.
 */

/** A calendar date written `YYYY-MM-DD`. */
export type CalendarDate = string;

/** Wall-clock fields of an instant in Paris. */
export interface ParisLocalTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const formatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The Paris wall-clock time of `instant`. */
export function parisLocalTime(instant: Date): ParisLocalTime {
  const fields: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year ?? 0,
    month: fields.month ?? 0,
    day: fields.day ?? 0,
    hour: fields.hour ?? 0,
    minute: fields.minute ?? 0,
    second: fields.second ?? 0,
  };
}

/** The Paris calendar day of `instant`, as `YYYY-MM-DD`. */
export function parisDay(instant: Date): CalendarDate {
  const t = parisLocalTime(instant);
  return `${pad(t.year, 4)}-${pad(t.month, 2)}-${pad(t.day, 2)}`;
}

/** Minutes since Paris midnight of `instant` (0–1439). */
export function parisMinuteOfDay(instant: Date): number {
  const t = parisLocalTime(instant);
  return t.hour * 60 + t.minute;
}

/** The Paris calendar day and minutes since Paris midnight of `instant`, read once. */
export function parisWallClock(instant: Date): { date: CalendarDate; minutes: number } {
  const t = parisLocalTime(instant);
  return { date: `${pad(t.year, 4)}-${pad(t.month, 2)}-${pad(t.day, 2)}`, minutes: t.hour * 60 + t.minute };
}

/**
 * The instant at Paris wall-clock `hour:minute` on `day` (`YYYY-MM-DD`). Found by correcting a UTC
 * guess with the zone's offset at that guess; exact except inside the spring-forward hour.
 */
export function parisInstant(day: CalendarDate, hour: number, minute: number): Date {
  const [year, month, date] = day.split('-').map(Number);
  const guess = Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1, hour, minute);
  const local = parisLocalTime(new Date(guess));
  const localAsUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return new Date(guess - (localAsUtc - guess));
}

/**
 * The accounting batch runs every Paris day from 21:00 (inclusive) to 21:50 (exclusive) (seed:
 * Balance), in minutes since Paris midnight.
 */
export const accountingBatch = { startMinute: 21 * 60, endMinute: 21 * 60 + 50 } as const;

/** True while the accounting batch runs at `instant`. */
export function isAccountingBatchRunning(instant: Date): boolean {
  const minute = parisMinuteOfDay(instant);
  return minute >= accountingBatch.startMinute && minute < accountingBatch.endMinute;
}

/** The instant the accounting batch of the Paris day `day` starts (21:00 Paris). */
export function accountingBatchStart(day: CalendarDate): Date {
  return parisInstant(day, Math.floor(accountingBatch.startMinute / 60), accountingBatch.startMinute % 60);
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `text` is a real calendar date written `YYYY-MM-DD` (not 2024-02-30). */
export function isCalendarDate(text: string): boolean {
  const match = datePattern.exec(text);
  if (match === null) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** `date` moved by `days` calendar days (negative goes back). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to`; negative when `to` is earlier. */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * `date` moved by `months` calendar months, the day clamped to the target month's last day
 * (2022-05-31 + 3 months is 2022-08-31, 2023-11-30 + 3 months is 2024-02-29).
 */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const [y, m, d] = date.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) throw new RangeError(`not a date: ${date}`);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(Math.min(d, last), 2)}`;
}

/** The first day of the month of `date`. */
export function startOfMonth(date: CalendarDate): CalendarDate {
  return `${date.slice(0, 8)}01`;
}

/** The last day of the month of `date`. */
export function endOfMonth(date: CalendarDate): CalendarDate {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
