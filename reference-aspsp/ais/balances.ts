import {
  accountingBatch,
  addDays,
  endOfMonth,
  parisWallClock,
  startOfMonth,
  type BalanceType,
  type CalendarDate,
} from '../../spec/lib/index.ts';
import type { BatchWindow } from '../choices/ais-choices.ts';
import { formatAmount, type BankAccount, type BankCard, type BankTransaction } from '../data/psu-data.ts';
import type { AisRequest } from './ais-request.ts';

/** A balance as the wire shows it (seed: Balance). */
export interface RenderedBalance {
  readonly name: string;
  readonly balanceType: BalanceType;
  readonly balanceAmount: { readonly amount: string; readonly currency: string };
  readonly referenceDate?: CalendarDate;
}

/**
 * True once the first accounting batch after the account's opening has run: the batch of the opening
 * day when opened before 21:00 Paris time, else the next day's. CLBD is returned only then.
 */
export function firstBatchDone(openedAt: Date, now: Date, batch: BatchWindow = accountingBatch): boolean {
  const opened = parisWallClock(openedAt);
  const batchDay = opened.minutes < batch.startMinute ? opened.date : addDays(opened.date, 1);
  const current = parisWallClock(now);
  return current.date > batchDay || (current.date === batchDay && current.minutes >= batch.endMinute);
}

/** True while the accounting batch of `batch` runs at `now` (Paris minutes). */
function batchRunning(now: Date, batch: BatchWindow): boolean {
  const { minutes } = parisWallClock(now);
  return minutes >= batch.startMinute && minutes < batch.endMinute;
}

function signed(transaction: BankTransaction): number {
  return transaction.creditDebitIndicator === 'CRDT' ? transaction.amountCents : -transaction.amountCents;
}

function sum(transactions: readonly BankTransaction[], keep: (t: BankTransaction) => boolean): number {
  return transactions.reduce((total, t) => (keep(t) ? total + signed(t) : total), 0);
}

/** True when the entry is booked on or before `today` (an entry with no booking date counts as today's). */
function isBookedBy(transaction: BankTransaction, today: CalendarDate): boolean {
  return transaction.status === 'BOOK' && (transaction.bookingDate ?? today) <= today;
}

/**
 * The instant balance (OTHR) of a payment account at `now`, in cents: the opening balance, the entries
 * booked by today and the pending ones. Funds confirmation covers from it too.
 */
export function instantBalanceCents(account: BankAccount, now: Date): number {
  const today = parisWallClock(now).date;
  return (
    account.openingBalanceCents +
    sum(account.transactions, (t) => isBookedBy(t, today) || t.status === 'PDNG')
  );
}

/**
 * Balances of a payment account at `now` (seed: Balance): a euro account has VALU, CLBD and OTHR, an
 * account in another currency OTHR only. VALU is absent while the batch runs, CLBD until the first
 * batch after opening. Only VALU and CLBD carry referenceDate.
 */
export function accountBalances(
  account: BankAccount,
  at: Pick<AisRequest, 'now' | 'faults' | 'choices'>,
): RenderedBalance[] {
  const { now, faults, choices } = at;
  const labels = choices.of('AIS-BAL-LABELS-OF-THE-REFERENCE');
  const sums = choices.of('AIS-BAL-AMOUNTS-OF-THE-REFERENCE');
  const batch = choices.of('AIS-BAL-BATCH-WINDOW');
  const today = parisWallClock(now).date;
  const money = (cents: number): RenderedBalance['balanceAmount'] => ({
    amount: formatAmount(cents),
    currency: account.currency,
  });
  const booked = (t: BankTransaction): boolean => isBookedBy(t, today);
  const accounting = account.openingBalanceCents + sum(account.transactions, booked);
  const instant = instantBalanceCents(account, now);
  const other: RenderedBalance = {
    name: labels.OTHR,
    balanceType: 'OTHR',
    balanceAmount: money(instant),
  };
  if (account.currency !== 'EUR' && !faults.has('non-euro-three-balances')) return [other];
  const balances: RenderedBalance[] = [];
  if (!batchRunning(now, batch) || faults.has('valu-during-batch')) {
    const value =
      account.openingBalanceCents + sum(account.transactions, (t) => sums.inValueBalance(t, today));
    balances.push({
      name: labels.VALU,
      balanceType: 'VALU',
      balanceAmount: money(value),
      referenceDate: today,
    });
  }
  if (firstBatchDone(new Date(account.openedAt), now, batch) || faults.has('clbd-before-first-batch')) {
    balances.push({
      name: labels.CLBD,
      balanceType: 'CLBD',
      balanceAmount: money(accounting),
      referenceDate: today,
    });
  }
  balances.push(other);
  return balances;
}

/**
 * The three outstandings of a deferred-debit card (seed: Balance): carried over to the following
 * month, current month not yet booked, previous month, typed and signed as the version's profile says
 * (v1.6.2: ITAV, ITAV and PRCD with negative amounts; before: OTHR with positive amounts).
 */
export function cardBalances(
  card: BankCard,
  at: Pick<AisRequest, 'now' | 'profile' | 'faults' | 'choices'>,
): RenderedBalance[] {
  const { now, profile, faults, choices } = at;
  const labels = choices.of('AIS-BAL-LABELS-OF-THE-REFERENCE');
  const sums = choices.of('AIS-BAL-AMOUNTS-OF-THE-REFERENCE');
  const today = parisWallClock(now).date;
  const previousMonthEnd = endOfMonth(addDays(startOfMonth(today), -1));
  const receipts = card.transactions;
  const currentMonth = receipts
    .filter((t) => t.status === 'PDNG')
    .reduce((total, t) => total + t.amountCents, 0);
  const previousMonth = receipts
    .filter((t) => sums.inPreviousMonth(t, previousMonthEnd))
    .reduce((total, t) => total + t.amountCents, 0);
  const negative = profile.cardOutstandingSign === 'negative';
  const outstanding = (cents: number): RenderedBalance['balanceAmount'] => ({
    amount: formatAmount(negative && !faults.has('card-outstandings-positive-v162') ? -cents : cents),
    currency: card.currency,
  });
  // The types are the version's; before v1.6.2 the seed types none (AIS-BAL-CARD-OTHR-BEFORE-V162).
  const { types, dated } = choices.of('AIS-BAL-CARD-OTHR-BEFORE-V162')(profile.cardOutstandings);
  const referenceDate = dated ? { referenceDate: today } : {};
  return [
    {
      name: labels.carriedOver,
      balanceType: types.carriedOver,
      balanceAmount: outstanding(card.carriedOverCents),
      ...referenceDate,
    },
    {
      name: labels.currentMonth,
      balanceType: types.currentMonth,
      balanceAmount: outstanding(currentMonth),
      ...referenceDate,
    },
    {
      name: labels.previousMonth,
      balanceType: types.previousMonth,
      balanceAmount: outstanding(previousMonth),
      ...referenceDate,
    },
  ];
}
