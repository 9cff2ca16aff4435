import type { Judge, Violation } from './judge.ts';
import { operationEndsWith } from './judge.ts';

/** CLT-PKCE-S256: payment journeys use S256 and PISP code exchanges a verifier of RFC 7636 syntax. */
export const judgePkceS256: Judge = ({ requests }) => {
  const violations: Violation[] = [];
  let exercised = 0;
  for (const request of requests) {
    if (request.authorize?.payment !== undefined) {
      exercised++;
      if (request.authorize.challengeMethod !== 'S256')
        violations.push({
          request,
          reason: `code_challenge_method is ${request.authorize.challengeMethod ?? 'absent'}, not S256`,
        });
    }
    const grant = request.grant;
    const pispExchange =
      grant?.grantType === 'authorization_code' &&
      (grant.verifier !== 'absent' || request.response.issued?.scope === 'pisp');
    if (pispExchange) {
      exercised++;
      if (grant.verifier !== 'valid')
        violations.push({
          request,
          reason: `code_verifier is ${grant.verifier === 'absent' ? 'missing' : 'not 43 to 128 characters of [A-Za-z0-9-._~]'}`,
        });
    }
  }
  return { exercised, violations };
};

const paymentOperation = '/stet/psd2/{version}/payment-requests/{paymentRequestResourceId}';

/**
 * CLT-PISP-TOKEN-CONFIRMATION-ONLY: the second PISP token confirms its payment and serves nothing
 * else. The seed does not say which token reads a payment's status or cancels it, and the reference
 * accepts the second token there, so those calls on the same payment are not held against it.
 */
export const judgePispTokenConfirmationOnly: Judge = ({ requests, ledger }) => {
  const boundTo = new Map<string, string>();
  const violations: Violation[] = [];
  let exercised = 0;
  for (const request of requests) {
    if (request.bearer === undefined) continue;
    const set = ledger.setOfAccess(request.bearer);
    if (set?.grant !== 'authorization_code' || set.role !== 'pisp') continue;
    exercised++;
    const confirmation =
      request.method === 'POST' && operationEndsWith(request, ['/confirmation', '/o-confirmation']);
    const samePaymentRead =
      request.operation === paymentOperation && (request.method === 'GET' || request.method === 'PUT');
    if (!confirmation && !samePaymentRead) {
      violations.push({
        request,
        reason: 'the second PISP token is used for something else than its payment',
      });
      continue;
    }
    const payment = request.params['paymentRequestResourceId'] ?? '';
    const bound = boundTo.get(request.bearer);
    if (bound === undefined) boundTo.set(request.bearer, payment);
    else if (bound !== payment)
      violations.push({ request, reason: `the token confirmed payment ${bound} and is used for ${payment}` });
  }
  return { exercised, violations };
};

/** CLT-FALLBACK-NOT-MAIN: a fallback request only after the dedicated interface failed this TPP. */
export const judgeFallbackNotMain: Judge = ({ requests }) => {
  const violations: Violation[] = [];
  let exercised = 0;
  let lastResource: (typeof requests)[number] | undefined;
  for (const request of requests) {
    if (request.kind === 'resource') lastResource = request;
    if (request.grant?.fallback !== true) continue;
    exercised++;
    const unavailable =
      lastResource !== undefined &&
      (lastResource.response.status >= 500 || lastResource.response.forcedBy === 'dedicated-unavailable');
    if (!unavailable)
      violations.push({
        request,
        reason: 'fallback used while the dedicated interface was answering (no 5xx before it)',
      });
  }
  return { exercised, violations };
};
