/**
 * ISO 13616 IBAN arithmetic, the one place for it: the ISO 7064 MOD 97-10 remainder, the check digits
 * of a BBAN, and the generic electronic form. The reference generates its accounts' IBANs and checks
 * those it is sent with it; `traffic` writes its redaction stand-ins with it.
 */

/**
 * The electronic form: country code, two check digits, then 11 to 30 letters or digits (15 to 34
 * characters in all: Norway's are the shortest, Saint Lucia's the longest). No spaces, upper case.
 */
const ibanShape = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/**
 * The MOD 97-10 remainder of `text` read as a number, letters counting as two digits (A = 10 …
 * Z = 35), folded one digit at a time so it never leaves the integers a double holds exactly.
 */
export function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** The two check digits of an IBAN of `country` with this BBAN (98 − the BBAN, country, 00 mod 97). */
export function ibanCheckDigits(country: string, bban: string): string {
  return String(98 - mod97(`${bban}${country}00`)).padStart(2, '0');
}

/** True when `value` has the IBAN's electronic form and its check digits hold (remainder 1). */
export function hasValidIbanCheckDigits(value: string): boolean {
  return ibanShape.test(value) && mod97(value.slice(4) + value.slice(0, 4)) === 1;
}
