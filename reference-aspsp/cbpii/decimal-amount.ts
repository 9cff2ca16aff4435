import { CodedError } from '../../lib/coded-error.ts';

/** A decimal amount as an exact integer of units at a scale: `"12.5"` is `{ units: 125n, scale: 1 }`. */
export interface DecimalAmount {
  readonly units: bigint;
  readonly scale: number;
}

const amountPattern = /^(-?)([0-9]{1,18})(?:\.([0-9]{1,6}))?$/;

/** Raised when a string is not a decimal amount (the wire keeps amounts as strings, seed: Resources). */
export class AmountFormatError extends CodedError<'ERR_AMOUNT_FORMAT'> {
  constructor(value: string) {
    super('ERR_AMOUNT_FORMAT', `"${value}" is not a decimal amount`);
  }
}

/**
 * Parses an amount string (`"124.35"`, `"-10"`) exactly, without floating point, so comparisons of
 * balances and instructed amounts never round.
 */
export function parseDecimalAmount(value: string): DecimalAmount {
  const match = amountPattern.exec(value);
  if (match === null) throw new AmountFormatError(value);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const units = BigInt(`${whole}${fraction}`);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

/** Compares two amounts: negative when `a < b`, 0 when equal, positive when `a > b`. */
export function compareDecimalAmounts(a: DecimalAmount, b: DecimalAmount): number {
  const scale = Math.max(a.scale, b.scale);
  const left = a.units * 10n ** BigInt(scale - a.scale);
  const right = b.units * 10n ** BigInt(scale - b.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Adds two amounts exactly. */
export function addDecimalAmounts(a: DecimalAmount, b: DecimalAmount): DecimalAmount {
  const scale = Math.max(a.scale, b.scale);
  return {
    units: a.units * 10n ** BigInt(scale - a.scale) + b.units * 10n ** BigInt(scale - b.scale),
    scale,
  };
}
