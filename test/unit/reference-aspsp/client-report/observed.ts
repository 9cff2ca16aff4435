import type { ObservedRequest } from '../../../../reference-aspsp/client-report/observed-request.ts';

let seq = 0;

/** An observed request with sensible defaults: a signed, digested resource call answered 200. */
export function observed(
  overrides: Partial<ObservedRequest> & { status?: number; code?: string } = {},
): ObservedRequest {
  const { status, code, response, ...rest } = overrides;
  seq += 1;
  return {
    seq,
    at: new Date(Date.UTC(2026, 0, 1, 10, 0, seq)).toISOString(),
    institution: '10101',
    clientId: 'PSDFR-ACPR-12345',
    method: 'GET',
    path: '/stet/psd2/v1.6.2/accounts',
    operation: '/stet/psd2/{version}/accounts',
    kind: 'resource',
    params: {},
    headers: ['x-request-id', 'digest', 'signature', 'authorization'],
    signedHeaders: ['(request-target)', 'digest', 'x-request-id'],
    digest: 'ok',
    requestId: `rq-${seq}`,
    psuIpAddress: true,
    bearer: 'access-1',
    psuId: 'psu-1',
    role: 'aisp',
    grant: undefined,
    authorize: undefined,
    response: response ?? {
      status: status ?? 200,
      code,
      forcedBy: undefined,
      issued: undefined,
      links: [],
    },
    ...rest,
  };
}

/** A token request of `grantType` with the given form facts, answered `status`. */
export function tokenRequest(
  grant: Partial<NonNullable<ObservedRequest['grant']>>,
  answer: {
    status?: number;
    code?: string;
    issued?: NonNullable<ObservedRequest['response']['issued']>;
  } = {},
): ObservedRequest {
  return observed({
    method: 'POST',
    path: '/stet/psd2/oauth/token',
    operation: '/stet/psd2/oauth/token',
    kind: 'token',
    bearer: undefined,
    psuId: undefined,
    role: undefined,
    grant: {
      grantType: 'authorization_code',
      scope: false,
      redirectUri: 'https://tpp.example/callback',
      code: undefined,
      refreshToken: undefined,
      verifier: 'absent',
      fallback: false,
      ...grant,
    },
    response: {
      status: answer.status ?? 200,
      code: answer.code,
      forcedBy: undefined,
      issued: answer.issued,
      links: [],
    },
  });
}
