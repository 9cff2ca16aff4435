import { decideFunds, type MoneyAmount } from '../cbpii/funds-decision.ts';
import { parseDecimalAmount, type DecimalAmount } from '../cbpii/decimal-amount.ts';
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

/** Adds two amounts exactly (at the larger scale). */
function addDecimalAmounts(a: DecimalAmount, b: DecimalAmount): DecimalAmount {
  const scale = Math.max(a.scale, b.scale);
  return {
    units: a.units * 10n ** BigInt(scale - a.scale) + b.units * 10n ** BigInt(scale - b.scale),
    scale,
  };
}

function format(amount: DecimalAmount): string {
  const negative = amount.units < 0n;
  const digits = (negative ? -amount.units : amount.units).toString().padStart(amount.scale + 1, '0');
  const whole = digits.slice(0, digits.length - amount.scale);
  const fraction = amount.scale === 0 ? '' : `.${digits.slice(digits.length - amount.scale)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * The funds decision of a bank that reserves: `available` less what earlier confirmations reserved on
 * the account `key`, and a covered amount reserved in turn.
 */
export async function decideAndReserve(
  tx: StoreTx,
  options: { key: string; available: MoneyAmount; instructed: MoneyAmount },
): Promise<boolean> {
  const { key, available, instructed } = options;
  const reserved = parseReserved(await tx.get(reservationsCollection, key));
  const negated = { units: -reserved.units, scale: reserved.scale };
  const left = format(addDecimalAmounts(parseDecimalAmount(available.amount), negated));
  const result = decideFunds({ available: { amount: left, currency: available.currency }, instructed });
  if (result) {
    const total = addDecimalAmounts(reserved, parseDecimalAmount(instructed.amount));
    await tx.put(reservationsCollection, key, format(total));
  }
  return result;
}
