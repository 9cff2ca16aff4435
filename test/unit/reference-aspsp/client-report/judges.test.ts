import { describe, expect, it } from 'vitest';
import type { Judge } from '../../../../reference-aspsp/client-report/judges/judge.ts';
import {
  judgeFallbackNotMain,
  judgePispTokenConfirmationOnly,
  judgePkceS256,
} from '../../../../reference-aspsp/client-report/judges/pisp-judges.ts';
import {
  judgeBatchQuota,
  judgeConsentBeforeRead,
  judgeLinksNotBuilt,
  judgePsuIpWhenConnected,
} from '../../../../reference-aspsp/client-report/judges/psu-judges.ts';
import {
  judgePispStatusRequestId,
  judgeRequestIdPresent,
  judgeRequestIdUnique,
} from '../../../../reference-aspsp/client-report/judges/request-id-judges.ts';
import {
  judgeDigest,
  judgeSignature,
} from '../../../../reference-aspsp/client-report/judges/signing-judges.ts';
import {
  judgeCodeOnce,
  judgeInvalidTokenRefresh,
  judgeOneTokenSet,
  judgeRedirectUriSame,
  judgeRefreshBeforeJourney,
  judgeTokenNoScope,
} from '../../../../reference-aspsp/client-report/judges/token-judges.ts';
import type { ObservedRequest } from '../../../../reference-aspsp/client-report/observed-request.ts';
import { tokenLedger } from '../../../../reference-aspsp/client-report/token-ledger.ts';
import { observed, tokenRequest } from './observed.ts';

function judge(j: Judge, requests: ObservedRequest[], codes: Record<string, string> = {}) {
  const result = j({ requests, ledger: tokenLedger(requests), codeRedirect: (code) => codes[code] });
  return { exercised: result.exercised, broken: result.violations.map((v) => v.request.seq) };
}

const balancesPath = '/stet/psd2/v1.6.2/accounts/A1/balances';
const balances = {
  path: balancesPath,
  operation: '/stet/psd2/{version}/accounts/{accountResourceId}/balances',
};
const accountsWithLink = () =>
  observed({
    response: { status: 200, code: undefined, forcedBy: undefined, issued: undefined, links: [balancesPath] },
  });
const consent = () =>
  observed({
    method: 'PUT',
    path: '/stet/psd2/v1.6.2/consents',
    operation: '/stet/psd2/{version}/consents',
    status: 201,
  });

describe('client rule judges', () => {
  it('fail an unsigned resource call and one the bank refused SIGNATURE_INVALID', () => {
    const unsigned = observed({ signedHeaders: undefined });
    const refused = observed({ status: 401, code: 'SIGNATURE_INVALID' });
    expect(judge(judgeSignature, [observed(), unsigned, refused])).toEqual({
      exercised: 3,
      broken: [unsigned.seq, refused.seq],
    });
  });

  it('fail a resource call without Digest or with a wrong one', () => {
    const absent = observed({ digest: 'absent' });
    const wrong = observed({ digest: 'mismatch' });
    expect(judge(judgeDigest, [observed(), absent, wrong]).broken).toEqual([absent.seq, wrong.seq]);
  });

  it('fail a call without X-Request-ID and a reused one, except a status read reusing its initiation', () => {
    const missing = observed({ requestId: undefined });
    const first = observed({ requestId: 'dup' });
    const again = observed({ requestId: 'dup' });
    expect(judge(judgeRequestIdPresent, [missing, first]).broken).toEqual([missing.seq]);
    expect(judge(judgeRequestIdUnique, [first, again]).broken).toEqual([again.seq]);
    const initiation = observed({
      method: 'POST',
      operation: '/stet/psd2/{version}/payment-requests',
      requestId: 'init',
      status: 201,
      response: {
        status: 201,
        code: undefined,
        forcedBy: undefined,
        issued: undefined,
        links: ['/stet/psd2/v1.6.2/payment-requests/P1'],
      },
    });
    const status = (requestId: string) =>
      observed({
        operation: '/stet/psd2/{version}/payment-requests/{paymentRequestResourceId}',
        path: '/stet/psd2/v1.6.2/payment-requests/P1',
        params: { paymentRequestResourceId: 'P1' },
        requestId,
      });
    const reuse = status('init');
    expect(judge(judgeRequestIdUnique, [initiation, reuse]).broken).toEqual([]);
    const other = status('another');
    expect(judge(judgePispStatusRequestId, [initiation, reuse, other])).toEqual({
      exercised: 2,
      broken: [other.seq],
    });
  });

  it('fail PSU context headers without PSU-IP-Address', () => {
    const bare = observed({ psuIpAddress: false, headers: ['psu-user-agent'] });
    expect(judge(judgePsuIpWhenConnected, [observed(), bare])).toEqual({ exercised: 1, broken: [bare.seq] });
  });

  it('fail a batch call refused TMRQ by the count, not one a sandbox switch refused', () => {
    const counted = observed({ ...balances, psuIpAddress: false, status: 429, code: 'TMRQ' });
    const forced = observed({
      ...balances,
      psuIpAddress: false,
      response: { status: 429, code: 'TMRQ', forcedBy: 'too-many-requests', issued: undefined, links: [] },
    });
    expect(judge(judgeBatchQuota, [forced, counted]).broken).toEqual([counted.seq]);
  });

  it('fail a read at a path never handed out in _links', () => {
    const built = observed({ ...balances });
    expect(judge(judgeLinksNotBuilt, [built, accountsWithLink()]).broken).toEqual([built.seq]);
    const followed = observed({ ...balances });
    expect(judge(judgeLinksNotBuilt, [accountsWithLink(), followed]).broken).toEqual([]);
  });

  it('fail a read before the PSU consent was recorded', () => {
    const early = observed({ ...balances });
    expect(judge(judgeConsentBeforeRead, [early, consent(), observed({ ...balances })]).broken).toEqual([
      early.seq,
    ]);
  });

  it('fail scope in the code form, another redirect_uri, and a code presented again', () => {
    const scoped = tokenRequest({ code: 'c1', scope: true }, { status: 400, code: 'invalid_request' });
    const exchanged = tokenRequest({ code: 'c1' });
    const reused = tokenRequest({ code: 'c1' }, { status: 400, code: 'invalid_grant' });
    expect(judge(judgeTokenNoScope, [scoped, exchanged]).broken).toEqual([scoped.seq]);
    // The scoped form was refused before the code was looked at: the code was still unused after it.
    expect(judge(judgeCodeOnce, [scoped, exchanged, reused]).broken).toEqual([reused.seq]);
    const elsewhere = tokenRequest({ code: 'c2', redirectUri: 'https://tpp.example/other' });
    expect(
      judge(judgeRedirectUriSame, [exchanged, elsewhere], {
        c1: 'https://tpp.example/callback',
        c2: 'https://tpp.example/callback',
      }).broken,
    ).toEqual([elsewhere.seq]);
  });

  it('fail a new journey while the refresh token is valid, not after the sandbox revoked it', () => {
    const set = (access: string) =>
      tokenRequest(
        { code: access },
        { issued: { access, refresh: `r-${access}`, scope: 'aisp offline_access' } },
      );
    const first = set('a1');
    const second = set('a2');
    const uses = [observed({ bearer: 'a1' }), observed({ bearer: 'a2' })];
    expect(judge(judgeRefreshBeforeJourney, [first, uses[0]!, second, uses[1]!]).broken).toEqual([
      second.seq,
    ]);
    const revoke = observed({
      kind: 'sandbox',
      method: 'POST',
      path: '/sandbox/v1/psus/psu-1/revoke-tokens',
      params: { psuId: 'psu-1' },
      status: 204,
    });
    const third = set('a3');
    expect(
      judge(judgeRefreshBeforeJourney, [second, uses[1]!, revoke, third, observed({ bearer: 'a3' })]).broken,
    ).toEqual([]);
  });

  it('fail a token of a replaced set, and an access token replaced by a refresh', () => {
    const first = tokenRequest(
      { code: 'c1' },
      { issued: { access: 'a1', refresh: 'r1', scope: 'aisp offline_access' } },
    );
    const useFirst = observed({ bearer: 'a1' });
    const second = tokenRequest(
      { code: 'c2' },
      { issued: { access: 'a2', refresh: 'r2', scope: 'aisp offline_access' } },
    );
    const useSecond = observed({ bearer: 'a2' });
    const stale = observed({ bearer: 'a1' });
    expect(judge(judgeOneTokenSet, [first, useFirst, second, useSecond, stale]).broken).toEqual([stale.seq]);
    const refresh = tokenRequest(
      { grantType: 'refresh_token', refreshToken: 'r2', code: undefined },
      { issued: { access: 'a3', refresh: 'r2', scope: 'aisp offline_access' } },
    );
    const oldAccess = observed({ bearer: 'a2' });
    expect(judge(judgeOneTokenSet, [second, useSecond, refresh, oldAccess]).broken).toEqual([oldAccess.seq]);
  });

  it('fail a token sent again after 401 invalid_token', () => {
    const refused = observed({ bearer: 'a1', status: 401, code: 'invalid_token' });
    const retry = observed({ bearer: 'a1', status: 401, code: 'invalid_token' });
    expect(judge(judgeInvalidTokenRefresh, [refused, retry, observed({ bearer: 'a2' })])).toEqual({
      exercised: 1,
      broken: [retry.seq],
    });
  });

  it('fail a payment journey without S256 and a malformed code_verifier', () => {
    const plain = observed({
      kind: 'authorize',
      authorize: {
        redirectUri: 'https://tpp.example/pay',
        scope: 'pisp',
        payment: 'P1',
        challengeMethod: 'plain',
      },
    });
    const short = tokenRequest({ code: 'c1', verifier: 'invalid' });
    const good = tokenRequest({ code: 'c2', verifier: 'valid' });
    expect(judge(judgePkceS256, [plain, short, good])).toEqual({
      exercised: 3,
      broken: [plain.seq, short.seq],
    });
  });

  it('fail the second PISP token used beyond its own payment', () => {
    const exchange = tokenRequest(
      { code: 'c1', verifier: 'valid' },
      { issued: { access: 'p2', refresh: undefined, scope: 'pisp' } },
    );
    const confirm = (payment: string) =>
      observed({
        bearer: 'p2',
        role: 'pisp',
        method: 'POST',
        operation: '/stet/psd2/{version}/payment-requests/{paymentRequestResourceId}/confirmation',
        params: { paymentRequestResourceId: payment },
      });
    const accounts = observed({ bearer: 'p2', role: 'pisp' });
    const otherPayment = confirm('P2');
    expect(
      judge(judgePispTokenConfirmationOnly, [exchange, confirm('P1'), accounts, otherPayment]).broken,
    ).toEqual([accounts.seq, otherPayment.seq]);
  });

  it('fail the fallback while the dedicated interface answers, not after a 5xx', () => {
    const fallback = () =>
      tokenRequest({ grantType: 'client_credentials', fallback: true, code: undefined }, { status: 302 });
    const early = fallback();
    const down = observed({ status: 500, code: 'INTS' });
    expect(judge(judgeFallbackNotMain, [observed(), early, down, fallback()])).toEqual({
      exercised: 2,
      broken: [early.seq],
    });
  });
});
