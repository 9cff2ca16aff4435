import { hasValidIbanCheckDigits } from '../../protocol/index.ts';

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

/**
 * True when `value` is a valid IBAN in electronic form (no spaces, upper case): country code, check
 * digits, the country's length for SEPA countries, and the ISO 7064 MOD 97-10 check (remainder 1).
 *
 * The seed addresses funds confirmation by IBAN only and answers `400 AC01` for an invalid one; the
 * check is local (no registry lookup), so a well-formed IBAN of another bank is valid here.
 */
export function isValidIban(value: string): boolean {
  if (!hasValidIbanCheckDigits(value)) return false;
  const expectedLength = sepaLengths[value.slice(0, 2)];
  return expectedLength === undefined || value.length === expectedLength;
}
