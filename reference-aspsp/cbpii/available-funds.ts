import type { BankAccount, PsuData } from '../data/psu-data.ts';
import { formatAmount } from '../data/psu-data.ts';
import type { MoneyAmount } from './funds-decision.ts';

/**
 * The account a funds confirmation addresses: the PSU's account with that IBAN, in the requested
 * currency when `currency` is given (a currency account shares its main account's IBAN), else the
 * main account. Undefined when the PSU holds no such account.
 */
export function findAccountByIban(
  data: PsuData,
  iban: string,
  currency: string | undefined,
): BankAccount | undefined {
  const sameIban = data.accounts.filter((account) => account.iban === iban);
  if (currency !== undefined) return sameIban.find((account) => account.currency === currency);
  return sameIban.find((account) => account.currencyAccountOf === undefined) ?? sameIban[0];
}

/**
 * What the PSU can spend on the account now: the instant balance (every booked and pending movement,
 * not the future ones) plus the authorised overdraft. Pure: it reads the account, reserves nothing.
 */
export function availableFunds(account: BankAccount): MoneyAmount {
  let cents = account.openingBalanceCents + account.overdraftCents;
  for (const transaction of account.transactions) {
    if (transaction.status === 'FUTR') continue;
    cents += transaction.creditDebitIndicator === 'CRDT' ? transaction.amountCents : -transaction.amountCents;
  }
  return { amount: formatAmount(cents), currency: account.currency };
}
