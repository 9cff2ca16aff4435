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
  const transactions = Array.isArray(body.creditTransferTransaction) ? body.creditTransferTransaction : [];
  const supplementary =
    typeof body.supplementaryData === 'object' && body.supplementaryData !== null
      ? body.supplementaryData
      : {};
  const resource: Record<string, unknown> = {
    ...body,
    resourceId: payment.resourceId,
    creationDateTime: new Date(payment.createdAt).toISOString(),
    paymentInformationStatus: state.status,
    creditTransferTransaction: transactions.map((transaction: unknown) =>
      typeof transaction === 'object' && transaction !== null
        ? { ...transaction, ...(transactionStatus === undefined ? {} : { transactionStatus }) }
        : transaction,
    ),
    supplementaryData: { ...supplementary, appliedAuthenticationApproach: 'REDIRECT' },
  };
  if (state.reason !== undefined) resource.statusReasonInformation = state.reason;
  const iban = payment.chosenIban ?? payment.debtorIban;
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
