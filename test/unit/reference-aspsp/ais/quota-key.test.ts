import { describe, expect, it } from 'vitest';
import { quotaKey, type QuotaSubject } from '../../../../reference-aspsp/ais/quota.ts';

const subject: QuotaSubject = {
  institution: '10101',
  psuId: 'alice',
  clientId: 'PSDFR-ACPR-12345',
  resource: 'transactions',
  resourceId: 'abc',
  page: 1,
  now: new Date('2025-03-15T10:00:00Z'),
};

describe('quotaKey', () => {
  it('starts with the PSU so a reset finds every counter by prefix', () => {
    expect(quotaKey(subject).startsWith('10101:alice:')).toBe(true);
  });

  it('counts per Paris calendar day: 23:30 UTC on the 15th is already the 16th in Paris', () => {
    const evening = quotaKey({ ...subject, now: new Date('2025-03-15T22:59:00Z') });
    const night = quotaKey({ ...subject, now: new Date('2025-03-15T23:01:00Z') });
    expect(evening).toContain(':2025-03-15:');
    expect(night).toContain(':2025-03-16:');
  });

  it('keeps pages, accounts and resources apart', () => {
    const keys = new Set([
      quotaKey(subject),
      quotaKey({ ...subject, page: 2 }),
      quotaKey({ ...subject, resourceId: 'def' }),
      quotaKey({ ...subject, resource: 'balances' }),
    ]);
    expect(keys.size).toBe(4);
  });
});
