/**
 * IBAN lengths per country of the SEPA area (ISO 13616 registry): a well-formed IBAN of one of these
 * countries must have exactly this length. Other countries are checked by the generic bounds only.
 */
const sepaLengths: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

const ibanShape = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/;

/**
 * True when `value` is a valid IBAN in electronic form (no spaces, upper case): country code, check
 * digits, the country's length for SEPA countries, and the ISO 7064 MOD 97-10 check (remainder 1).
 *
 * The seed addresses funds confirmation by IBAN only and answers `400 AC01` for an invalid one; the
 * check is local (no registry lookup), so a well-formed IBAN of another bank is valid here.
 */
export function isValidIban(value: string): boolean {
  if (!ibanShape.test(value)) return false;
  const expectedLength = sepaLengths[value.slice(0, 2)];
  if (expectedLength !== undefined && value.length !== expectedLength) return false;
  return ibanRemainder(value) === 1;
}

/** The MOD 97-10 remainder of an IBAN-shaped string (digits and letters A=10 … Z=35). */
function ibanRemainder(value: string): number {
  const rearranged = value.slice(4) + value.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    // Letters count as two digits (A = 10), digits as one: fold them in one at a time.
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}
