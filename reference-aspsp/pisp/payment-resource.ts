import type { PaymentRecord } from './payment-record.ts';
import { transactionStatusFor } from './payment-status.ts';

/**
 * The `paymentRequest` of the status and confirmation responses (seed: Resources, Payment request):
 * the initiation body enriched with the bank's fields — `resourceId`, `paymentInformationStatus`,
 * `statusReasonInformation` (RJCT only), the chosen `debtorAccount`, each transaction's
 * `transactionStatus` and `supplementaryData.appliedAuthenticationApproach` REDIRECT.
 */
export function paymentRequestResource(payment: PaymentRecord): Record<string, unknown> {
  const { body, state } = payment;
  const transactionStatus = transactionStatusFor(state.status);
  const resource: Record<string, unknown> = {
    ...body,
    resourceId: payment.resourceId,
    creationDateTime: new Date(payment.createdAt).toISOString(),
    paymentInformationStatus: state.status,
    // JSON leaves out a transactionStatus or a statusReasonInformation that is undefined.
    creditTransferTransaction: body.creditTransferTransaction.map((transaction) => ({
      ...transaction,
      transactionStatus,
    })),
    statusReasonInformation: state.reason,
    supplementaryData: { ...body.supplementaryData, appliedAuthenticationApproach: 'REDIRECT' },
  };
  const iban = payment.chosenIban ?? body.debtorAccount?.iban;
  if (iban !== undefined) resource.debtorAccount = { iban };
  return resource;
}

/**
 * The HAL body of GET status and of the confirmation: `paymentRequest` and `_links` (`self`, and
 * `confirmation` while the payment waits for it, as STET's PaymentRequestLinks say).
 */
export function paymentRequestBody(
  payment: PaymentRecord,
  options: { version: string; confirmationSegment: string },
): Record<string, unknown> {
  const self = `/stet/psd2/${options.version}/payment-requests/${encodeURIComponent(payment.resourceId)}`;
  const links: Record<string, { href: string }> = { self: { href: self } };
  if (payment.state.status === 'ACTC')
    links.confirmation = { href: `${self}/${options.confirmationSegment}` };
  return { paymentRequest: paymentRequestResource(payment), _links: links };
}
