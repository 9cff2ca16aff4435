import type { VersionProfile } from '../../spec/lib/index.ts';
import { formatAmount, type BankTransaction } from '../data/psu-data.ts';
import type { AisRequest } from './ais-request.ts';

/**
 * The remittance information of a version (seed: Versioning): an array of strings in v1 (STET
 * 1.4.0), an object with an `unstructured` array from v1.4.2 (the profile's
 * `remittanceInformation`); `structured` is never used.
 */
export function remittanceFor(profile: VersionProfile, lines: readonly string[]): unknown {
  return profile.remittanceInformation === 'array' ? [...lines] : { unstructured: [...lines] };
}

/**
 * A transaction as the wire shows it: BOOK with bookingDate and entryReference; PDNG and FUTR with
 * expectedBookingDate and no entryReference (seed: Transaction).
 */
export function renderTransaction(
  transaction: BankTransaction,
  request: Pick<AisRequest, 'profile' | 'faults'>,
): Record<string, unknown> {
  const { profile, faults } = request;
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
      : remittanceFor(profile, transaction.remittance),
  };
  // A bank leaking its technical id as the reference of an entry not yet booked.
  if (faults.has('pdng-with-entry-reference')) {
    if (transaction.status === 'PDNG') rendered.entryReference = transaction.resourceId;
  }
  return rendered;
}
