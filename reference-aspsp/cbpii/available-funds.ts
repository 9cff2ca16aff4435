import type { BankAccount, PsuData } from '../data/psu-data.ts';
import { formatAmount } from '../data/psu-data.ts';
import { instantBalanceCents } from '../ais/balances.ts';
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
  return sameIban.find((account) => account.currencyAccountOf === undefined);
}

/**
 * What the PSU can spend on the account at `now`: the instant balance (OTHR, as the AIS balances
 * endpoint shows it) plus the authorised overdraft. Pure: it reads the account and reserves nothing,
 * so a suite can predict the answer from GET balances.
 */
export function availableFunds(account: BankAccount, now: Date): MoneyAmount {
  const cents = instantBalanceCents(account, now) + account.overdraftCents;
  return { amount: formatAmount(cents), currency: account.currency };
}
