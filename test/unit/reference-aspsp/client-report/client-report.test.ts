import { describe, expect, it } from 'vitest';
import { buildClientReport } from '../../../../reference-aspsp/client-report/client-report.ts';
import { judgeLookup } from '../../../../reference-aspsp/client-report/judge-lookup.ts';
import { listClientRules } from '../../../../spec/lib/index.ts';
import { observed } from './observed.ts';

describe('the client report', () => {
  it('has one judge per client rule of spec/client-rules.yaml, and no judge without a rule', () => {
    expect(Object.keys(judgeLookup).sort()).toEqual(
      listClientRules()
        .map((r) => r.id)
        .sort(),
    );
  });

  it('passes a rule its requests followed, fails one they broke, and says which were not exercised', () => {
    const unsigned = observed({ signedHeaders: undefined });
    const report = buildClientReport({
      clientId: 'PSDFR-ACPR-12345',
      rules: listClientRules(),
      requests: [observed(), unsigned],
      codeRedirect: () => undefined,
      now: new Date('2026-01-01T10:00:00Z'),
    });
    const verdict = (id: string) => report.rules.find((r) => r.id === id)?.verdict;
    expect([verdict('CLT-SIGNATURE'), verdict('CLT-DIGEST'), verdict('CLT-FALLBACK-NOT-MAIN')]).toEqual([
      'failed',
      'passed',
      'not-exercised',
    ]);
    expect(report.rules.find((r) => r.id === 'CLT-SIGNATURE')?.violations[0]?.request).toMatchObject({
      seq: unsigned.seq,
      method: 'GET',
      status: 200,
    });
    expect(report.summary.total).toBe(listClientRules().length);
    expect(report.summary.failed).toBe(1);
  });

  it('refuses a rule without a judge', () => {
    const rule = {
      id: 'CLT-NOBODY',
      title: 't',
      section: 's',
      quote: 'q',
      basis: 'seed' as const,
      judged: 'j',
    };
    expect(() =>
      buildClientReport({
        clientId: 'x',
        rules: [rule],
        requests: [],
        codeRedirect: () => undefined,
        now: new Date(),
      }),
    ).toThrow('CLT-NOBODY has no judge');
  });
});
