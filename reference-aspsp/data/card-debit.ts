/**
 * Debits of booked deferred-debit card receipts on the backing account, made by the sandbox's
 * book-pending (seed: States and transitions > Transaction status: "for a deferred-debit card receipt,
 * the receipt is debited from the backing account; one cumulated debit or one debit per receipt").
 * The reference makes one cumulated debit per booking.
 */
import type { CalendarDate } from '../../spec/lib/index.ts';
import { operationByName } from './operation-types.ts';
import type { BankTransaction } from './psu-data.ts';
import { readField, readString } from './read-field.ts';

/** One cumulated debit of card receipts booked together, as the PSU record keeps it. */
export interface CardDebit {
  readonly resourceId: string;
  /** Key of the backing account (template key, stable across regenerations). */
  readonly accountKey: string;
  /** Last four digits of the card, for the remittance line. */
  readonly cardDigits: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly bookingDate: CalendarDate;
  readonly entryReference: string;
}

/** Parses a stored {@link CardDebit}; undefined when malformed. */
export function parseCardDebit(value: unknown): CardDebit | undefined {
  const resourceId = readString(value, 'resourceId');
  const accountKey = readString(value, 'accountKey');
  const cardDigits = readString(value, 'cardDigits');
  const currency = readString(value, 'currency');
  const bookingDate = readString(value, 'bookingDate');
  const entryReference = readString(value, 'entryReference');
  const amountCents = readField(value, 'amountCents');
  if (
    resourceId === undefined ||
    accountKey === undefined ||
    cardDigits === undefined ||
    currency === undefined ||
    bookingDate === undefined ||
    entryReference === undefined ||
    typeof amountCents !== 'number' ||
    !Number.isSafeInteger(amountCents) ||
    amountCents <= 0
  )
    return undefined;
  return { resourceId, accountKey, cardDigits, amountCents, currency, bookingDate, entryReference };
}

/** The backing account's BOOK entry for a {@link CardDebit}. */
export function cardDebitTransaction(debit: CardDebit): BankTransaction {
  return {
    resourceId: debit.resourceId,
    entryReference: debit.entryReference,
    amountCents: debit.amountCents,
    currency: debit.currency,
    creditDebitIndicator: 'DBIT',
    status: 'BOOK',
    bookingDate: debit.bookingDate,
    expectedBookingDate: undefined,
    valueDate: debit.bookingDate,
    transactionDate: debit.bookingDate,
    bankTransactionCode: operationByName('cards').bankTransactionCode,
    remittance: [`RELEVE CARTE ${debit.cardDigits} ${debit.bookingDate}`],
  };
}
