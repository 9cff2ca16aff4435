import { responseHeader, type ExchangeView } from './exchange-view.ts';

const parisFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `YYYY-MM-DD` of `instant` in Europe/Paris: the bank's calendar days (design: "One clock"). */
export function parisDay(instant: Date): string {
  const parts = Object.fromEntries(parisFormatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts['year'] ?? ''}-${parts['month'] ?? ''}-${parts['day'] ?? ''}`;
}

/** The calendar date `days` days before `day` (both `YYYY-MM-DD`). */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The bank's day of an exchange and where it was read from, for messages. */
export interface ExchangeDay {
  /** `YYYY-MM-DD`, Europe/Paris. */
  day: string;
  source: 'response Date' | 'startedDateTime';
}

/**
 * The "current date" of an exchange as the bank saw it: the Paris day of the response's own `Date`
 * header (the server's clock, RFC 9110), or of the exchange's `startedDateTime` (the recorder's clock)
 * when the response has no valid `Date`. One rule for every check that needs "today".
 */
export function exchangeDay(view: ExchangeView): ExchangeDay {
  const header = responseHeader(view, 'date');
  const served = header === undefined ? Number.NaN : Date.parse(header);
  return Number.isNaN(served)
    ? { day: parisDay(new Date(view.entry.startedDateTime)), source: 'startedDateTime' }
    : { day: parisDay(new Date(served)), source: 'response Date' };
}
