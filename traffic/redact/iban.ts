import { hasValidIbanCheckDigits, ibanCheckDigits } from '../../protocol/index.ts';

/** Candidate IBANs in free text: country, check digits, 11 to 30 alphanumerics (validated by `hasValidIbanCheckDigits`). */
export const ibanPattern = /\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b/g;

/**
 * A stand-in IBAN for the `n`-th redacted one: same country, same length, letters where the original
 * has letters and digits where it has digits, and valid check digits, so it still passes IBAN checks
 * and schemas. The digits count `n` up from the right (`FRkk 0000 … 0003`), which reads as fake.
 */
export function ibanPlaceholder(original: string, n: number): string {
  const country = original.slice(0, 2);
  const bban = original.slice(4);
  const counter = String(n);
  const digitSlots = [...bban].filter((c) => c >= '0' && c <= '9').length;
  const padded = counter.padStart(Math.max(digitSlots, counter.length), '0').slice(-Math.max(digitSlots, 1));
  let next = 0;
  const fake = [...bban].map((c) => (c >= '0' && c <= '9' ? (padded[next++] ?? '0') : 'X')).join('');
  return `${country}${ibanCheckDigits(country, fake)}${fake}`;
}

/**
 * True when `text` has the shape {@link ibanPlaceholder} writes: a valid IBAN whose BBAN holds only
 * `X` and digits, the digits a zero-padded counter. The replay lets such a stand-in match any IBAN of
 * the same country and length, since the client may send its own (a PISP creditor account).
 */
export function isIbanPlaceholder(text: string): boolean {
  if (!hasValidIbanCheckDigits(text)) return false;
  const bban = text.slice(4);
  return /^[X0-9]+$/.test(bban) && /^0{5,}[1-9]\d{0,5}$/.test(bban.replace(/X/g, ''));
}
