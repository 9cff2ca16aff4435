import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasValidIbanCheckDigits } from '../../../../protocol/index.ts';
import { frenchIban, ribKey } from '../../../../reference-aspsp/data/iban.ts';

describe('frenchIban', () => {
  it('builds the IBAN of a known French BBAN', () => {
    // Published example: FR76 3000 6000 0112 3456 7890 189 (RIB key 89).
    expect(ribKey({ bankCode: '30006', branchCode: '00001', accountNumber: '12345678901' })).toBe('89');
    expect(frenchIban({ bankCode: '30006', branchCode: '00001', accountNumber: '12345678901' })).toBe(
      'FR7630006000011234567890189',
    );
  });

  it('always yields an IBAN that passes mod 97 with the institution code as bank code', () => {
    const digits = (n: number) =>
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
    fc.assert(
      fc.property(digits(5), digits(5), digits(11), (bankCode, branchCode, accountNumber) => {
        const iban = frenchIban({ bankCode, branchCode, accountNumber });
        expect(hasValidIbanCheckDigits(iban)).toBe(true);
        expect(iban.slice(4, 9)).toBe(bankCode);
      }),
    );
  });

  it('refuses a BBAN with a wrong-length part', () => {
    expect(() => frenchIban({ bankCode: '1010', branchCode: '00001', accountNumber: '12345678901' })).toThrow(
      RangeError,
    );
  });
});
