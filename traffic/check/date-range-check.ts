import { addDays, daysBetween } from '../../spec/lib/index.ts';
import { isRecord } from '../har/har-access.ts';
import { errorCodeOf } from './error-code-check.ts';
import { exchangeDay } from './exchange-day.ts';
import type { ExchangeView } from './exchange-view.ts';
import { fail, pass, type Finding, type TrafficCheck } from './finding.ts';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The date a transaction is filtered on: its booking date, else the expected one, else the operation date. */
function dateOf(transaction: Record<string, unknown>): string | undefined {
  for (const field of ['bookingDate', 'expectedBookingDate', 'transactionDate']) {
    const value = transaction[field];
    if (typeof value === 'string') return value.slice(0, 10);
  }
  return undefined;
}

/**
 * Transactions against the request's query: none before dateFrom, none on or after dateTo (exclusive),
 * none dated before the bank's today minus 90 days; a period over 90 days is refused 400 ENDE.
 *
 * "Today" is the Paris day of the response's own `Date` (else of `startedDateTime`), see
 * {@link exchangeDay}; a transaction is dated by its bookingDate, else expectedBookingDate, else
 * transactionDate; dated on today − 90 days is still within the history.
 */
export class DateRangeCheck implements TrafficCheck {
  check(view: ExchangeView): Finding[] {
    if (view.method !== 'GET' || view.template?.endsWith('/transactions') !== true) return [];
    const query = view.url.searchParams;
    const from = query.get('dateFrom') ?? undefined;
    const to = query.get('dateTo') ?? undefined;
    const findings: Finding[] = [];
    if (from !== undefined && to !== undefined && isoDate.test(from) && isoDate.test(to)) {
      const period = daysBetween(from, to);
      if (period > 90) {
        const refused = view.status === 400 && errorCodeOf(view) === 'ENDE';
        findings.push(
          refused
            ? pass('AIS-TRX-PERIOD-OVER-90-ENDE', view, `a ${period}-day period is refused 400 ENDE`)
            : fail(
                'AIS-TRX-PERIOD-OVER-90-ENDE',
                view,
                `a ${period}-day period is answered ${view.status}`,
                '400 ENDE',
                `${view.status} ${errorCodeOf(view) ?? ''}`.trim(),
              ),
        );
      }
    }
    if (
      view.status !== 200 ||
      !isRecord(view.responseJson) ||
      !Array.isArray(view.responseJson['transactions'])
    )
      return findings;
    const transactions = view.responseJson['transactions'].filter(isRecord);
    const dated = transactions.map((t) => ({
      id: typeof t['resourceId'] === 'string' ? t['resourceId'] : '?',
      date: dateOf(t),
    }));
    if (to !== undefined && isoDate.test(to)) {
      const late = dated.filter((t) => t.date !== undefined && t.date >= to);
      findings.push(
        late.length === 0
          ? pass('AIS-TRX-DATETO-EXCLUSIVE', view, `every transaction is before dateTo ${to}`)
          : fail(
              'AIS-TRX-DATETO-EXCLUSIVE',
              view,
              `${late.length} transaction(s) on or after dateTo ${to} (dateTo is exclusive)`,
              `dates < ${to}`,
              late.map((t) => `${t.id} ${t.date}`),
            ),
      );
    }
    if (from !== undefined && isoDate.test(from)) {
      const early = dated.filter((t) => t.date !== undefined && t.date < from);
      findings.push(
        early.length === 0
          ? pass('AIS-TRX-DATEFROM-INCLUSIVE', view, `no transaction before dateFrom ${from}`)
          : fail(
              'AIS-TRX-DATEFROM-INCLUSIVE',
              view,
              `${early.length} transaction(s) before dateFrom ${from}`,
              `dates >= ${from}`,
              early.map((t) => `${t.id} ${t.date}`),
            ),
      );
    }
    const today = exchangeDay(view);
    const oldest = addDays(today.day, -90);
    const old = dated.filter((t) => t.date !== undefined && t.date < oldest);
    const bound = `${oldest}, 90 days before ${today.day} (Paris day of the ${today.source})`;
    if (old.length > 0)
      findings.push(
        fail(
          'AIS-TRX-HISTORY-90-DAYS',
          view,
          `${old.length} transaction(s) dated before ${bound}`,
          `dates >= ${oldest}`,
          old.map((t) => `${t.id} ${t.date}`),
        ),
      );
    else if (dated.length > 0)
      findings.push(pass('AIS-TRX-HISTORY-90-DAYS', view, `no transaction dated before ${bound}`));
    return findings;
  }
}
