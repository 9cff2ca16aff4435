/**
 * Constraints of transaction reads (seed: Transaction query parameters; Transaction; Limits). The seed
 * says "transactions whose date equals dateTo" without naming which of a transaction's dates: a bound
 * is broken only when no date field read alike for every transaction (booking, value, transaction
 * date) is consistent with the answer. Entry references are compared only when both are digits of one
 * length (their order is otherwise the bank's choice AIS-TRX-ENTRYREF-NUMERIC-ORDER).
 */
import { addDays } from '../../../spec/lib/index.ts';
import { carriesCode, type Answer } from '../answer.ts';
import { constraint } from '../constraint.ts';
import type { ModelTransaction } from '../model-state.ts';
import { judgementSlack, seedLimits } from '../seed-limits.ts';

/** A transaction read, all pages gathered. */
export interface TransactionsInput {
  transactions: readonly ModelTransaction[];
  dateFrom: string | undefined;
  dateTo: string | undefined;
  entryReferenceFrom: string | undefined;
  entryReferenceTo: string | undefined;
  /** Today on the PSU's clock (Paris). */
  today: string;
  /** The unfiltered list learnt earlier in the same epoch and day, when there is one. */
  baseline: readonly ModelTransaction[] | undefined;
}

/** The ways a transaction's "date" may be read: each a date field (booking falls back to expected). */
const dateReadings: ReadonlyArray<(t: ModelTransaction) => string | undefined> = [
  (t) => t.bookingDate ?? t.expectedBookingDate,
  (t) => t.valueDate,
  (t) => t.transactionDate,
];

/** True when some reading of "date" keeps every transaction within `holds`. */
function someReading(transactions: readonly ModelTransaction[], holds: (date: string) => boolean): boolean {
  return dateReadings.some((read) =>
    transactions.every((t) => {
      const date = read(t);
      return date === undefined || holds(date);
    }),
  );
}

/** A transaction whose every date breaks `holds` (for the message). */
function example(transactions: readonly ModelTransaction[], holds: (date: string) => boolean): string {
  const found =
    transactions.find((t) =>
      dateReadings.every((read) => {
        const date = read(t);
        return date !== undefined && !holds(date);
      }),
    ) ?? transactions.find((t) => !holds(dateReadings[0]?.(t) ?? ''));
  return found === undefined
    ? ''
    : ` (e.g. ${found.resourceId} booked ${found.bookingDate ?? found.expectedBookingDate ?? '-'})`;
}

/** dateTo is exclusive: no transaction dated dateTo or later. */
export const dateToExclusive = constraint<TransactionsInput>(
  'transactions.dateto-exclusive',
  'AIS-TRX-DATETO-EXCLUSIVE',
  (input) => {
    const to = input.dateTo;
    if (to === undefined) return undefined;
    const holds = (date: string): boolean => date < to;
    return someReading(input.transactions, holds)
      ? undefined
      : `transactions dated ${to} or later are returned for dateTo ${to}${example(input.transactions, holds)}`;
  },
);

/** dateFrom is inclusive: no transaction before it, and every known transaction of the range is returned. */
export const dateFromInclusive = constraint<TransactionsInput>(
  'transactions.datefrom-inclusive',
  'AIS-TRX-DATEFROM-INCLUSIVE',
  (input) => {
    const from = input.dateFrom;
    if (from === undefined) return undefined;
    const holds = (date: string): boolean => date >= from;
    if (!someReading(input.transactions, holds))
      return `transactions dated before ${from} are returned for dateFrom ${from}${example(input.transactions, holds)}`;
    const missing = missingFromRange(input);
    return missing === undefined
      ? undefined
      : `${missing.resourceId}, dated within [${from}, ${input.dateTo ?? 'today'}), is not returned`;
  },
);

function comparable(a: string, b: string): boolean {
  return /^\d+$/.test(a) && /^\d+$/.test(b) && a.length === b.length;
}

/** Within every bound, read every way: the known transactions the read must return. */
function missingFromRange(input: TransactionsInput): ModelTransaction | undefined {
  if (input.baseline === undefined) return undefined;
  const returned = new Set(input.transactions.map((t) => t.resourceId));
  return input.baseline.find((t) => {
    if (t.status !== 'BOOK' || returned.has(t.resourceId)) return false;
    const dates = dateReadings.map((read) => read(t));
    if (dates.some((date) => date === undefined)) return false;
    const within = dates.every(
      (date) =>
        date !== undefined &&
        (input.dateFrom === undefined || date >= input.dateFrom) &&
        (input.dateTo === undefined || date < input.dateTo) &&
        date > addDays(input.today, -(seedLimits.historyDays - judgementSlack.days)),
    );
    if (!within) return false;
    const ref = t.entryReference;
    if (input.entryReferenceFrom !== undefined || input.entryReferenceTo !== undefined) {
      if (ref === undefined) return false;
      const from = input.entryReferenceFrom;
      const to = input.entryReferenceTo;
      if (from !== undefined && !(comparable(ref, from) && ref > from)) return false;
      if (to !== undefined && !(comparable(ref, to) && ref <= to)) return false;
    }
    return true;
  });
}

/** entryReferenceFrom: only references strictly greater. */
export const entryReferenceFromExclusive = constraint<TransactionsInput>(
  'transactions.entryreference-from-exclusive',
  'AIS-TRX-ENTRYREF-FROM-EXCLUSIVE',
  (input) => {
    const from = input.entryReferenceFrom;
    if (from === undefined) return undefined;
    const found = input.transactions.find(
      (t) => t.entryReference !== undefined && comparable(t.entryReference, from) && t.entryReference <= from,
    );
    return found === undefined
      ? undefined
      : `${found.resourceId} (entryReference ${found.entryReference ?? ''}) is returned for entryReferenceFrom ${from}`;
  },
);

/** entryReferenceTo: only references less than or equal, the bound's own entry included. */
export const entryReferenceToInclusive = constraint<TransactionsInput>(
  'transactions.entryreference-to-inclusive',
  'AIS-TRX-ENTRYREF-TO-INCLUSIVE',
  (input) => {
    const to = input.entryReferenceTo;
    if (to === undefined) return undefined;
    const found = input.transactions.find(
      (t) => t.entryReference !== undefined && comparable(t.entryReference, to) && t.entryReference > to,
    );
    if (found !== undefined)
      return `${found.resourceId} (entryReference ${found.entryReference ?? ''}) is returned for entryReferenceTo ${to}`;
    const missing = missingFromRange(input);
    return missing === undefined
      ? undefined
      : `${missing.resourceId} (entryReference ${missing.entryReference ?? ''}) is within the bounds but not returned`;
  },
);

/** History: nothing older than 90 days from the current date. */
export const history90Days = constraint<TransactionsInput>(
  'transactions.history-90-days',
  'AIS-TRX-HISTORY-90-DAYS',
  (input) => {
    const oldest = addDays(input.today, -(seedLimits.historyDays + judgementSlack.days));
    const holds = (date: string): boolean => date >= oldest;
    return someReading(input.transactions, holds)
      ? undefined
      : `transactions older than ${seedLimits.historyDays} days (before ${oldest}) are returned${example(input.transactions, holds)}`;
  },
);

/** A PDNG transaction has no entryReference. */
export const pendingWithoutEntryReference = constraint<TransactionsInput>(
  'transactions.pdng-no-entryreference',
  'AIS-TRX-PDNG-NO-ENTRYREF',
  (input) => {
    const found = input.transactions.find((t) => t.status === 'PDNG' && t.entryReference !== undefined);
    return found === undefined
      ? undefined
      : `PDNG ${found.resourceId} carries entryReference ${found.entryReference ?? ''}`;
  },
);

/** A PDNG transaction carries expectedBookingDate. */
export const pendingExpectedDate = constraint<TransactionsInput>(
  'transactions.pdng-expected-booking-date',
  'AIS-TRX-PDNG-EXPECTED-DATE',
  (input) => {
    const found = input.transactions.find((t) => t.status === 'PDNG' && t.expectedBookingDate === undefined);
    return found === undefined ? undefined : `PDNG ${found.resourceId} carries no expectedBookingDate`;
  },
);

/** A FUTR transaction carries expectedBookingDate. */
export const futureExpectedDate = constraint<TransactionsInput>(
  'transactions.futr-expected-booking-date',
  'AIS-TRX-FUTR-EXPECTED-DATE',
  (input) => {
    const found = input.transactions.find((t) => t.status === 'FUTR' && t.expectedBookingDate === undefined);
    return found === undefined ? undefined : `FUTR ${found.resourceId} carries no expectedBookingDate`;
  },
);

/** A booked transaction has its bookingDate and entryReference. */
export const bookedFields = constraint<TransactionsInput>(
  'transactions.book-fields',
  'AIS-TRX-BOOK-FIELDS',
  (input) => {
    const found = input.transactions.find(
      (t) => t.status === 'BOOK' && (t.bookingDate === undefined || t.entryReference === undefined),
    );
    return found === undefined
      ? undefined
      : `BOOK ${found.resourceId} lacks its bookingDate or entryReference`;
  },
);

/** The pages of one read hold each transaction once. */
export const pagesComplete = constraint<TransactionsInput>(
  'transactions.pages-no-repeat',
  'AIS-TRX-PAGES-COMPLETE',
  (input) => {
    const seen = new Set<string>();
    for (const t of input.transactions) {
      if (seen.has(t.resourceId)) return `${t.resourceId} is returned twice across the pages`;
      seen.add(t.resourceId);
    }
    return undefined;
  },
);

/** Every constraint of a served transaction read. */
export const servedReadConstraints = [
  dateToExclusive,
  dateFromInclusive,
  entryReferenceFromExclusive,
  entryReferenceToInclusive,
  history90Days,
  pendingWithoutEntryReference,
  pendingExpectedDate,
  futureExpectedDate,
  bookedFields,
  pagesComplete,
] as const;

/** A requested period over 90 days is refused 400 ENDE. */
export const periodOver90Ende = constraint<Answer>(
  'transactions.period-over-90-days-ende',
  'AIS-TRX-PERIOD-OVER-90-ENDE',
  (answer) =>
    answer.status === 400 && carriesCode(answer, 'ENDE')
      ? undefined
      : `a period over 90 days was answered ${answer.status}, not 400 ENDE`,
);

/** A date that is not a date is refused 400 ENDE. */
export const malformedDateEnde = constraint<Answer>(
  'transactions.malformed-date-ende',
  'AIS-TRX-DATE-FORMAT-ENDE',
  (answer) =>
    answer.status === 400 && carriesCode(answer, 'ENDE')
      ? undefined
      : `a malformed dateFrom was answered ${answer.status}, not 400 ENDE`,
);

/** Every transaction constraint. */
export const transactionConstraints = [
  ...servedReadConstraints,
  periodOver90Ende,
  malformedDateEnde,
] as const;
