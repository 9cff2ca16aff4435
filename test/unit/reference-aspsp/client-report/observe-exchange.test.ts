import { describe, expect, it } from 'vitest';
import {
  observeExchange,
  secretId,
  type Exchange,
} from '../../../../reference-aspsp/client-report/observe-exchange.ts';
import { computeDigest } from '../../../../protocol/digest.ts';

function exchange(overrides: Partial<Exchange>): Exchange {
  return {
    seq: 1,
    now: new Date('2026-01-01T10:00:00Z'),
    institution: '10101',
    method: 'GET',
    target: '/stet/psd2/v1.6.2/accounts',
    headers: {},
    body: Buffer.alloc(0),
    route: { path: '/stet/psd2/{version}/accounts', auth: 'bearer' },
    params: {},
    clientId: 'PSDFR-ACPR-12345',
    auth: undefined,
    answer: { status: 200, json: {} },
    forcedBy: undefined,
    ...overrides,
  };
}

describe('observeExchange', () => {
  it('keeps ids of the tokens and codes of a token request, never the values', () => {
    const verifier = 'a'.repeat(43);
    const facts = observeExchange(
      exchange({
        method: 'POST',
        target: '/stet/psd2/oauth/token',
        route: { path: '/stet/psd2/oauth/token', auth: 'client-certificate' },
        body: Buffer.from(
          `grant_type=authorization_code&code=SECRET-CODE&redirect_uri=https%3A%2F%2Ftpp.example%2Fcb&code_verifier=${verifier}`,
        ),
        answer: {
          status: 200,
          json: { access_token: 'SECRET-ACCESS', refresh_token: 'SECRET-REFRESH', scope: 'pisp' },
        },
      }),
    );
    const text = JSON.stringify(facts);
    expect(text).not.toMatch(/SECRET-/);
    expect(facts.request?.grant).toMatchObject({
      code: secretId('SECRET-CODE'),
      verifier: 'valid',
      scope: false,
    });
    expect(facts.request?.response.issued).toEqual({
      access: secretId('SECRET-ACCESS'),
      refresh: secretId('SECRET-REFRESH'),
      scope: 'pisp',
    });
  });

  it('judges the verifier shape of RFC 7636', () => {
    const shape = (verifier: string) =>
      observeExchange(
        exchange({
          target: '/stet/psd2/oauth/token',
          route: { path: '/stet/psd2/oauth/token', auth: 'client-certificate' },
          body: Buffer.from(`grant_type=authorization_code&code_verifier=${encodeURIComponent(verifier)}`),
        }),
      ).request?.grant?.verifier;
    expect([
      shape('a'.repeat(42)),
      shape('a'.repeat(43)),
      shape('a'.repeat(128)),
      shape('a'.repeat(129)),
      shape(`${'a'.repeat(42)}+`),
    ]).toEqual(['invalid', 'valid', 'valid', 'invalid', 'invalid']);
  });

  it('records the links handed out and whether the Digest matches the body', () => {
    const facts = observeExchange(
      exchange({
        headers: { digest: computeDigest(''), authorization: 'Bearer SECRET-ACCESS', 'x-request-id': 'r1' },
        answer: {
          status: 200,
          json: {
            accounts: [
              { _links: { balances: { href: 'https://bank.example/stet/psd2/v1.6.2/accounts/A/balances' } } },
            ],
          },
        },
      }),
    );
    expect(facts.request).toMatchObject({
      digest: 'ok',
      requestId: 'r1',
      bearer: secretId('SECRET-ACCESS'),
      response: { links: ['/stet/psd2/v1.6.2/accounts/A/balances'] },
    });
    expect(observeExchange(exchange({ headers: { digest: computeDigest('x') } })).request?.digest).toBe(
      'mismatch',
    );
  });

  it('keeps the redirect URI a journey sent a code to, without the code', () => {
    const facts = observeExchange(
      exchange({
        clientId: undefined,
        route: { path: '/stet/psd2/oauth/journeys/{journeyId}', auth: 'none' },
        target: '/stet/psd2/oauth/journeys/j1',
        answer: { status: 303, headers: { location: 'https://tpp.example/cb?code=SECRET-CODE&state=s' } },
      }),
    );
    expect(facts.request).toBeUndefined();
    expect(facts.issuedCode).toEqual({
      code: secretId('SECRET-CODE'),
      redirectUri: 'https://tpp.example/cb',
    });
  });

  it('takes the client of an authorize request from its query only when the bank accepted it', () => {
    const authorize = (status: number) =>
      observeExchange(
        exchange({
          clientId: undefined,
          route: { path: '/stet/psd2/oauth/authorize', auth: 'none' },
          target: '/stet/psd2/oauth/authorize?client_id=..&redirect_uri=x',
          answer: { status, html: '' },
        }),
      ).request?.clientId;
    expect([authorize(200), authorize(400)]).toEqual(['..', undefined]);
  });
});
