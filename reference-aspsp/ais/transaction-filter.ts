import { filterDate, type BankTransaction } from '../data/psu-data.ts';
import type { AisRequest } from './ais-request.ts';
import type { TransactionQuery } from './transaction-query.ts';

/**
 * Orders entry references: numerically for the bank's numeric references, and as a total order for
 * any other text (shorter first, then by characters), so a filter never throws.
 */
export function compareEntryReferences(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * True when the transaction is returned for the query (seed: Transaction query parameters).
 *
 * The one place the range rules live: date within the 90-day depth, dateFrom inclusive, dateTo
 * exclusive, entryReferenceFrom strictly greater, entryReferenceTo inclusive. An entry-reference
 * bound excludes entries without a reference (PDNG, FUTR); a bound compares with a reference as the
 * bank's choice AIS-TRX-ENTRYREF-NUMERIC-ORDER says (the reference: {@link compareEntryReferences}).
 */
export function isWithinRange(
  transaction: BankTransaction,
  query: TransactionQuery,
  request: Pick<AisRequest, 'faults' | 'choices'>,
): boolean {
  const { faults } = request;
  const compareWithBound = request.choices.of('AIS-TRX-ENTRYREF-NUMERIC-ORDER');
  const date = filterDate(transaction);
  if (date < query.depthStart && !faults.has('history-beyond-90-days')) return false;
  if (query.dateFrom !== undefined && date < query.dateFrom) return false;
  if (query.dateTo !== undefined && date >= query.dateTo) return false;
  if (query.entryReferenceFrom !== undefined || query.entryReferenceTo !== undefined) {
    const reference = transaction.entryReference;
    if (reference === undefined) return false;
    if (
      query.entryReferenceFrom !== undefined &&
      compareWithBound(reference, query.entryReferenceFrom) < (faults.has('entryref-from-inclusive') ? 0 : 1)
    ) {
      return false;
    }
    if (
      query.entryReferenceTo !== undefined &&
      compareWithBound(reference, query.entryReferenceTo) > (faults.has('entryref-to-exclusive') ? -1 : 0)
    ) {
      return false;
    }
  }
  return true;
}

/**
 * The transactions of the query in the bank's order (choice AIS-TRX-NEWEST-FIRST), from the list
 * newest first (ties: higher entryReference first).
 */
export function selectTransactions(
  transactions: readonly BankTransaction[],
  query: TransactionQuery,
  request: Pick<AisRequest, 'faults' | 'choices'>,
): BankTransaction[] {
  const newestFirst = transactions
    .filter((transaction) => isWithinRange(transaction, query, request))
    .sort((a, b) => {
      const da = filterDate(a);
      const db = filterDate(b);
      if (da !== db) return da < db ? 1 : -1;
      return compareEntryReferences(b.entryReference ?? '', a.entryReference ?? '');
    });
  return request.choices.of('AIS-TRX-NEWEST-FIRST')(newestFirst);
}
