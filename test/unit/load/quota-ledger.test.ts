import { describe, expect, it } from 'vitest';
import { FindingBook } from '../../../load/load-finding.ts';
import { QuotaLedger, quotaRuleOf } from '../../../load/quota-ledger.ts';

const at = new Date('2026-03-10T10:00:00Z');

function record(
  ledger: QuotaLedger,
  outcome: 'served' | 'refused',
  options: { fresh?: boolean; path?: string } = {},
): void {
  ledger.record({
    institution: '10101',
    psuId: 'p1',
    fresh: options.fresh ?? true,
    endpoint: 'GET /accounts/{accountResourceId}/balances',
    method: 'GET',
    path: options.path ?? '/stet/psd2/v1.6.2/accounts/A1/balances',
    outcome,
    status: outcome === 'served' ? 200 : 429,
    requestId: 'r',
    at,
  });
}

function judged(ledger: QuotaLedger): ReturnType<FindingBook['list']> {
  const book = new FindingBook();
  ledger.judge(book);
  return book.list();
}

describe('QuotaLedger', () => {
  it('finds nothing when four batch accesses are served and the rest refused, in any order', () => {
    const ledger = new QuotaLedger();
    for (const outcome of ['refused', 'served', 'served', 'refused', 'served', 'served'] as const)
      record(ledger, outcome);
    expect(judged(ledger)).toEqual([]);
  });

  it('names QTA-EXCEEDED-TMRQ and the resource rule when a fifth access is served', () => {
    const ledger = new QuotaLedger();
    for (let i = 0; i < 6; i += 1) record(ledger, 'served');
    const [finding, ...rest] = judged(ledger);
    expect(rest).toEqual([]);
    expect(finding?.kind).toBe('quota-let-through');
    expect(finding?.rules.map((r) => r.id)).toEqual(['QTA-EXCEEDED-TMRQ', 'QTA-BALANCES-PER-ACCOUNT']);
    expect(finding?.count).toBe(2);
  });

  it('finds a refusal before the fifth access of a fresh PSU, but not of a PSU used before the run', () => {
    const fresh = new QuotaLedger();
    record(fresh, 'served');
    record(fresh, 'refused');
    expect(judged(fresh).map((f) => f.kind)).toEqual(['quota-refused-early']);
    const used = new QuotaLedger();
    record(used, 'served', { fresh: false });
    record(used, 'refused', { fresh: false });
    expect(judged(used)).toEqual([]);
  });

  it('counts each transactions page apart', () => {
    const ledger = new QuotaLedger();
    for (let i = 0; i < 4; i += 1) {
      record(ledger, 'served', { path: '/stet/psd2/v1.6.2/accounts/A1/balances?page=1' });
      record(ledger, 'served', { path: '/stet/psd2/v1.6.2/accounts/A1/balances?page=2' });
    }
    expect(judged(ledger)).toEqual([]);
    expect(ledger.size).toBe(2);
  });

  it('knows the rule of each counted resource and none for others', () => {
    expect(quotaRuleOf('GET /accounts')).toBe('QTA-ACCOUNTS-4-PER-DAY');
    expect(quotaRuleOf('GET /end-user-identity')).toBe('QTA-IDENTITY-4-PER-DAY');
    expect(quotaRuleOf('GET /accounts/{accountResourceId}/transactions')).toBe(
      'QTA-TRANSACTIONS-PER-ACCOUNT',
    );
    expect(quotaRuleOf('GET /accounts/{accountResourceId}/owners')).toBe('QTA-OVERDRAFTS-OWNERS');
    expect(quotaRuleOf('POST /funds-confirmations')).toBeUndefined();
  });
});
