/**
 * Statuses a payment request goes through in the reference (STET `PaymentInformationStatusCode`).
 *
 * - `RCVD` received: the TPP posted it; the PSU has not consented yet.
 * - `ACTC` accepted after technical validation: the PSU identified, chose the account, passed strong
 *   authentication and consented; the TPP may now confirm.
 * - `PDNG` pending: the TPP confirmed (seed: PDNG is the status of the confirmation and status
 *   responses); the bank processes it.
 * - `RJCT` rejected: refused by the PSU, failed authentication, timed out, or cancelled (reason `DS02`).
 */
export type PaymentStatus = 'RCVD' | 'ACTC' | 'PDNG' | 'RJCT';

/** STET status reasons used with `RJCT` (`StatusReasonInformation`). */
export type PaymentStatusReason = 'CUST' | 'NOAS' | 'MS03' | 'DS02';

/** A payment's place in the state machine. */
export interface PaymentState {
  readonly status: PaymentStatus;
  /** Set with `RJCT` only. */
  readonly reason: PaymentStatusReason | undefined;
}

/** What can happen to a payment. */
export type PaymentEvent =
  | 'psu-consented'
  | 'psu-refused'
  | 'psu-timed-out'
  | 'psu-authentication-failed'
  | 'tpp-confirmed'
  | 'cancellation-started'
  | 'cancellation-authorised';

/** Why an event is refused in a state; routes map it to an error code. */
export type PaymentRefusal =
  'not-consented' | 'already-confirmed' | 'already-rejected' | 'already-cancelled' | 'journey-finished';

/** One allowed transition, documented for the README and the state-machine tests. */
export interface PaymentTransition {
  readonly from: PaymentStatus;
  readonly event: PaymentEvent;
  readonly to: PaymentStatus;
  readonly reason?: PaymentStatusReason;
  readonly why: string;
}

/**
 * Every allowed transition. Anything not listed is refused by {@link applyPaymentEvent}.
 *
 * Cancellation (seed: PUT cancels a payment, with its own SCA and no confirmation step) is possible
 * once the PSU has consented (ACTC) and after confirmation (PDNG): `cancellation-started` keeps the
 * status while the PSU goes through the cancellation journey, `cancellation-authorised` rejects the
 * payment with DS02. A refused or abandoned cancellation journey leaves the payment as it was.
 */
export const paymentTransitions: readonly PaymentTransition[] = [
  { from: 'RCVD', event: 'psu-consented', to: 'ACTC', why: 'PSU authenticated strongly and consented' },
  { from: 'RCVD', event: 'psu-refused', to: 'RJCT', reason: 'CUST', why: 'PSU refused the payment' },
  {
    from: 'RCVD',
    event: 'psu-timed-out',
    to: 'RJCT',
    reason: 'NOAS',
    why: 'PSU neither accepted nor refused in time',
  },
  {
    from: 'RCVD',
    event: 'psu-authentication-failed',
    to: 'RJCT',
    reason: 'MS03',
    why: 'three wrong one-time codes',
  },
  { from: 'ACTC', event: 'tpp-confirmed', to: 'PDNG', why: 'TPP confirmed with the second token' },
  {
    from: 'ACTC',
    event: 'cancellation-started',
    to: 'ACTC',
    why: 'cancellation journey begins; status kept',
  },
  {
    from: 'PDNG',
    event: 'cancellation-started',
    to: 'PDNG',
    why: 'cancellation journey begins; status kept',
  },
  {
    from: 'ACTC',
    event: 'cancellation-authorised',
    to: 'RJCT',
    reason: 'DS02',
    why: 'PSU authorised the cancellation',
  },
  {
    from: 'PDNG',
    event: 'cancellation-authorised',
    to: 'RJCT',
    reason: 'DS02',
    why: 'PSU authorised the cancellation',
  },
];

/** The state of a payment just posted. */
export const initialPaymentState: PaymentState = { status: 'RCVD', reason: undefined };

/** The outcome of {@link applyPaymentEvent}. */
export type PaymentTransitionResult =
  | { readonly ok: true; readonly state: PaymentState }
  | { readonly ok: false; readonly refusal: PaymentRefusal };

/** Applies `event` to `state`: the next state, or why the event is not allowed now. */
export function applyPaymentEvent(state: PaymentState, event: PaymentEvent): PaymentTransitionResult {
  const transition = paymentTransitions.find((t) => t.from === state.status && t.event === event);
  if (transition !== undefined) {
    return { ok: true, state: { status: transition.to, reason: transition.reason } };
  }
  return { ok: false, refusal: refusalFor(state, event) };
}

function refusalFor(state: PaymentState, event: PaymentEvent): PaymentRefusal {
  if (state.status === 'RJCT') return state.reason === 'DS02' ? 'already-cancelled' : 'already-rejected';
  if (event === 'tpp-confirmed') return state.status === 'RCVD' ? 'not-consented' : 'already-confirmed';
  if (event === 'cancellation-started' || event === 'cancellation-authorised') return 'not-consented';
  // A PSU journey event on a payment whose journey already ended (ACTC or PDNG).
  return 'journey-finished';
}

/**
 * The `transactionStatus` of the credit transfer for a payment status: STET allows only RJCT, PDNG,
 * ACSP and ACSC there, so a payment not yet confirmed has none.
 */
export function transactionStatusFor(status: PaymentStatus): 'PDNG' | 'RJCT' | undefined {
  return status === 'PDNG' || status === 'RJCT' ? status : undefined;
}
