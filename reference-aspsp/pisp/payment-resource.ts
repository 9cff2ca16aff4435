import type { Choices } from '../choices/index.ts';
import type { PaymentRecord } from './payment-record.ts';

/**
 * The `paymentRequest` of the status and confirmation responses (seed: Resources, Payment request):
 * the initiation body enriched with the bank's fields — `resourceId`, `paymentInformationStatus`,
 * `statusReasonInformation` (RJCT only), the chosen `debtorAccount`, each transaction's
 * `transactionStatus` and `supplementaryData.appliedAuthenticationApproach` REDIRECT. The statuses
 * shown (beyond the seed's PDNG) and the debtorAccount are the bank's choices PIS-STATUS-VALUES and
 * PIS-DEBTOR-ACCOUNT-CHOSEN.
 */
export function paymentRequestResource(payment: PaymentRecord, choices: Choices): Record<string, unknown> {
  const { body, state } = payment;
  const shown = choices.of('PIS-STATUS-VALUES')(state.status, state.reason);
  const resource: Record<string, unknown> = {
    ...body,
    resourceId: payment.resourceId,
    creationDateTime: new Date(payment.createdAt).toISOString(),
    paymentInformationStatus: shown.paymentInformationStatus,
    // JSON leaves out a transactionStatus or a statusReasonInformation that is undefined.
    creditTransferTransaction: body.creditTransferTransaction.map((transaction) => ({
      ...transaction,
      transactionStatus: shown.transactionStatus,
    })),
    statusReasonInformation: shown.statusReasonInformation,
    supplementaryData: { ...body.supplementaryData, appliedAuthenticationApproach: 'REDIRECT' },
  };
  const iban = choices.of('PIS-DEBTOR-ACCOUNT-CHOSEN')(payment.chosenIban, body.debtorAccount?.iban);
  if (iban !== undefined) resource.debtorAccount = { iban };
  return resource;
}

/**
 * The HAL body of GET status and of the confirmation: `paymentRequest` and `_links` (`self`, and
 * `confirmation` while the payment waits for it, as STET's PaymentRequestLinks say; the links are the
 * bank's choice PIS-STATUS-LINKS).
 */
export function paymentRequestBody(
  payment: PaymentRecord,
  options: { version: string; confirmationSegment: string; choices: Choices },
): Record<string, unknown> {
  const self = `/stet/psd2/${options.version}/payment-requests/${encodeURIComponent(payment.resourceId)}`;
  const links: Record<string, { href: string }> = { self: { href: self } };
  if (payment.state.status === 'ACTC')
    links.confirmation = { href: `${self}/${options.confirmationSegment}` };
  const shownLinks = options.choices.of('PIS-STATUS-LINKS')(links);
  return {
    paymentRequest: paymentRequestResource(payment, options.choices),
    ...(shownLinks === undefined ? {} : { _links: shownLinks }),
  };
}
