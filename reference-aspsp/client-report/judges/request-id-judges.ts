import type { ObservedRequest } from '../observed-request.ts';
import type { Judge, Violation } from './judge.ts';

const initiation = '/stet/psd2/{version}/payment-requests';
const statusRead = '/stet/psd2/{version}/payment-requests/{paymentRequestResourceId}';

function identified(requests: readonly ObservedRequest[]): ObservedRequest[] {
  return requests.filter((r) => r.kind === 'resource' || r.kind === 'token');
}

/** CLT-REQUEST-ID-PRESENT: resource calls and token requests carry X-Request-ID. */
export const judgeRequestIdPresent: Judge = ({ requests }) => {
  const calls = identified(requests);
  const violations = calls
    .filter((request) => request.requestId === undefined)
    .map((request) => ({ request, reason: 'no X-Request-ID header' }));
  return { exercised: calls.length, violations };
};

/**
 * CLT-REQUEST-ID-UNIQUE: no X-Request-ID twice, except a payment status read reusing its initiation's
 * (the seed asks for that reuse: CLT-PISP-STATUS-REQUEST-ID).
 */
export const judgeRequestIdUnique: Judge = ({ requests }) => {
  const calls = identified(requests).filter((r) => r.requestId !== undefined);
  const first = new Map<string, ObservedRequest>();
  const violations: Violation[] = [];
  for (const request of calls) {
    const id = request.requestId ?? '';
    const earlier = first.get(id);
    if (earlier === undefined) {
      first.set(id, request);
      continue;
    }
    const reuseAllowed =
      request.method === 'GET' && request.operation === statusRead && earlier.operation === initiation;
    if (!reuseAllowed)
      violations.push({ request, reason: `X-Request-ID ${id} was already sent (request ${earlier.seq})` });
  }
  return { exercised: calls.length, violations };
};

/** CLT-PISP-STATUS-REQUEST-ID: a status read carries the X-Request-ID of its payment's initiation. */
export const judgePispStatusRequestId: Judge = ({ requests }) => {
  const initiations = new Map<string, string | undefined>();
  const violations: Violation[] = [];
  let exercised = 0;
  for (const request of requests) {
    if (request.method === 'POST' && request.operation === initiation && request.response.status === 201) {
      const location = request.response.links.at(-1);
      const paymentId = location?.split('/').at(-1);
      if (paymentId !== undefined) initiations.set(decodeURIComponent(paymentId), request.requestId);
      continue;
    }
    if (request.method !== 'GET' || request.operation !== statusRead) continue;
    const paymentId = request.params['paymentRequestResourceId'] ?? '';
    if (!initiations.has(paymentId)) continue;
    exercised++;
    const expected = initiations.get(paymentId);
    if (request.requestId !== expected)
      violations.push({
        request,
        reason: `X-Request-ID ${request.requestId ?? '(none)'} is not the initiation's (${expected ?? 'none'})`,
      });
  }
  return { exercised, violations };
};
