import { parisDay } from '../../spec/lib/index.ts';
import type { AccountState } from '../data/persona-template.ts';
import type { CardDebit } from '../data/card-debit.ts';
import { stableId } from '../data/prng.ts';
import {
  formatAmount,
  type BankAccount,
  type BankCard,
  type BankTransaction,
  type PsuData,
} from '../data/psu-data.ts';
import { getPsuRecord, loadPsuData, putPsuRecord, type Booking, type PsuRecord } from '../data/psu-record.ts';
import { findAnyItem } from '../ais/account-catalogue.ts';
import { compareEntryReferences } from '../ais/transaction-filter.ts';
import { ApiError } from '../server/api-error.ts';
import type { CertificateContext } from '../server/request-context.ts';
import type { CertificateRoute } from '../server/route.ts';
import { requireOwnPsu, sandboxRoute } from './sandbox-request.ts';

async function setState(ctx: CertificateContext, state: AccountState): Promise<void> {
  const entry = await requireOwnPsu(ctx);
  const resourceId = ctx.params.resourceId ?? '';
  await ctx.store.transaction(async (tx) => {
    const data = await loadPsuData(tx, ctx.institution.code, entry.psuId);
    const record = await getPsuRecord(tx, ctx.institution.code, entry.psuId);
    if (data === undefined || record === undefined || findAnyItem(data, resourceId) === undefined) {
      throw new ApiError('AC01', { detail: `no account or card ${resourceId}` });
    }
    await putPsuRecord(tx, { ...record, states: { ...record.states, [resourceId]: state } });
  });
}

/** `POST /sandbox/v1/psus/{psuId}/accounts/{resourceId}/block`: later reads answer AC06 (CDNA for a card). */
export const blockAccountRoute: CertificateRoute = sandboxRoute({
  method: 'POST',
  path: '/psus/{psuId}/accounts/{resourceId}/block',
  async handler(ctx) {
    await setState(ctx, 'blocked');
    return { status: 204 };
  },
});

/** `POST /sandbox/v1/psus/{psuId}/accounts/{resourceId}/close`: later reads answer AC04 (CDNA for a card). */
export const closeAccountRoute: CertificateRoute = sandboxRoute({
  method: 'POST',
  path: '/psus/{psuId}/accounts/{resourceId}/close',
  async handler(ctx) {
    await setState(ctx, 'closed');
    return { status: 204 };
  },
});

/**
 * `POST /sandbox/v1/psus/{psuId}/accounts/{resourceId}/book-pending`: every PDNG transaction (or card
 * receipt) of the item becomes BOOK, booked on the PSU's current Paris day with the next entry
 * references (seed: States and transitions > Transaction status). Booked card receipts are debited
 * from the backing account in one cumulated BOOK entry of that day (card-debit.ts). Answers
 * `{ booked: [resourceId…], cardDebit?: { account, resourceId, amount } }`.
 */
export const bookPendingRoute: CertificateRoute = sandboxRoute({
  method: 'POST',
  path: '/psus/{psuId}/accounts/{resourceId}/book-pending',
  async handler(ctx) {
    const entry = await requireOwnPsu(ctx);
    const resourceId = ctx.params.resourceId ?? '';
    const psu = { institution: ctx.institution.code, psuId: entry.psuId };
    const answer = await ctx.store.transaction(async (tx) => {
      const record = await getPsuRecord(tx, psu.institution, psu.psuId);
      const data = await loadPsuData(tx, psu.institution, psu.psuId);
      const item = data === undefined ? undefined : findAnyItem(data, resourceId);
      if (record === undefined || data === undefined || item === undefined)
        throw new ApiError('AC01', { detail: `no account or card ${resourceId}` });
      const bookingDate = parisDay(await ctx.clock.psuNow(tx, psu));
      let last = highestEntryReference(item.transactions);
      const bookings: Record<string, Booking> = {};
      let bookedCents = 0;
      for (const transaction of item.transactions) {
        if (transaction.status !== 'PDNG') continue;
        last = nextEntryReference(last);
        bookings[transaction.resourceId] = { bookingDate, entryReference: last };
        bookedCents +=
          transaction.creditDebitIndicator === 'DBIT' ? transaction.amountCents : -transaction.amountCents;
      }
      const debit =
        item.kind === 'card' && bookedCents > 0 && !ctx.faults.has('card-booking-not-debited')
          ? cardDebitFor(data, item, { bookingDate, amountCents: bookedCents, record })
          : undefined;
      await putPsuRecord(tx, {
        ...record,
        bookings: { ...record.bookings, ...bookings },
        cardDebits:
          debit === undefined
            ? record.cardDebits
            : { ...record.cardDebits, [debit.debit.resourceId]: debit.debit },
      });
      return {
        booked: Object.keys(bookings),
        ...(debit === undefined
          ? {}
          : {
              cardDebit: {
                account: debit.account.resourceId,
                resourceId: debit.debit.resourceId,
                amount: formatAmount(debit.debit.amountCents),
              },
            }),
      };
    });
    return { status: 200, json: answer };
  },
});

/** The cumulated debit of a card's booked receipts on its backing account, with that account. */
function cardDebitFor(
  data: PsuData,
  card: BankCard,
  booking: { bookingDate: string; amountCents: number; record: PsuRecord },
): { debit: CardDebit; account: BankAccount } | undefined {
  const account = data.accounts.find((candidate) => candidate.key === card.backingKey);
  if (account === undefined) return undefined;
  const sequence = Object.keys(booking.record.cardDebits).length;
  const debit: CardDebit = {
    // Stable per PSU and booking, unique against the generated ids (a different seed).
    resourceId: stableId(`${data.institution}:${data.psuId}:card-debit:${card.key}:${sequence}`, 20),
    accountKey: account.key,
    cardDigits: card.maskedPan.slice(-4),
    amountCents: booking.amountCents,
    currency: card.currency,
    bookingDate: booking.bookingDate,
    entryReference: nextEntryReference(highestEntryReference(account.transactions)),
  };
  return { debit, account };
}

function highestEntryReference(transactions: readonly BankTransaction[]): string {
  return transactions.reduce(
    (max, t) =>
      t.entryReference !== undefined && compareEntryReferences(t.entryReference, max) > 0
        ? t.entryReference
        : max,
    '0',
  );
}

function nextEntryReference(last: string): string {
  return /^\d+$/.test(last) ? String(BigInt(last) + 1n) : `${last}1`;
}
