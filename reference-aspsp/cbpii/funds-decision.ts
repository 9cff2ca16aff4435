import { compareDecimalAmounts, parseDecimalAmount } from './decimal-amount.ts';

/** An amount with its currency, as on the wire (`{ "amount": "12.00", "currency": "EUR" }`). */
export interface MoneyAmount {
  readonly amount: string;
  readonly currency: string;
}

/**
 * The yes/no answer of a funds confirmation (seed: What the service does, CBPII role).
 *
 * `available` is what the PSU can spend on the account now (its instant balance plus any authorised
 * overdraft). The answer is true when the instructed amount is positive, in the account's currency and
 * not above the available amount. Nothing is blocked or reserved: the function reads and never writes,
 * so two checks in a row give the same answer. An amount in another currency is answered `false`: the
 * bank does not convert for a coverage check.
 */
export function decideFunds(options: { available: MoneyAmount; instructed: MoneyAmount }): boolean {
  const { available, instructed } = options;
  if (available.currency !== instructed.currency) return false;
  const wanted = parseDecimalAmount(instructed.amount);
  if (wanted.units <= 0n) return false;
  return compareDecimalAmounts(wanted, parseDecimalAmount(available.amount)) <= 0n;
}
