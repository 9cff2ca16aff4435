import { describe, expect, it } from 'vitest';
import {
  allowedMethods,
  matchOperation,
  operationScope,
  responseRule,
  responseValidator,
} from '../../../spec/lib/index.ts';

describe('matchOperation', () => {
  it('matches a concrete path to its template and extracts the parameters, ignoring the query', () => {
    expect(
      matchOperation('v1.6.2', 'GET', '/stet/psd2/v1.6.2/accounts/A%201/transactions?dateFrom=2025-01-01'),
    ).toEqual({
      operationId: 'getTransactions',
      pathTemplate: '/stet/psd2/v1.6.2/accounts/{accountResourceId}/transactions',
      params: { accountResourceId: 'A 1' },
    });
  });

  it('tells transactions/details apart from transactions', () => {
    expect(matchOperation('v1', 'get', '/stet/psd2/v1/accounts/A1/transactions/details')?.operationId).toBe(
      'getTransactionDetails',
    );
  });

  it('matches no operation for a segment whose percent-encoding does not decode, rather than throwing', () => {
    expect(matchOperation('v1.6.2', 'GET', '/stet/psd2/v1.6.2/accounts/%E0%A4%A/balances')).toBeUndefined();
  });

  it('matches the OAuth endpoints without a version segment', () => {
    expect(matchOperation('v1.4.2', 'POST', '/stet/psd2/oauth/token')?.operationId).toBe('token');
    expect(matchOperation('v1.4.2', 'GET', '/stet/psd2/oauth/authorize')?.operationId).toBe('authorize');
  });

  it('knows both confirmation path segments', () => {
    expect(matchOperation('v1', 'POST', '/stet/psd2/v1/payment-requests/P1/confirmation')?.operationId).toBe(
      'confirmPaymentRequest',
    );
    expect(
      matchOperation('v1', 'POST', '/stet/psd2/v1/payment-requests/P1/o-confirmation')?.operationId,
    ).toBe('confirmPaymentRequestVariant');
  });

  it('finds nothing for a wrong method, another version segment or an unknown path', () => {
    expect(matchOperation('v1.4.2', 'POST', '/stet/psd2/v1.4.2/accounts')).toBeUndefined();
    expect(matchOperation('v1.4.2', 'GET', '/stet/psd2/v1.6.2/accounts')).toBeUndefined();
    expect(matchOperation('v1.4.2', 'GET', '/stet/psd2/v1.4.2/accounts/A1/owners')).toBeUndefined();
  });

  it('lists the methods of a path, so a wrong verb (405) differs from an unknown path (404)', () => {
    expect(allowedMethods('v1', '/stet/psd2/v1/payment-requests/P1').sort()).toEqual(['GET', 'PUT']);
    expect(allowedMethods('v1', '/stet/psd2/v1/funds-confirmations')).toEqual(['POST']);
    expect(allowedMethods('v1.6.2', '/stet/psd2/v1.6.2/funds-confirmations')).toEqual([]);
  });

  it('gives the scope of each role', () => {
    expect(operationScope('v1.6.2', 'GET', '/stet/psd2/v1.6.2/accounts')).toBe('aisp');
    expect(operationScope('v1.6.2', 'POST', '/stet/psd2/v1.6.2/payment-requests')).toBe('pisp');
    expect(operationScope('v1.6.2', 'POST', '/stet/psd2/oauth/token')).toBeUndefined();
  });
});

describe('responseValidator', () => {
  it('validates a 200 body against the operation schema', () => {
    const validate = responseValidator('v1.4.2', 'GET', '/stet/psd2/v1.4.2/accounts/A1/balances', 200);
    expect(validate?.({ balances: [], _links: { self: { href: '/x' } } })).toEqual({
      valid: true,
      errors: [],
      issues: [],
    });
    expect(validate?.({ balances: [] })).toEqual({
      valid: false,
      errors: ["(root) must have required property '_links'"],
      issues: [{ message: "(root) must have required property '_links'", at: '', rule: 'AIS-BAL-LINKS' }],
    });
  });

  it('files each error under the rule owning its field, and reports every error of the body', () => {
    const validate = responseValidator('v1.4.2', 'GET', '/stet/psd2/v1.4.2/accounts/A1/transactions', 200);
    const transaction = (status: string, n: number): Record<string, unknown> => ({
      status,
      creditDebitIndicator: 'CRDT',
      transactionAmount: { amount: `${n}.00`, currency: 'EUR' },
      bookingDate: '2025-01-02',
      entryReference: `${n}`,
    });
    const result = validate?.({
      transactions: [1, 2, 3, 4, 5].map((n) => transaction('DONE', n)),
      _links: { self: { href: '/x' }, extra: { href: '/y' } },
    });
    expect(result?.issues).toHaveLength(6);
    expect(new Set(result?.issues.map((i) => i.rule))).toEqual(
      new Set(['AIS-TRX-STATUS-ENUM', 'TRN-NO-EXTRA-FIELDS']),
    );
    expect(validate?.({ _links: { self: { href: '/x' } } }).issues.map((i) => i.rule)).toEqual([
      'AIS-TRX-200',
    ]);
    expect(responseRule('v1.4.2', 'GET', '/stet/psd2/v1.4.2/accounts/A1/transactions', 200)).toBe(
      'AIS-TRX-200',
    );
    expect(responseRule('v1.4.2', 'GET', '/stet/psd2/v1.4.2/accounts', 403)).toBe('ERR-STET-BODY');
  });

  it('files what the seed does not show under choice rules: error bodies, a PDNG rule of its own branch', () => {
    const error = responseValidator('v1', 'GET', '/stet/psd2/v1/accounts', 403);
    expect(new Set(error?.({ error: 'x' }).issues.map((i) => i.rule))).toEqual(new Set(['ERR-STET-BODY']));
    const transactions = responseValidator(
      'v1.6.2',
      'GET',
      '/stet/psd2/v1.6.2/accounts/A1/transactions',
      200,
    );
    const pending = {
      status: 'PDNG',
      creditDebitIndicator: 'DBIT',
      transactionAmount: { amount: '1', currency: 'EUR' },
      entryReference: '7',
    };
    expect(
      transactions?.({ transactions: [pending], _links: { self: { href: '/x' } } }).issues.map((i) => i.rule),
    ).toEqual(['AIS-TRX-PDNG-EXPECTED-DATE', 'AIS-TRX-PDNG-NO-ENTRYREF']);
  });

  it('validates error bodies as STET ErrorModel on resources and RFC 6749 on the token endpoint', () => {
    const resource = responseValidator('v1', 'GET', '/stet/psd2/v1/accounts', 403);
    expect(resource?.({ status: 403, message: 'NGAC' }).valid).toBe(true);
    expect(resource?.({ error: 'invalid_token' }).valid).toBe(false);
    const token = responseValidator('v1', 'POST', '/stet/psd2/oauth/token', 400);
    expect(token?.({ error: 'invalid_grant', error_description: 'used' }).valid).toBe(true);
  });

  it('returns the same compiled validator on every call', () => {
    const a = responseValidator('v1.6.2', 'GET', '/stet/psd2/v1.6.2/accounts', 200);
    const b = responseValidator('v1.6.2', 'GET', '/stet/psd2/v1.6.2/accounts?page=2', 200);
    expect(a).toBeDefined();
    expect(a).toBe(b);
  });

  it('has nothing to validate for a body-less 201, an undocumented status or an unknown path', () => {
    expect(responseValidator('v1', 'PUT', '/stet/psd2/v1/consents', 201)).toBeUndefined();
    expect(responseValidator('v1', 'GET', '/stet/psd2/v1/accounts', 418)).toBeUndefined();
    expect(responseValidator('v1', 'GET', '/nowhere', 200)).toBeUndefined();
  });
});
