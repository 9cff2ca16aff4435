import type { BankAccount, PsuData } from '../data/psu-data.ts';
import { formatAmount, parseAmount } from '../data/psu-data.ts';
import { accountBalances } from '../ais/balances.ts';
import { noFaults } from '../faults/no-faults.ts';
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
 * What the PSU can spend on the account at `now`: the instant balance (OTHR, as the AIS balances
 * endpoint shows it) plus the authorised overdraft. Pure: it reads the account and reserves nothing,
 * so a suite can predict the answer from GET balances.
 */
export function availableFunds(account: BankAccount, now: Date): MoneyAmount {
  const instant = accountBalances(account, { now, faults: noFaults }).find(
    (balance) => balance.balanceType === 'OTHR',
  );
  const cents = parseAmount(instant?.balanceAmount.amount ?? '0.00') + account.overdraftCents;
  return { amount: formatAmount(cents), currency: account.currency };
}
