import { describe, expect, it } from 'vitest';
import type { StepResult } from '../../../../harness/report/model.ts';
import {
  contraryStatuses,
  describeUndocumented,
  statusConformance,
  undocumentedStatuses,
} from '../../../../harness/runner/status-conformance.ts';

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

function answered(
  method: string,
  path: string,
  status: number,
  options: { headers?: Record<string, string>; body?: string } = {},
): StepResult {
  return {
    name: 's',
    kind: 'request',
    status: 'passed',
    durationMs: 1,
    transcript: [
      {
        request: { method, url: `${host}${path}`, headers: options.headers ?? {} },
        response: { status, headers: {}, ...(options.body === undefined ? {} : { body: options.body }) },
      },
    ],
  };
}

describe('statuses contrary to the seed in a case', () => {
  it('fails a PUT /consents answered 200 under CNS-PUT-201, a seed rule, not as an advisory', () => {
    const found = statusConformance([answered('PUT', '/stet/psd2/v1.6.2/consents', 200)], 'v1.6.2');
    expect(found?.rules).toEqual(['CNS-PUT-201']);
    expect(found?.advisory).toBe(false);
    expect(found?.finding.message).toContain('201');
  });

  it('takes a refusal of PUT /consents, a 501 of transactions/details and a fallback 302 as the seed says', () => {
    const steps = [
      answered('PUT', '/stet/psd2/v1.6.2/consents', 403),
      answered('GET', '/stet/psd2/v1.6.2/accounts/A1/transactions/details', 501),
      answered('GET', '/stet/psd2/v1.6.2/trusted-beneficiaries', 401),
      answered('POST', '/stet/psd2/oauth/token', 302, { headers: { fallback: '1' } }),
    ];
    expect(contraryStatuses(steps, 'v1.6.2')).toEqual([]);
    expect(statusConformance(steps, 'v1.6.2')).toBeUndefined();
  });

  it('fails a 200 where the seed says always 501, and a fallback token request answered 200', () => {
    const found = contraryStatuses(
      [
        answered('GET', '/stet/psd2/v1.4.2/accounts/A1/transactions/details', 200),
        answered('POST', '/stet/psd2/oauth/token', 200, { headers: { fallback: '1' } }),
      ],
      'v1.4.2',
    );
    expect(found.map((c) => c.rule)).toEqual(['AIS-OTH-DETAILS-501', 'FBK-TOKEN-302']);
  });

  it('fails a code answered with another status than the seed gives it (BADS in a 401)', () => {
    const found = statusConformance(
      [answered('GET', '/stet/psd2/v1.4.2/accounts', 401, { body: '{"status":401,"message":"BADS"}' })],
      'v1.4.2',
    );
    expect(found?.rules).toEqual(['ERR-403-BADS']);
    expect(found?.advisory).toBe(false);
  });

  it('keeps a status the seed states nothing about and the document does not list advisory', () => {
    const found = statusConformance(
      [answered('POST', '/stet/psd2/v1.4.2/payment-requests/P1/confirmation', 418)],
      'v1.4.2',
    );
    expect(found?.rules).toEqual(['TRN-STATUS-DOCUMENTED']);
    expect(found?.advisory).toBe(true);
  });

  it('judges a live-only seed status against a sandbox as advisory', () => {
    const steps = [answered('GET', '/stet/psd2/v1.6.2/payment-requests/P1', 204)];
    expect(statusConformance(steps, 'v1.6.2', { sandbox: true })?.advisory).toBe(true);
    expect(statusConformance(steps, 'v1.6.2', { sandbox: false })?.advisory).toBe(false);
  });
});
