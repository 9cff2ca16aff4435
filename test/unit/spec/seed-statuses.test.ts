import { describe, expect, it } from 'vitest';
import { isCodedError } from '../../../lib/coded-error.ts';
import { contraryStatus, seedStatuses, seedStatusOfCode } from '../../../spec/lib/index.ts';
import { parseSeedStatuses } from '../../../spec/lib/seed-statuses.ts';

const refusals = { statuses: [401], rules: ['ERR-401-INVALID-TOKEN'] };

describe('the statuses the seed states', () => {
  it('gives PUT /consents 201 under CNS-PUT-201 in every version', () => {
    for (const version of ['v1', 'v1.4.2', 'v1.6.2'] as const)
      expect(seedStatuses(version, 'put', `/stet/psd2/${version}/consents`)).toMatchObject({
        answer: 'success',
        statuses: [201],
        rule: 'CNS-PUT-201',
      });
  });

  it('tells the fallback token request (fallback: 1) from the others', () => {
    const fallback = (name: string): string | undefined => (name === 'fallback' ? '1' : undefined);
    expect(seedStatuses('v1', 'POST', '/stet/psd2/oauth/token', fallback)?.rule).toBe('FBK-TOKEN-302');
    expect(seedStatuses('v1', 'POST', '/stet/psd2/oauth/token')?.rule).toBe('TOK-RESPONSE-200');
  });

  it('states 405 on owners only in v1.6.2, where the resource exists, and funds confirmation only before it', () => {
    expect(seedStatuses('v1.6.2', 'POST', '/stet/psd2/v1.6.2/accounts/A1/owners')?.statuses).toEqual([405]);
    expect(seedStatuses('v1.4.2', 'POST', '/stet/psd2/v1.4.2/accounts/A1/owners')).toBeUndefined();
    expect(seedStatuses('v1.4.2', 'GET', '/stet/psd2/v1.4.2/funds-confirmations')?.rule).toBe(
      'CBP-OTHER-METHODS-405',
    );
    expect(seedStatuses('v1.6.2', 'GET', '/stet/psd2/v1.6.2/funds-confirmations')).toBeUndefined();
  });

  it('states nothing of what the seed does not show (payment initiation, registration, owners read)', () => {
    expect(seedStatuses('v1.6.2', 'POST', '/stet/psd2/v1.6.2/payment-requests')).toBeUndefined();
    expect(seedStatuses('v1.6.2', 'POST', '/stet/psd2/register')).toBeUndefined();
    expect(seedStatuses('v1.6.2', 'GET', '/stet/psd2/v1.6.2/accounts/A1/owners')).toBeUndefined();
    expect(seedStatuses('v1.6.2', 'GET', '/stet/psd2/v1.6.2/accounts//balances')).toBeUndefined();
  });

  it('gives the seed status of a code under its rule, and none for a code whose status is our choice', () => {
    expect(seedStatusOfCode('BADS')).toEqual({ statuses: [403], rule: 'ERR-403-BADS' });
    expect(seedStatusOfCode('ISPM')?.rule).toBe('ERR-405-NIMP');
    expect(seedStatusOfCode('AC01')?.statuses).toEqual(expect.arrayContaining([400, 404]));
    expect(seedStatusOfCode('NGAC')).toBeUndefined();
    expect(seedStatusOfCode('invalid_grant')).toBeUndefined();
  });

  it('reads contrary only a success other than the stated one, or another answer where it always holds', () => {
    const put = { version: 'v1.6.2', method: 'PUT', path: '/stet/psd2/v1.6.2/consents' } as const;
    expect(contraryStatus({ ...put, status: 200 })?.rule).toBe('CNS-PUT-201');
    expect(contraryStatus({ ...put, status: 204 })?.expected).toEqual([201]);
    expect(contraryStatus({ ...put, status: 403 })).toBeUndefined();
    expect(contraryStatus({ ...put, status: 400, code: 'FF01' })).toBeUndefined();
    const details = {
      version: 'v1',
      method: 'GET',
      path: '/stet/psd2/v1/accounts/A/transactions/details',
    } as const;
    expect(contraryStatus({ ...details, status: 404 })?.rule).toBe('AIS-OTH-DETAILS-501');
    expect(contraryStatus({ ...details, status: 403 })).toBeUndefined();
    expect(contraryStatus({ ...details, status: 501 })).toBeUndefined();
  });

  it('refuses an entry whose rule is not a seed rule, naming where', () => {
    const file = {
      accessRefusals: refusals,
      operations: [
        { methods: ['GET'], path: '/x', answer: 'success', statuses: [200], rule: 'TRN-STATUS-DOCUMENTED' },
      ],
    };
    let caught: unknown;
    try {
      parseSeedStatuses(file, 'f.yaml');
    } catch (error) {
      caught = error;
    }
    expect(isCodedError(caught) && caught.code).toBe('ERR_SPEC_INVALID');
    expect(String(caught)).toContain('$.operations[0].rule');
  });

  it('narrows an entry to its own versions when it names some', () => {
    const parsed = parseSeedStatuses({
      accessRefusals: refusals,
      operations: [
        {
          methods: ['get'],
          path: '/a',
          versions: ['v1'],
          answer: 'always',
          statuses: [501],
          rule: 'CNS-PUT-201',
        },
      ],
    });
    expect(parsed.operations[0]).toMatchObject({ methods: ['GET'], versions: ['v1'] });
  });
});
