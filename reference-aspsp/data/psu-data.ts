import type { CalendarDate } from '../../spec/lib/index.ts';
import type { AccountState } from './persona-template.ts';

/**
 * What one PSU holds at one institution, as generated (generate-psu-data.ts) with the sandbox changes
 * applied (psu-record.ts). Version-neutral: the AIS handlers render it per API version.
 */
export interface PsuData {
  readonly institution: string;
  readonly psuId: string;
  readonly persona: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly usage: 'PRIV' | 'ORGA';
  /** The instant the data was generated relative to (ISO 8601). */
  readonly anchor: string;
  /** BIC of the servicing institution. */
  readonly bicFi: string;
  readonly accounts: readonly BankAccount[];
  readonly cards: readonly BankCard[];
}

/** One payment account entry; a currency account shares the IBAN of its main account. */
export interface BankAccount {
  readonly kind: 'account';
  /** Template key (`A`), or `A-USD` for the currency account of A in USD. */
  readonly key: string;
  readonly resourceId: string;
  readonly iban: string;
  readonly currency: string;
  /** Key of the main account when this entry is one of its currency accounts (listed from v1.6.2). */
  readonly currencyAccountOf: string | undefined;
  readonly product: string;
  readonly name: string;
  readonly state: AccountState;
  /** Opening instant (ISO 8601): the first accounting batch after it makes CLBD available. */
  readonly openedAt: string;
  /** Balance before the first generated transaction, in minor units. */
  readonly openingBalanceCents: number;
  readonly overdraftCents: number;
  /** Owners of the account, the PSU first. */
  readonly owners: readonly Person[];
  /** Every transaction, oldest booking date first. */
  readonly transactions: readonly BankTransaction[];
}

/** A deferred-debit card backed by one of the PSU's accounts. */
export interface BankCard {
  readonly kind: 'card';
  readonly key: string;
  readonly resourceId: string;
  /** Masked card number (`accountId.other.identification`, schemeName CPAN). */
  readonly maskedPan: string;
  readonly currency: string;
  readonly backingKey: string;
  readonly product: string;
  readonly name: string;
  /** False when the card is no longer accessible (CDNA). */
  readonly available: boolean;
  readonly state: AccountState;
  readonly carriedOverCents: number;
  /** Card receipts, oldest first: BOOK once debited from the backing account, PDNG before. */
  readonly transactions: readonly BankTransaction[];
}

/** A person named as PSU or owner. */
export interface Person {
  readonly firstName: string;
  readonly lastName: string;
}

/** A transaction or card receipt, version-neutral. */
export interface BankTransaction {
  readonly resourceId: string;
  /** Incremental technical identifier; BOOK only. */
  readonly entryReference: string | undefined;
  /** Positive amount in minor units; the direction is in `creditDebitIndicator`. */
  readonly amountCents: number;
  readonly currency: string;
  readonly creditDebitIndicator: 'CRDT' | 'DBIT';
  readonly status: 'BOOK' | 'PDNG' | 'FUTR';
  readonly bookingDate: CalendarDate | undefined;
  readonly expectedBookingDate: CalendarDate | undefined;
  readonly valueDate: CalendarDate;
  readonly transactionDate: CalendarDate;
  readonly bankTransactionCode: BankTransactionCode;
  /** Unstructured remittance lines. */
  readonly remittance: readonly string[];
}

/** ISO 20022 domain/family/sub-family plus the bank's own operation code. */
export interface BankTransactionCode {
  readonly domain: string;
  readonly family: string;
  readonly subFamily: string;
  readonly code: string;
  readonly issuer: string;
}

/** The date a transaction is filtered and ordered by: its booking date, or the expected one. */
export function filterDate(transaction: BankTransaction): CalendarDate {
  return transaction.bookingDate ?? transaction.expectedBookingDate ?? transaction.valueDate;
}

/** Formats minor units as a decimal amount string (`-12.30`). */
export function formatAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses a decimal amount string with two decimals into minor units. */
export function parseAmount(text: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (match === null) throw new RangeError(`not an amount: ${text}`);
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -cents : cents;
}
