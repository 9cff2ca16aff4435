import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidIban } from '../../../../reference-aspsp/cbpii/iban.ts';

/** Check digits that make `country + ?? + bban` a valid IBAN (digit-only BBANs, ISO 7064 MOD 97-10). */
function ibanCheckDigits(country: string, bban: string): string {
  const letters = [...country].map((c) => String(c.charCodeAt(0) - 55)).join('');
  return String(98n - (BigInt(`${bban}${letters}00`) % 97n)).padStart(2, '0');
}

describe('isValidIban', () => {
  it('accepts well-known valid IBANs of several countries', () => {
    for (const iban of [
      'FR7630006000011234567890189',
      'DE89370400440532013000',
      'GB29NWBK60161331926819',
      'BE68539007547034',
    ]) {
      expect(isValidIban(iban)).toBe(true);
    }
  });

  it('refuses an IBAN whose check digits are wrong', () => {
    expect(isValidIban('FR7630006000011234567890188')).toBe(false);
    expect(isValidIban('DE88370400440532013000')).toBe(false);
  });

  it('refuses a SEPA IBAN of the wrong length even when its checksum holds', () => {
    const bban = '300060000112345678901';
    const iban = `FR${ibanCheckDigits('FR', bban)}${bban}`;
    expect(iban).toHaveLength(25);
    expect(isValidIban(iban)).toBe(false);
  });

  it('refuses spaces, lower case and non-IBAN strings', () => {
    expect(isValidIban('FR76 3000 6000 0112 3456 7890 189')).toBe(false);
    expect(isValidIban('fr7630006000011234567890189')).toBe(false);
    expect(isValidIban('')).toBe(false);
    expect(isValidIban('not an iban')).toBe(false);
  });

  it('accepts every IBAN built with the computed check digits and refuses any single changed digit', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{23}$/),
        fc.nat({ max: 22 }),
        fc.integer({ min: 1, max: 9 }),
        (bban, at, delta) => {
          const iban = `FR${ibanCheckDigits('FR', bban)}${bban}`;
          expect(isValidIban(iban)).toBe(true);
          const digit = (Number(bban[at]) + delta) % 10;
          const changed = `${bban.slice(0, at)}${digit}${bban.slice(at + 1)}`;
          // MOD 97 detects every single-digit substitution.
          expect(isValidIban(`FR${ibanCheckDigits('FR', bban)}${changed}`)).toBe(false);
        },
      ),
    );
  });
});
