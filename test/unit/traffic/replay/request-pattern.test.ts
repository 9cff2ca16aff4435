import { describe, expect, it } from 'vitest';
import { ibanPlaceholder, isIbanPlaceholder } from '../../../../traffic/redact/iban.ts';
import { fitValue } from '../../../../traffic/replay/request-pattern.ts';

const creditor = 'FR7630004000031234567890143';
const standIn = ibanPlaceholder(creditor, 1);

describe('fitValue', () => {
  it('lets a token placeholder match any value in its place', () => {
    expect(fitValue('Bearer REDACTED-ACCESS-TOKEN-1', 'Bearer abc.def')).toEqual({ ok: true, exact: false });
    expect(fitValue('Bearer REDACTED-ACCESS-TOKEN-1', 'Basic abc')).toEqual({ ok: false });
  });

  it('lets an IBAN stand-in match the IBAN a client sends of its own, same country and length', () => {
    expect(fitValue(standIn, creditor)).toEqual({ ok: true, exact: false });
    expect(fitValue(standIn, standIn)).toEqual({ ok: true, exact: true });
  });

  it('refuses an IBAN of another country or length, or an invalid one, in place of a stand-in', () => {
    expect(fitValue(standIn, 'DE89370400440532013000')).toEqual({ ok: false });
    expect(fitValue(standIn, 'FR7630004000031234567890144')).toEqual({ ok: false });
  });

  it('keeps a real recorded IBAN exact: another IBAN does not match it', () => {
    expect(fitValue(creditor, 'FR1420041010050500013M02606')).toEqual({ ok: false });
  });
});

describe('isIbanPlaceholder', () => {
  it('recognises the stand-ins of the redaction and no real IBAN', () => {
    expect(isIbanPlaceholder(standIn)).toBe(true);
    expect(isIbanPlaceholder(ibanPlaceholder('FR1420041010050500013M02606', 12))).toBe(true);
    expect(isIbanPlaceholder(creditor)).toBe(false);
    expect(isIbanPlaceholder('FR1420041010050500013M02606')).toBe(false);
  });
});
