import type { PayableAccount } from '../choices/pis-choices.ts';
import type { Clock } from '../clock/clock.ts';
import { loadPsuData } from '../data/psu-record.ts';
import type { StoreTx } from '../store/index.ts';
import { getPayment, putPayment } from './payment-record.ts';
import type { PaymentRecord } from './payment-record.ts';
import { applyPaymentEvent } from './payment-status.ts';
import type { PaymentEvent } from './payment-status.ts';
import { isValidS256Challenge } from '../../protocol/pkce.ts';
import { reportUrlFor } from './report-url.ts';
import type { ReportUrls } from './report-url.ts';

/**
 * The PISP steps of the PSU journey, as functions the authorize pages (oauth/) call at three points:
 * when the journey starts ({@link startPaymentJourney}), on the account-choice page
 * ({@link accountsOffered}) and when it ends ({@link endPaymentJourney}). They hold every PISP rule of
 * the journey so the pages stay generic.
 */

/** What the authorize request of a payment journey carries (the consent link plus the TPP's PKCE). */
export interface PaymentJourneyRequest {
  readonly institution: string;
  readonly clientId: string;
  readonly redirectUri: string;
  /** Non-standard authorize parameters: `payment_request`, `payment_action`, `code_challenge`, `code_challenge_method`. */
  readonly extra: Readonly<Record<string, string>>;
  /**
   * Whether the payment's debtor identification skips the identification page of a journey of this
   * action (the bank's choice PIS-CANCEL-JOURNEY-IDENTIFIES; the reference: the initiation's only).
   */
  readonly identificationSkips: (action: 'initiate' | 'cancel') => boolean;
}

/** A journey that may start: the payment, what it is for, and the identifier that skips identification. */
export interface PaymentJourneyStart {
  readonly payment: PaymentRecord;
  readonly action: 'initiate' | 'cancel';
  /** `debtor.privateId.identification` of the payment: the identification page is skipped. */
  readonly loginHint: string | undefined;
}

/**
 * Checks the authorize request of a payment journey: the payment exists at this institution for this
 * TPP, the `redirect_uri` is the payment's successfulReportUrl (or the cancellation's), the payment is
 * in a state the action allows, and — for an initiation — an S256 PKCE challenge is given (no `plain`).
 * Returns why not as a short text for the 400 page (never a redirect: the TPP is not trusted yet).
 */
export async function startPaymentJourney(
  tx: StoreTx,
  request: PaymentJourneyRequest,
): Promise<PaymentJourneyStart | string> {
  const id = request.extra.payment_request;
  if (id === undefined) return 'The payment reference is missing.';
  const payment = await getPayment(tx, request.institution, id);
  if (payment === undefined || payment.clientId !== request.clientId) return 'Unknown payment request.';
  const action = request.extra.payment_action === 'cancel' ? 'cancel' : 'initiate';
  const urls = action === 'cancel' ? payment.cancellation : payment.body.supplementaryData;
  if (urls === undefined) return 'No cancellation was asked for this payment.';
  if (request.redirectUri !== urls.successfulReportUrl)
    return 'redirect_uri is not the report URL of this payment.';
  if (action === 'initiate') {
    if (payment.state.status !== 'RCVD') return 'This payment request was already processed.';
    const challenge = request.extra.code_challenge;
    if (
      request.extra.code_challenge_method !== 'S256' ||
      challenge === undefined ||
      !isValidS256Challenge(challenge)
    ) {
      return 'A PKCE code_challenge with code_challenge_method=S256 is required.';
    }
  }
  const loginHint = request.identificationSkips(action)
    ? payment.body.debtor?.privateId?.identification
    : undefined;
  return { payment, action, loginHint };
}

/**
 * The IBANs the PSU may pay from: only `debtorAccount` when the TPP gave it (and the PSU holds it),
 * else every open, unblocked euro account of the PSU (currency accounts are not payment sources).
 */
export async function accountsOffered(
  tx: StoreTx,
  payment: PaymentRecord,
  psu: { readonly psuId: string; readonly payable: (account: PayableAccount) => boolean },
): Promise<readonly string[]> {
  const data = await loadPsuData(tx, payment.institution, psu.psuId);
  if (data === undefined) return [];
  // Which accounts can pay is the bank's choice PIS-ACCOUNTS-OFFERED (the reference: enabled euro ones).
  const usable = data.accounts.filter((a) => psu.payable(a)).map((a) => a.iban);
  const imposed = payment.body.debtorAccount?.iban;
  return imposed === undefined ? usable : usable.filter((iban) => iban === imposed);
}

/** How a payment journey ended. */
export type PaymentJourneyEnding =
  | { readonly outcome: 'consented'; readonly psuId: string; readonly iban: string }
  | { readonly outcome: 'refused' | 'timeout' | 'authentication_failed'; readonly psuId: string | undefined };

/**
 * Where the PSU goes at the end of a payment journey, and whether the payment took the ending: a
 * consent the payment can no longer take (it was processed meanwhile) is a `failure`.
 */
export interface PaymentJourneyResult {
  readonly redirectUri: string;
  readonly outcome: 'success' | 'failure';
}

const failureEvents: Readonly<Record<'refused' | 'timeout' | 'authentication_failed', PaymentEvent>> = {
  refused: 'psu-refused',
  timeout: 'psu-timed-out',
  authentication_failed: 'psu-authentication-failed',
};

/**
 * Applies the ending to the payment and says where the PSU goes: successfulReportUrl after consent,
 * unsuccessfulReportUrl (or successfulReportUrl without one) otherwise. On consent the PSU and account
 * are attached and the creation instant is rebased onto the PSU's clock (the 35-day rule then follows
 * the PSU's time). A cancellation journey that is not consented leaves the payment unchanged.
 */
export async function endPaymentJourney(
  tx: StoreTx,
  options: {
    clock: Clock;
    payment: PaymentRecord;
    action: 'initiate' | 'cancel';
    ending: PaymentJourneyEnding;
  },
): Promise<PaymentJourneyResult> {
  const { payment, action, ending } = options;
  const current = (await getPayment(tx, payment.institution, payment.resourceId)) ?? payment;
  if (action === 'cancel') {
    const urls = current.cancellation ?? current.body.supplementaryData;
    if (ending.outcome !== 'consented') return failure(urls);
    const result = applyPaymentEvent(current.state, 'cancellation-authorised');
    if (!result.ok) return failure(urls);
    await putPayment(tx, { ...current, state: result.state, cancellation: undefined });
    return { redirectUri: reportUrlFor(urls, 'success'), outcome: 'success' };
  }
  const event: PaymentEvent =
    ending.outcome === 'consented' ? 'psu-consented' : failureEvents[ending.outcome];
  const result = applyPaymentEvent(current.state, event);
  const reportUrls = current.body.supplementaryData;
  if (!result.ok) return failure(reportUrls);
  let next: PaymentRecord = { ...current, state: result.state };
  if (ending.psuId !== undefined && current.psuId === undefined) {
    const offset = await options.clock.psuOffset(tx, {
      institution: current.institution,
      psuId: ending.psuId,
    });
    next = { ...next, psuId: ending.psuId, createdAt: current.createdAt + offset };
  }
  if (ending.outcome === 'consented') next = { ...next, chosenIban: ending.iban };
  await putPayment(tx, next);
  if (ending.outcome !== 'consented') return failure(reportUrls);
  return { redirectUri: reportUrlFor(reportUrls, 'success'), outcome: 'success' };
}

function failure(urls: ReportUrls): PaymentJourneyResult {
  return { redirectUri: reportUrlFor(urls, 'failure'), outcome: 'failure' };
}
