import type { MoneyAmount } from '../cbpii/funds-decision.ts';
import { addDecimalAmounts, parseDecimalAmount, type DecimalAmount } from '../cbpii/decimal-amount.ts';
import type { StoreTx } from '../store/index.ts';

/**
 * What a bank that reserves the amount of each positive funds confirmation keeps (fault
 * `funds-confirmation-reserves`): the amounts already confirmed per PSU account, taken off the
 * funds the next confirmation sees. A correct bank never writes here.
 */
const reservationsCollection = 'fault-funds-reservations';

function parseReserved(value: unknown): DecimalAmount {
  return typeof value === 'string' ? parseDecimalAmount(value) : { units: 0n, scale: 0 };
}

function format(amount: DecimalAmount): string {
  const negative = amount.units < 0n;
  const digits = (negative ? -amount.units : amount.units).toString().padStart(amount.scale + 1, '0');
  const whole = digits.slice(0, digits.length - amount.scale);
  const fraction = amount.scale === 0 ? '' : `.${digits.slice(digits.length - amount.scale)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** The available funds minus what earlier confirmations reserved on the account `key`. */
export async function afterReservations(
  tx: StoreTx,
  key: string,
  available: MoneyAmount,
): Promise<MoneyAmount> {
  const reserved = parseReserved(await tx.get(reservationsCollection, key));
  const negated = { units: -reserved.units, scale: reserved.scale };
  return {
    amount: format(addDecimalAmounts(parseDecimalAmount(available.amount), negated)),
    currency: available.currency,
  };
}

/** Adds `amount` to what is reserved on the account `key`. */
export async function reserveFunds(tx: StoreTx, key: string, amount: string): Promise<void> {
  const reserved = parseReserved(await tx.get(reservationsCollection, key));
  await tx.put(reservationsCollection, key, format(addDecimalAmounts(reserved, parseDecimalAmount(amount))));
}
