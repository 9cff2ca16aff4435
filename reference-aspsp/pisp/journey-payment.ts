import type { PayableAccount } from '../choices/pis-choices.ts';
import type { Clock } from '../clock/clock.ts';
import type { StoreTx } from '../store/index.ts';
import { paymentRequestParam } from './payment-code-grant.ts';
import type { PaymentInitiationBody } from './payment-initiation.ts';
import {
  accountsOffered,
  endPaymentJourney,
  type PaymentJourneyEnding,
  type PaymentJourneyResult,
} from './payment-journey.ts';
import { getPayment, type PaymentRecord } from './payment-record.ts';

/**
 * The PISP side of a PSU journey as the authorize pages (oauth/) see it: a journey is a payment
 * journey when its authorize request carried `payment_request` (the consent link of
 * `POST /payment-requests` or of a cancellation `PUT`). The pages stay generic; these functions read
 * the payment from the journey's authorize parameters and hold the PISP rules.
 */

/** What the pages keep of a journey: where it runs and its non-standard authorize parameters. */
export interface PaymentJourneyKey {
  readonly institution: string;
  readonly extra: Readonly<Record<string, string>>;
}

/** What the consent page of a payment journey shows. */
export interface PaymentConsentView {
  readonly action: 'initiate' | 'cancel';
  /** One line naming the payment: amount, currency and creditor. */
  readonly summary: string;
  /** IBANs the PSU may choose from (radio `account`); undefined for a cancellation (no choice). */
  readonly accounts: readonly string[] | undefined;
}

/** True when the journey is a payment journey. */
export function isPaymentJourney(journey: PaymentJourneyKey): boolean {
  return journey.extra[paymentRequestParam] !== undefined;
}

async function paymentOf(
  tx: StoreTx,
  journey: PaymentJourneyKey,
): Promise<{ payment: PaymentRecord; action: 'initiate' | 'cancel' } | undefined> {
  const id = journey.extra[paymentRequestParam];
  if (id === undefined) return undefined;
  const payment = await getPayment(tx, journey.institution, id);
  if (payment === undefined) return undefined;
  return { payment, action: journey.extra.payment_action === 'cancel' ? 'cancel' : 'initiate' };
}

/** The consent page content of a payment journey for an identified PSU; undefined for other journeys. */
export async function paymentConsentView(
  tx: StoreTx,
  journey: PaymentJourneyKey & { readonly psuId: string | undefined },
  payable: (account: PayableAccount) => boolean,
): Promise<PaymentConsentView | undefined> {
  const found = await paymentOf(tx, journey);
  if (found === undefined) return undefined;
  const { payment, action } = found;
  const accounts =
    action === 'cancel' || journey.psuId === undefined
      ? undefined
      : await accountsOffered(tx, payment, { psuId: journey.psuId, payable });
  const what = describePayment(payment.body);
  return {
    action,
    summary: action === 'cancel' ? `Cancel the payment of ${what}.` : `Payment of ${what}.`,
    accounts,
  };
}

/**
 * Ends a payment journey: applies the ending to the payment (pisp/payment-journey.ts) and says where
 * the PSU goes. Undefined when the journey is not a payment journey (or its payment is gone).
 */
export async function finishPaymentJourney(
  tx: StoreTx,
  options: { clock: Clock; journey: PaymentJourneyKey; ending: PaymentJourneyEnding },
): Promise<PaymentJourneyResult | undefined> {
  const found = await paymentOf(tx, options.journey);
  if (found === undefined) return undefined;
  return endPaymentJourney(tx, {
    clock: options.clock,
    payment: found.payment,
    action: found.action,
    ending: options.ending,
  });
}

/** One line naming the payment: `12.50 EUR to Merchant (FR76…)`, the creditor's name when given. */
function describePayment(body: PaymentInitiationBody): string {
  const [{ instructedAmount }] = body.creditTransferTransaction;
  const { creditor, creditorAccount } = body.beneficiary;
  const to = creditor.name === undefined ? '' : `${creditor.name} `;
  return `${instructedAmount.amount} ${instructedAmount.currency} to ${to}(${creditorAccount.iban})`;
}
