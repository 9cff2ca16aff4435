import { formatAmount, type BankTransaction } from '../data/psu-data.ts';
import type { AisRequest } from './ais-request.ts';

/**
 * A transaction as the wire shows it: BOOK with bookingDate and entryReference; PDNG and FUTR with
 * expectedBookingDate and no entryReference (seed: Transaction). The remittance information is an
 * object with an `unstructured` array from v1.4.2 (seed: Versioning); in v1 the bank's choice
 * AIS-TRX-REMITTANCE-ARRAY (the reference: an array of strings, the profile's `remittanceInformation`).
 */
export function renderTransaction(
  transaction: BankTransaction,
  request: Pick<AisRequest, 'profile' | 'faults' | 'choices'>,
): Record<string, unknown> {
  const { profile, faults, choices } = request;
  // A field the entry does not have is undefined, which JSON leaves out: PDNG and FUTR carry no
  // entryReference nor bookingDate, BOOK no expectedBookingDate.
  const rendered: Record<string, unknown> = {
    resourceId: transaction.resourceId,
    entryReference: transaction.entryReference,
    transactionAmount: { amount: formatAmount(transaction.amountCents), currency: transaction.currency },
    creditDebitIndicator: transaction.creditDebitIndicator,
    status: transaction.status,
    bookingDate: transaction.bookingDate,
    expectedBookingDate: transaction.expectedBookingDate,
    valueDate: transaction.valueDate,
    transactionDate: transaction.transactionDate,
    bankTransactionCode: { ...transaction.bankTransactionCode },
    remittanceInformation: faults.has('remittance-array-after-v1')
      ? [...transaction.remittance]
      : choices.of('AIS-TRX-REMITTANCE-ARRAY')(profile, transaction.remittance),
  };
  // A bank leaking its technical id as the reference of an entry not yet booked.
  if (faults.has('pdng-with-entry-reference')) {
    if (transaction.status === 'PDNG') rendered.entryReference = transaction.resourceId;
  }
  return rendered;
}
