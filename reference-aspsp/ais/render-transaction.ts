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
  const rendered: Record<string, unknown> = { resourceId: transaction.resourceId };
  if (transaction.entryReference !== undefined) rendered.entryReference = transaction.entryReference;
  // A bank leaking its technical id as the reference of an entry not yet booked.
  else if (transaction.status === 'PDNG' && faults.has('pdng-with-entry-reference'))
    rendered.entryReference = transaction.resourceId;
  rendered.transactionAmount = {
    amount: formatAmount(transaction.amountCents),
    currency: transaction.currency,
  };
  rendered.creditDebitIndicator = transaction.creditDebitIndicator;
  rendered.status = transaction.status;
  if (transaction.bookingDate !== undefined) rendered.bookingDate = transaction.bookingDate;
  if (transaction.expectedBookingDate !== undefined)
    rendered.expectedBookingDate = transaction.expectedBookingDate;
  rendered.valueDate = transaction.valueDate;
  rendered.transactionDate = transaction.transactionDate;
  rendered.bankTransactionCode = { ...transaction.bankTransactionCode };
  rendered.remittanceInformation = faults.has('remittance-array-after-v1')
    ? [...transaction.remittance]
    : remittanceFor(profile, transaction.remittance);
  return rendered;
}
