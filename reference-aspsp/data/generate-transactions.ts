import { addDays, endOfMonth, startOfMonth, type CalendarDate } from '../../spec/lib/index.ts';
import { labelFor, operationByName, pickOperationType, type OperationType } from './operation-types.ts';
import type { HistoryTemplate } from './persona-template.ts';
import { createPrng, stableId, type Prng } from './prng.ts';
import type { BankTransaction } from './psu-data.ts';

/** A transaction before it gets its resourceId and entryReference. */
export type TransactionDraft = Omit<BankTransaction, 'resourceId' | 'entryReference'>;

/** Days back from today that count as the recent history (well inside the 90-day depth). */
const recentDays = 89;
/** Older history starts past the depth boundary so no generated entry sits on it. */
const olderFrom = 92;
const olderTo = 400;

function draft(
  type: OperationType,
  prng: Prng,
  fields: Pick<
    TransactionDraft,
    'status' | 'bookingDate' | 'expectedBookingDate' | 'valueDate' | 'transactionDate' | 'currency'
  >,
): TransactionDraft {
  return {
    ...fields,
    amountCents: prng.int(type.minCents, type.maxCents),
    creditDebitIndicator: type.creditDebitIndicator,
    bankTransactionCode: type.bankTransactionCode,
    remittance: [labelFor(type, prng)],
  };
}

function booked(
  type: OperationType,
  prng: Prng,
  options: { bookingDate: CalendarDate; currency: string },
): TransactionDraft {
  const transactionDate = addDays(options.bookingDate, -prng.int(0, 2));
  return draft(type, prng, {
    status: 'BOOK',
    bookingDate: options.bookingDate,
    expectedBookingDate: undefined,
    // Debits take value on the day they are made, credits on the day they are booked.
    valueDate: type.creditDebitIndicator === 'DBIT' ? transactionDate : options.bookingDate,
    transactionDate,
    currency: options.currency,
  });
}

/**
 * Drafts the history of one account relative to `today` (the PSU's Paris date at generation).
 *
 * Booked entries spread over the last 90 days (`recent`) and 92–400 days back (`older`); PDNG entries
 * were made in the last two days and are expected to be booked within two days; FUTR entries are
 * expected 3–30 days ahead. The same prng state always drafts the same history.
 */
export function draftAccountHistory(options: {
  prng: Prng;
  history: HistoryTemplate;
  today: CalendarDate;
  currency: string;
}): TransactionDraft[] {
  const { prng, history, today, currency } = options;
  const drafts: TransactionDraft[] = [];
  for (let i = 0; i < history.recent; i++) {
    drafts.push(
      booked(pickOperationType(prng), prng, {
        bookingDate: addDays(today, -prng.int(0, recentDays)),
        currency,
      }),
    );
  }
  for (let i = 0; i < history.older; i++) {
    drafts.push(
      booked(pickOperationType(prng), prng, {
        bookingDate: addDays(today, -prng.int(olderFrom, olderTo)),
        currency,
      }),
    );
  }
  for (let i = 0; i < history.pending; i++) {
    const expected = addDays(today, prng.int(0, 2));
    drafts.push(
      draft(pickOperationType(prng), prng, {
        status: 'PDNG',
        bookingDate: undefined,
        expectedBookingDate: expected,
        valueDate: expected,
        transactionDate: addDays(today, -prng.int(0, 2)),
        currency,
      }),
    );
  }
  for (let i = 0; i < history.future; i++) {
    const expected = addDays(today, prng.int(3, 30));
    const type = operationByName(prng.chance(0.5) ? 'direct-debit-received' : 'transfer-issued');
    drafts.push(
      draft(type, prng, {
        status: 'FUTR',
        bookingDate: undefined,
        expectedBookingDate: expected,
        valueDate: expected,
        transactionDate: today,
        currency,
      }),
    );
  }
  return drafts;
}

/**
 * Drafts the receipts of a deferred-debit card over the last 90 days: receipts of past months are
 * booked on the last day of their month (the debit day), those of the current month are PDNG and
 * expected on the last day of this month (seed: States and transitions > Transaction status).
 */
export function draftCardReceipts(options: {
  prng: Prng;
  count: number;
  today: CalendarDate;
  currency: string;
}): TransactionDraft[] {
  const { prng, count, today, currency } = options;
  const type = operationByName('cards');
  const thisMonth = startOfMonth(today);
  const drafts: TransactionDraft[] = [];
  for (let i = 0; i < count; i++) {
    const transactionDate = addDays(today, -prng.int(0, recentDays));
    const current = transactionDate >= thisMonth;
    const debitDay = endOfMonth(current ? today : transactionDate);
    drafts.push(
      draft(type, prng, {
        status: current ? 'PDNG' : 'BOOK',
        bookingDate: current ? undefined : debitDay,
        expectedBookingDate: current ? debitDay : undefined,
        valueDate: debitDay,
        transactionDate,
        currency,
      }),
    );
  }
  return drafts;
}

/**
 * The cumulated monthly debits of booked card receipts on the backing account (one debit per month,
 * on the debit day), so the account history shows where the card's receipts went.
 */
export function draftCardDebits(options: {
  receipts: readonly TransactionDraft[];
  maskedPan: string;
}): TransactionDraft[] {
  const byDay = new Map<CalendarDate, number>();
  for (const receipt of options.receipts) {
    if (receipt.status !== 'BOOK' || receipt.bookingDate === undefined) continue;
    byDay.set(receipt.bookingDate, (byDay.get(receipt.bookingDate) ?? 0) + receipt.amountCents);
  }
  const type = operationByName('cards');
  return [...byDay.entries()].map(([day, cents]) => ({
    amountCents: cents,
    currency: options.receipts[0]?.currency ?? 'EUR',
    creditDebitIndicator: 'DBIT',
    status: 'BOOK',
    bookingDate: day,
    expectedBookingDate: undefined,
    valueDate: day,
    transactionDate: day,
    bankTransactionCode: type.bankTransactionCode,
    remittance: [`RELEVE CARTE ${options.maskedPan.slice(-4)} ${day.slice(0, 7)}`],
  }));
}

/**
 * Turns drafts into transactions: sorted by date, resourceIds derived from `seed`, and incremental
 * entryReferences on booked entries in booking order (PDNG and FUTR have none).
 */
export function finishTransactions(drafts: readonly TransactionDraft[], seed: string): BankTransaction[] {
  const ordered = drafts
    .map((d, index) => ({ d, index, date: d.bookingDate ?? d.expectedBookingDate ?? d.valueDate }))
    .sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : x.index - y.index));
  let entry = createPrng(`${seed}:entry`).int(1000, 9000);
  // One hash per account, not per transaction: a run clones personas with hundreds of entries.
  const idPrefix = stableId(`${seed}:tx`, 12);
  return ordered.map(({ d, index }) => ({
    ...d,
    resourceId: `${idPrefix}${index.toString(16).padStart(8, '0')}`,
    entryReference: d.status === 'BOOK' ? String(entry++) : undefined,
  }));
}
