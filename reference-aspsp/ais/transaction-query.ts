import { addDays, daysBetween, isCalendarDate, type CalendarDate } from '../../spec/lib/index.ts';
import type { DateFromBeyondHistory } from '../choices/ais-choices.ts';
import type { FaultSet } from '../faults/catalogue.ts';

/** History depth and longest requested period, in days (seed: Limits; Errors ENDE). */
export const historyDepthDays = 90;

/** The filters of GET transactions, parsed. */
export interface TransactionQuery {
  /** Inclusive lower bound on the transaction's date. */
  readonly dateFrom: CalendarDate | undefined;
  /** Exclusive upper bound on the transaction's date. */
  readonly dateTo: CalendarDate | undefined;
  /** Only entryReference strictly greater (also sent as `afterEntryReference`). */
  readonly entryReferenceFrom: string | undefined;
  /** Only entryReference less than or equal. */
  readonly entryReferenceTo: string | undefined;
  /** The earliest date the history reaches: the PSU's today minus 90 days. */
  readonly depthStart: CalendarDate;
}

/** Why a transaction query is refused: ENDE (spec/errors.yaml). */
export type QueryRefusal = 'ENDE';

/** A date parameter: absent (undefined), a calendar date, or malformed. */
type DateParam = { readonly date: CalendarDate } | 'malformed' | undefined;

function dateParam(query: URLSearchParams, name: string, faults: FaultSet): DateParam {
  const value = query.get(name);
  if (value === null) return undefined;
  if (isCalendarDate(value)) return { date: value };
  // A bank that ignores a date it cannot read instead of refusing it.
  return faults.has('malformed-date-ignored') ? undefined : 'malformed';
}

/**
 * Parses the transaction filters against the PSU's `today`.
 *
 * ENDE for a date that is not a `YYYY-MM-DD` calendar date, a dateFrom before the 90-day history
 * depth (`beyondHistory` ENDE, the reference's choice; else the history's part is answered), a requested period (dateFrom to dateTo, or to today when dateTo is absent) over 90 days, or
 * a dateTo before dateFrom. Without dateFrom the history simply starts at the depth.
 */
export function parseTransactionQuery(
  query: URLSearchParams,
  on: {
    readonly today: CalendarDate;
    readonly faults: FaultSet;
    /** A dateFrom before the history depth (choice AIS-TRX-DATEFROM-BEYOND-HISTORY-ENDE). */
    readonly beyondHistory: DateFromBeyondHistory;
  },
): TransactionQuery | QueryRefusal {
  const { today, faults, beyondHistory } = on;
  const from = dateParam(query, 'dateFrom', faults);
  const to = dateParam(query, 'dateTo', faults);
  if (from === 'malformed' || to === 'malformed') return 'ENDE';
  const dateFrom = from?.date;
  const dateTo = to?.date;
  const depthStart = addDays(today, -historyDepthDays);
  if (dateFrom !== undefined) {
    if (dateFrom < depthStart && beyondHistory === 'ENDE') return 'ENDE';
    const longest = faults.has('period-91-days-accepted') ? historyDepthDays + 1 : historyDepthDays;
    if (daysBetween(dateFrom, dateTo ?? today) > longest) return 'ENDE';
    if (dateTo !== undefined && dateTo < dateFrom) return 'ENDE';
  }
  let lower = dateFrom;
  let upper = dateTo;
  // Deviations of the bounds, as the day after them: dateFrom read as exclusive, dateTo as inclusive.
  if (faults.has('datefrom-exclusive')) {
    if (lower !== undefined) lower = addDays(lower, 1);
  }
  if (faults.has('dateto-inclusive')) {
    if (upper !== undefined) upper = addDays(upper, 1);
  }
  return {
    dateFrom: lower,
    dateTo: upper,
    entryReferenceFrom:
      query.get('entryReferenceFrom') ??
      (faults.has('after-entry-reference-ignored') ? null : query.get('afterEntryReference')) ??
      undefined,
    entryReferenceTo: query.get('entryReferenceTo') ?? undefined,
    depthStart,
  };
}
