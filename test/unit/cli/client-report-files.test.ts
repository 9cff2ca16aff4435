import { describe, expect, it } from 'vitest';
import { clientFolder, clientRunReport } from '../../../cli/client-report-files.ts';
import { parseReport } from '../../../harness/report/index.ts';
import type { ClientReport, ClientRuleResult } from '../../../reference-aspsp/client-report/client-report.ts';

const rule = (overrides: Partial<ClientRuleResult>): ClientRuleResult => ({
  id: 'CLT-X',
  title: 'a rule',
  section: 'Authentication',
  quote: 'a quote',
  basis: 'seed',
  verdict: 'passed',
  exercised: 2,
  violationCount: 0,
  violations: [],
  ...overrides,
});

const report: ClientReport = {
  clientId: 'PSDFR-ACPR-12345',
  generatedAt: '2026-01-01T10:00:00.000Z',
  requests: 3,
  summary: { passed: 1, failed: 1, 'not-exercised': 1, total: 3 },
  rules: [
    rule({ id: 'CLT-PASSED' }),
    rule({
      id: 'CLT-FAILED',
      basis: 'choice',
      verdict: 'failed',
      violationCount: 1,
      violations: [
        {
          reason: 'no Signature header',
          request: {
            seq: 7,
            at: '2026-01-01T10:00:00.000Z',
            institution: '10101',
            method: 'GET',
            path: '/stet/psd2/v1.6.2/accounts',
            requestId: 'rq-7',
            headers: ['authorization', 'x-request-id'],
            status: 401,
            code: 'SIGNATURE_INVALID',
          },
        },
      ],
    }),
    rule({ id: 'CLT-IDLE', verdict: 'not-exercised', exercised: 0 }),
  ],
};

describe('the client report as a run report', () => {
  it('maps passed, failed and not exercised to passed, failed (advisory on a choice) and not-applicable', () => {
    const run = parseReport(JSON.parse(JSON.stringify(clientRunReport(report, 'https://127.0.0.1:8443'))));
    expect(run.results.map((r) => [r.case, r.status])).toEqual([
      ['CLT-PASSED', 'passed'],
      ['CLT-FAILED', 'advisory'],
      ['CLT-IDLE', 'not-applicable'],
    ]);
    expect(run.summary).toMatchObject({ passed: 1, advisory: 1, 'not-applicable': 1, total: 3 });
  });

  it('names the request that broke a rule by header names, with its X-Request-ID only', () => {
    const failed = clientRunReport(report, 'https://x').results[1];
    expect(failed?.rules[0]?.basis).toBe('choice');
    expect(failed?.steps[0]?.transcript[0]?.request).toEqual({
      method: 'GET',
      url: 'https://api-10101.psd2.groupbank.example/stet/psd2/v1.6.2/accounts',
      headers: { authorization: '[sent]', 'x-request-id': 'rq-7' },
    });
    expect(failed?.steps[0]?.transcript[0]?.response).toEqual({
      status: 401,
      headers: {},
      body: 'SIGNATURE_INVALID',
    });
  });

  it('makes a folder name of any client_id', () => {
    expect(clientFolder('reg-1/../x y')).toBe('reg-1_.._x_y');
    expect([clientFolder('..'), clientFolder('.hidden'), clientFolder('')]).toEqual(['__', '_hidden', '_']);
  });
});
