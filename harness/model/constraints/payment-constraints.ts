/**
 * Constraints of the payment state machine (seed: Payment initiation; Authentication 5; Events;
 * Limits). The initiation's answer, the cancellation's body and answer, and statuses other than PDNG
 * are "not shown": the model follows them where the bank offers a way on, and judges none of them.
 */
import { fieldOf, isRefusal, type Answer } from '../answer.ts';
import { constraint } from '../constraint.ts';

function paymentRequest(answer: Answer): unknown {
  return fieldOf(answer.json, 'paymentRequest');
}

/** The PSU's consent calls back the successful report URL with a `code`. */
export const successCallbackCode = constraint<{ callback: Readonly<Record<string, string>> }>(
  'payments.success-callback-code',
  'PIS-SUCCESS-CALLBACK',
  (input) =>
    typeof input.callback['code'] === 'string'
      ? undefined
      : 'the successful report URL was called without a code',
);

/** The PKCE exchange of the callback's code gives the second access token, returning the callback's state. */
export const secondTokenIssued = constraint<Answer & { state: string | undefined }>(
  'payments.second-token-issued',
  'PIS-CONFIRMATION-TOKEN-FORM',
  (input) =>
    input.status === 200 && typeof fieldOf(input.json, 'access_token') === 'string'
      ? undefined
      : `the PKCE exchange of the payment's code was answered ${input.status} without an access_token`,
);

/** The PISP token answer returns the state passed in the callback. */
export const tokenReturnsState = constraint<Answer & { state: string | undefined }>(
  'payments.token-returns-state',
  'PIS-TOKEN-STATE',
  (input) => {
    if (input.state === undefined) return undefined;
    const state = fieldOf(input.json, 'state');
    return state === input.state
      ? undefined
      : `the PISP token answer returns state ${String(state)}, the callback had ${input.state}`;
  },
);

/** The confirmation with the second token answers 200 with the payment request. */
export const confirmationServed = constraint<Answer>(
  'payments.confirmation-200',
  'PIS-CONFIRMATION-200',
  (answer) =>
    answer.status === 200 && paymentRequest(answer) !== undefined
      ? undefined
      : `the confirmation with the second token was answered ${answer.status} without a paymentRequest`,
);

/** The confirmation and the status after it show PDNG. */
export const confirmedPending = constraint<Answer>('payments.confirmed-pdng', 'PIS-STATUS-PDNG', (answer) => {
  const status = fieldOf(paymentRequest(answer), 'paymentInformationStatus');
  return status === 'PDNG' ? undefined : `a confirmed payment shows status ${String(status)}, not PDNG`;
});

/** The confirmation needs the second token: the first is refused. */
export const confirmationNeedsSecondToken = constraint<Answer>(
  'payments.confirmation-needs-second-token',
  'PIS-CONFIRMATION-NEEDS-SECOND-TOKEN',
  (answer) =>
    isRefusal(answer)
      ? undefined
      : `the confirmation with the first token was answered ${answer.status}, not refused`,
);

/** The status read with the initiation's X-Request-ID answers 200 with the payment request of that id. */
export const statusServed = constraint<Answer & { resourceId: string }>(
  'payments.status-200',
  'PIS-GET-STATUS',
  (input) => {
    if (input.status !== 200) return `the status read was answered ${input.status}, not 200`;
    const id = fieldOf(paymentRequest(input), 'resourceId');
    return id === input.resourceId
      ? undefined
      : `the status read shows resourceId ${String(id)}, not ${input.resourceId}`;
  },
);

/** A status read with another X-Request-ID than the initiation's is refused. */
export const statusNeedsSameRequestId = constraint<Answer>(
  'payments.status-same-x-request-id',
  'PIS-GET-SAME-X-REQUEST-ID',
  (answer) =>
    isRefusal(answer)
      ? undefined
      : `a status read with another X-Request-ID was answered ${answer.status}, not refused`,
);

/** After 35 days a payment request is no longer served. */
export const availableFor35Days = constraint<Answer>(
  'payments.available-35-days',
  'PIS-AVAILABLE-35-DAYS',
  (answer) =>
    answer.status === 200 ? 'a payment request initiated more than 35 days ago is still served' : undefined,
);

/** The refusal journey calls back the unsuccessful report URL (the journey fails otherwise). */
export const refusalCallback = constraint<{ reached: boolean; message: string }>(
  'payments.unsuccessful-callback',
  'PIS-UNSUCCESSFUL-CALLBACK',
  (input) =>
    input.reached
      ? undefined
      : `the PSU's refusal did not reach the unsuccessful report URL: ${input.message}`,
);

/** The payment constraints. */
export const paymentConstraints = [
  successCallbackCode,
  secondTokenIssued,
  tokenReturnsState,
  confirmationServed,
  confirmedPending,
  confirmationNeedsSecondToken,
  statusServed,
  statusNeedsSameRequestId,
  availableFor35Days,
  refusalCallback,
] as const;
