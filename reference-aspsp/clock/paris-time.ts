/**
 * Europe/Paris calendar helpers: quotas count per Paris calendar day and the accounting batch runs
 * 21:00–21:50 Paris time (seed: Limits; Balance). Intl does the time-zone arithmetic, so summer time
 * needs no table.
 */

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

/** Wall-clock fields of an instant in Paris. */
export interface ParisLocalTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

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

/** The Paris calendar day of `instant`, as `YYYY-MM-DD` (the key of daily quotas). */
export function parisCalendarDay(instant: Date): string {
  const t = parisLocalTime(instant);
  return `${t.year}-${pad(t.month)}-${pad(t.day)}`;
}

/** Minutes since Paris midnight of `instant` (0–1439). */
export function parisMinuteOfDay(instant: Date): number {
  const t = parisLocalTime(instant);
  return t.hour * 60 + t.minute;
}

/** True while the accounting batch runs: 21:00 (inclusive) to 21:50 (exclusive), Paris time. */
export function isAccountingBatchRunning(instant: Date): boolean {
  const minute = parisMinuteOfDay(instant);
  return minute >= 21 * 60 && minute < 21 * 60 + 50;
}

/** The instant the accounting batch of the Paris day `day` (`YYYY-MM-DD`) ends (21:50 Paris). */
export function accountingBatchEnd(day: string): Date {
  return parisInstant(day, 21, 50);
}

/**
 * The instant at Paris wall-clock `hour:minute` on `day` (`YYYY-MM-DD`). Found by correcting a UTC
 * guess with the zone's offset at that guess; exact except inside the spring-forward hour.
 */
export function parisInstant(day: string, hour: number, minute: number): Date {
  const [year, month, date] = day.split('-').map(Number);
  const guess = Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1, hour, minute);
  const local = parisLocalTime(new Date(guess));
  const localAsUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return new Date(guess - (localAsUtc - guess));
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
