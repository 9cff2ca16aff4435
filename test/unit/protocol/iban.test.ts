import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasValidIbanCheckDigits, ibanCheckDigits, mod97 } from '../../../protocol/index.ts';

/** An independent oracle: the check digits with BigInt over the whole number (letters A = 10 …). */
function oracleCheckDigits(country: string, bban: string): string {
  const numeric = [...`${bban}${country}00`]
    .map((c) => (c >= 'A' && c <= 'Z' ? String(c.charCodeAt(0) - 55) : c))
    .join('');
  return String(98n - (BigInt(numeric) % 97n)).padStart(2, '0');
}

describe('IBAN arithmetic (protocol/iban.ts)', () => {
  it('accepts published IBANs, with letters in the BBAN too, and refuses each with one character changed', () => {
    for (const iban of ['FR7630006000011234567890189', 'GB82WEST12345698765432', 'DE89370400440532013000']) {
      expect(hasValidIbanCheckDigits(iban)).toBe(true);
      const last = iban.at(-1) === '0' ? '1' : '0';
      expect(hasValidIbanCheckDigits(`${iban.slice(0, -1)}${last}`)).toBe(false);
    }
  });

  it('refuses what is not the electronic form, whatever its remainder', () => {
    // 14 characters whose MOD 97 holds: one short of the shortest IBAN (Norway, 15).
    const short = `NO${ibanCheckDigits('NO', '1234567890')}1234567890`;
    expect(mod97(short.slice(4) + short.slice(0, 4))).toBe(1);
    expect(hasValidIbanCheckDigits(short)).toBe(false);
    expect(hasValidIbanCheckDigits('fr7630006000011234567890189')).toBe(false);
    expect(hasValidIbanCheckDigits('FR76 3000 6000 0112 3456 7890 189')).toBe(false);
    expect(hasValidIbanCheckDigits('')).toBe(false);
  });

  it('computes the check digits of any BBAN as the whole-number oracle does, and they validate', () => {
    const bban = fc.string({ unit: fc.constantFrom(...'0123456789ABCDEFXYZ'), minLength: 11, maxLength: 30 });
    const country = fc.constantFrom('FR', 'DE', 'GB', 'NO', 'LC');
    fc.assert(
      fc.property(country, bban, (c, b) => {
        const digits = ibanCheckDigits(c, b);
        expect(digits).toBe(oracleCheckDigits(c, b));
        expect(hasValidIbanCheckDigits(`${c}${digits}${b}`)).toBe(true);
      }),
    );
  });
});
