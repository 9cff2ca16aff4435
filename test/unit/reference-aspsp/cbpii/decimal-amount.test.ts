import { describe, expect, it } from 'vitest';
import {
  compareDecimalAmounts,
  parseDecimalAmount,
} from '../../../../reference-aspsp/cbpii/decimal-amount.ts';
import { isCodedError } from '../../../../lib/coded-error.ts';

describe('decimal amounts', () => {
  it('parses amounts exactly, sign and scale included', () => {
    expect(parseDecimalAmount('124.35')).toEqual({ units: 12435n, scale: 2 });
    expect(parseDecimalAmount('-10')).toEqual({ units: -10n, scale: 0 });
    expect(parseDecimalAmount('0.1')).toEqual({ units: 1n, scale: 1 });
  });

  it('compares across scales without rounding', () => {
    expect(compareDecimalAmounts(parseDecimalAmount('10.10'), parseDecimalAmount('10.1'))).toBe(0n);
    expect(compareDecimalAmounts(parseDecimalAmount('0.30'), parseDecimalAmount('0.300001'))).toBeLessThan(
      0n,
    );
    expect(compareDecimalAmounts(parseDecimalAmount('-1'), parseDecimalAmount('-2'))).toBeGreaterThan(0n);
  });

  it('refuses strings that are not decimal amounts with a coded error', () => {
    for (const bad of ['', '1,5', '1e3', '12.', '.5', ' 1', 'NaN']) {
      let caught: unknown;
      try {
        parseDecimalAmount(bad);
      } catch (error) {
        caught = error;
      }
      expect(isCodedError(caught, 'ERR_AMOUNT_FORMAT')).toBe(true);
    }
  });
});
