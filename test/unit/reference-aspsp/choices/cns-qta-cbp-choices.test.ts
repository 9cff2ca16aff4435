import { describe, expect, it } from 'vitest';
import { unreadableAmount } from '../../../../reference-aspsp/cbpii/funds-confirmation-route.ts';
import { quotaKey } from '../../../../reference-aspsp/ais/quota.ts';
import { resolveChoices, referenceChoices } from '../../../../reference-aspsp/choices/index.ts';

const alternate = resolveChoices('alternate');

describe('the CNS, QTA and CBP families of the alternate bank', () => {
  it('keeps one consent and one quota counter per PSU, whatever the AISP', () => {
    expect(referenceChoices.of('CNS-PER-TPP')('A')).not.toBe(referenceChoices.of('CNS-PER-TPP')('B'));
    expect(alternate.of('CNS-PER-TPP')('A')).toBe(alternate.of('CNS-PER-TPP')('B'));
    expect(alternate.of('QTA-PER-TPP')('A')).toBe(alternate.of('QTA-PER-TPP')('B'));
  });

  it('counts the first page of an access only, and an empty PSU-IP-Address as supplied', () => {
    expect(referenceChoices.of('QTA-PAGINATION-NOT-COUNTED')(2)).toBe(2);
    expect(alternate.of('QTA-PAGINATION-NOT-COUNTED')(2)).toBe('not-counted');
    expect(alternate.of('QTA-PAGINATION-NOT-COUNTED')(1)).toBe(1);
    expect(referenceChoices.of('QTA-EMPTY-PSU-IP-IS-BATCH')('')).toBe(false);
    expect(alternate.of('QTA-EMPTY-PSU-IP-IS-BATCH')('')).toBe(true);
  });

  it('counts UTC days: 23:30 UTC is the next Paris day but the same UTC day', () => {
    const subject = {
      institution: '10101',
      psuId: 'p',
      clientId: 'c',
      resource: 'accounts' as const,
      resourceId: undefined,
      page: 1,
      now: new Date('2025-03-15T23:30:00Z'),
    };
    expect(quotaKey(subject, referenceChoices.of('QTA-PARIS-DAY'))).toContain('2025-03-16');
    expect(quotaKey(subject, alternate.of('QTA-PARIS-DAY'))).toContain('2025-03-15');
  });

  it('refuses FF01 the amounts the reference answers false: another currency, zero, extra decimals', () => {
    const eur = (amount: string) => ({ amount, currency: 'EUR' });
    for (const [instructed, account] of [
      [{ amount: '10.00', currency: 'USD' }, 'EUR'],
      [eur('0.00'), 'EUR'],
      [eur('10.001'), 'EUR'],
    ] as const) {
      expect(unreadableAmount(instructed, account, referenceChoices)).toBeUndefined();
      expect(unreadableAmount(instructed, account, alternate)).toMatch(/instructedAmount/);
    }
    expect(unreadableAmount(eur('10.00'), 'EUR', alternate)).toBeUndefined();
  });
});
