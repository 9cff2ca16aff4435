/**
 * Calendar dates (`YYYY-MM-DD`) and Europe/Paris wall-clock readings of an instant.
 *
 * Every day-based rule of the seed (90-day history, daily quotas, the 21:00–21:50 accounting batch,
 * booking dates) counts Paris calendar days (design: "One clock"), so dates are plain strings computed
 * from the instant in Europe/Paris, and date arithmetic is done on UTC midnights where no DST applies.
 */
export type CalendarDate = string;

const parisFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The Paris calendar date and minutes since Paris midnight of `instant`. */
export function parisWallClock(instant: Date): { date: CalendarDate; minutes: number } {
  const parts: Record<string, string> = {};
  for (const part of parisFormat.formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The Paris calendar date of `instant`. */
export function parisDate(instant: Date): CalendarDate {
  return parisWallClock(instant).date;
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

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
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
