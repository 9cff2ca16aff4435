/**
 * French IBANs for generated accounts, valid under ISO 13616 (mod 97) and with a valid RIB key.
 *
 * The bank code of the BBAN is the institution code, so an IBAN tells which institution holds it.
 */
import { ibanCheckDigits, mod97 } from '../../protocol/index.ts';

export interface FrenchBban {
  /** Five-digit bank code: the institution code. */
  readonly bankCode: string;
  /** Five-digit branch (guichet) code. */
  readonly branchCode: string;
  /** Eleven-digit account number. */
  readonly accountNumber: string;
}

/** The two-digit RIB key of a French BBAN (97 − (89·bank + 15·branch + 3·account) mod 97). */
export function ribKey(bban: FrenchBban): string {
  // Reduce each term modulo 97 first so the sum stays a small exact integer.
  const reduced =
    (89 * (Number(bban.bankCode) % 97) +
      15 * (Number(bban.branchCode) % 97) +
      3 * mod97(bban.accountNumber)) %
    97;
  return String(97 - reduced).padStart(2, '0');
}

/** The IBAN (no spaces) of a French BBAN. */
export function frenchIban(bban: FrenchBban): string {
  if (
    !/^\d{5}$/.test(bban.bankCode) ||
    !/^\d{5}$/.test(bban.branchCode) ||
    !/^\d{11}$/.test(bban.accountNumber)
  ) {
    throw new RangeError(
      'a French BBAN is a 5-digit bank code, a 5-digit branch code and an 11-digit account',
    );
  }
  const body = `${bban.bankCode}${bban.branchCode}${bban.accountNumber}${ribKey(bban)}`;
  return `FR${ibanCheckDigits('FR', body)}${body}`;
}
