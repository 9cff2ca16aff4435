import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decideFunds } from '../../../../reference-aspsp/cbpii/funds-decision.ts';

const eur = (amount: string) => ({ amount, currency: 'EUR' });

describe('decideFunds', () => {
  it('answers yes when the amount is covered, the exact available amount included', () => {
    expect(decideFunds({ available: eur('100.00'), instructed: eur('99.99') })).toBe(true);
    expect(decideFunds({ available: eur('100.00'), instructed: eur('100') })).toBe(true);
  });

  it('answers no when the amount exceeds what is available', () => {
    expect(decideFunds({ available: eur('100.00'), instructed: eur('100.01') })).toBe(false);
    expect(decideFunds({ available: eur('-5.00'), instructed: eur('1') })).toBe(false);
  });

  it('answers no for a zero amount and for another currency than the account', () => {
    expect(decideFunds({ available: eur('100.00'), instructed: eur('0.00') })).toBe(false);
    expect(decideFunds({ available: eur('100.00'), instructed: { amount: '1', currency: 'GBP' } })).toBe(
      false,
    );
  });

  it('gives the same answer to two checks in a row: nothing is reserved', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (a, b) => {
          const options = { available: eur((a / 100).toFixed(2)), instructed: eur((b / 100).toFixed(2)) };
          const first = decideFunds(options);
          expect(decideFunds(options)).toBe(first);
          expect(first).toBe(b <= a);
        },
      ),
    );
  });
});
