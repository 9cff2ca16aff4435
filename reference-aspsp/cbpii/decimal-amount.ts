import { CodedError } from '../../lib/coded-error.ts';

/** A decimal amount as an exact integer of units at a scale: `"12.5"` is `{ units: 125n, scale: 1 }`. */
export interface DecimalAmount {
  readonly units: bigint;
  readonly scale: number;
}

const amountPattern = /^-?[0-9]{1,18}(?:\.[0-9]{1,6})?$/;

/** Raised when a string is not a decimal amount (the wire keeps amounts as strings, seed: Resources). */
export class AmountFormatError extends CodedError<'ERR_AMOUNT_FORMAT'> {
  constructor(value: string) {
    super('ERR_AMOUNT_FORMAT', `"${value}" is not a decimal amount`);
  }
}

/**
 * Parses an amount string (`"124.35"`, `"-10"`) exactly, without floating point, so comparisons of
 * balances and instructed amounts never round: the digits without the point are the units (sign
 * included), the digits after the point the scale.
 */
export function parseDecimalAmount(value: string): DecimalAmount {
  if (!amountPattern.test(value)) throw new AmountFormatError(value);
  const point = value.indexOf('.');
  return { units: BigInt(value.replace('.', '')), scale: point === -1 ? 0 : value.length - point - 1 };
}

/** Compares two amounts: the sign of the result is the sign of `a - b` (0 when equal). */
export function compareDecimalAmounts(a: DecimalAmount, b: DecimalAmount): bigint {
  const scale = Math.max(a.scale, b.scale);
  return a.units * 10n ** BigInt(scale - a.scale) - b.units * 10n ** BigInt(scale - b.scale);
}
