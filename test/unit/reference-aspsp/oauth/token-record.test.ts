import { describe, expect, it } from 'vitest';
import { parseTokenRecord, type TokenRecord } from '../../../../reference-aspsp/oauth/token-record.ts';

const stored: TokenRecord = {
  kind: 'access',
  scope: 'cbpii offline_access',
  expiresAt: 1_700_000_003_600_000,
  authenticatedAt: 1_700_000_000_000,
  pairKey: 'refresh-key',
  institution: '10101',
  psuId: 'alice',
  clientId: 'PSDFR-ACPR-12345',
  role: 'cbpii',
};

describe('parseTokenRecord', () => {
  it('reads back an access or refresh record as it was stored', () => {
    expect(parseTokenRecord(stored)).toEqual(stored);
    expect(parseTokenRecord({ ...stored, kind: 'refresh', role: 'aisp' })?.kind).toBe('refresh');
  });

  it('refuses a record of an unknown kind or role', () => {
    expect(parseTokenRecord({ ...stored, kind: 'id' })).toBeUndefined();
    expect(parseTokenRecord({ ...stored, role: 'piisp' })).toBeUndefined();
  });

  it('refuses a record with a field missing or of another type', () => {
    for (const field of Object.keys(stored)) {
      const rest = Object.fromEntries(Object.entries(stored).filter(([name]) => name !== field));
      expect(parseTokenRecord(rest)).toBeUndefined();
    }
    expect(parseTokenRecord({ ...stored, expiresAt: '1700000003600000' })).toBeUndefined();
    expect(parseTokenRecord({ ...stored, psuId: 7 })).toBeUndefined();
    expect(parseTokenRecord(null)).toBeUndefined();
    expect(parseTokenRecord([stored])).toBeUndefined();
  });
});
