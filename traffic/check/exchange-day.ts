import { parisDay } from '../../spec/lib/index.ts';
import { responseHeader, type ExchangeView } from './exchange-view.ts';

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
