import { describe, expect, it } from 'vitest';
import type { StepResult } from '../../../../harness/report/model.ts';
import { describeUndocumented, undocumentedStatuses } from '../../../../harness/runner/status-conformance.ts';

const host = 'https://api-10101.psd2.groupbank.example';

function step(exchanges: Array<[method: string, path: string, status: number | undefined]>): StepResult {
  return {
    name: 's',
    kind: 'request',
    status: 'passed',
    durationMs: 1,
    transcript: exchanges.map(([method, path, status]) => ({
      request: { method, url: `${host}${path}`, headers: {} },
      ...(status === undefined ? {} : { response: { status, headers: {} } }),
    })),
  };
}

describe('status code conformance of a case', () => {
  it('finds an answer whose status the operation of that version does not list', () => {
    const found = undocumentedStatuses(
      [step([['GET', '/stet/psd2/v1.6.2/accounts/A1/balances', 418]])],
      'v1.6.2',
    );
    expect(found).toEqual([
      {
        version: 'v1.6.2',
        method: 'GET',
        operation: '/stet/psd2/v1.6.2/accounts/{accountResourceId}/balances',
        status: 418,
        documented: expect.arrayContaining([200, 400, 401, 403, 404]) as number[],
      },
    ]);
    expect(describeUndocumented(found)).toContain('418 is not a status the v1.6.2 OpenAPI document lists');
  });

  it('passes documented statuses, unknown paths, the sandbox API and exchanges without an answer', () => {
    const steps = [
      step([
        ['GET', '/stet/psd2/v1.6.2/accounts', 200],
        ['GET', '/stet/psd2/v1.6.2/accounts', 429],
        ['POST', '/stet/psd2/v1.4.2/payment-requests/P1/confirmation', 409],
        ['GET', '/stet/psd2/v1/accounts', 421],
        ['POST', '/sandbox/v1/psus', 201],
        ['GET', '/stet/psd2/v9/accounts', 404],
        ['GET', '/stet/psd2/v1.6.2/accounts', undefined],
      ]),
    ];
    expect(undocumentedStatuses(steps, 'v1.6.2')).toEqual([]);
  });

  it('judges OAuth paths, which have no version segment, with the case version and reports each kind once', () => {
    const found = undocumentedStatuses(
      [step([['POST', '/stet/psd2/oauth/token', 404]]), step([['POST', '/stet/psd2/oauth/token', 404]])],
      'v1',
    );
    expect(found.map((u) => [u.version, u.operation, u.status])).toEqual([
      ['v1', '/stet/psd2/oauth/token', 404],
    ]);
  });
});
