import { addDays, daysBetween, isCalendarDate, type CalendarDate } from '../../spec/lib/index.ts';
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

/** A date parameter: absent, a calendar date, or malformed. */
type DateParam = { kind: 'absent' } | { kind: 'date'; date: CalendarDate } | { kind: 'malformed' };

function dateParam(query: URLSearchParams, name: string): DateParam {
  const value = query.get(name);
  if (value === null) return { kind: 'absent' };
  return isCalendarDate(value) ? { kind: 'date', date: value } : { kind: 'malformed' };
}

/**
 * Parses the transaction filters against the PSU's `today`.
 *
 * ENDE for a date that is not a `YYYY-MM-DD` calendar date, a dateFrom before the 90-day history
 * depth, a requested period (dateFrom to dateTo, or to today when dateTo is absent) over 90 days, or
 * a dateTo before dateFrom. Without dateFrom the history simply starts at the depth.
 */
export function parseTransactionQuery(
  query: URLSearchParams,
  on: { readonly today: CalendarDate; readonly faults: FaultSet },
): TransactionQuery | QueryRefusal {
  const { today, faults } = on;
  const from = dateParam(query, 'dateFrom');
  const to = dateParam(query, 'dateTo');
  if ((from.kind === 'malformed' || to.kind === 'malformed') && !faults.has('malformed-date-ignored'))
    return 'ENDE';
  const dateFrom = from.kind === 'date' ? from.date : undefined;
  const dateTo = to.kind === 'date' ? to.date : undefined;
  const depthStart = addDays(today, -historyDepthDays);
  if (dateFrom !== undefined) {
    if (dateFrom < depthStart) return 'ENDE';
    const longest = historyDepthDays + (faults.has('period-91-days-accepted') ? 1 : 0);
    if (daysBetween(dateFrom, dateTo ?? today) > longest) return 'ENDE';
  }
  if (dateFrom !== undefined && dateTo !== undefined && dateTo < dateFrom) return 'ENDE';
  return {
    dateFrom,
    dateTo,
    entryReferenceFrom:
      query.get('entryReferenceFrom') ??
      (faults.has('after-entry-reference-ignored') ? null : query.get('afterEntryReference')) ??
      undefined,
    entryReferenceTo: query.get('entryReferenceTo') ?? undefined,
    depthStart,
  };
}
