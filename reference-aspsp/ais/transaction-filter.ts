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
 * bound excludes entries without a reference (PDNG, FUTR).
 */
export function isWithinRange(
  transaction: BankTransaction,
  query: TransactionQuery,
  request: Pick<AisRequest, 'faults'>,
): boolean {
  const { faults } = request;
  const date = filterDate(transaction);
  if (date < query.depthStart && !faults.has('history-beyond-90-days')) return false;
  if (query.dateFrom !== undefined && date < query.dateFrom) return false;
  if (query.dateTo !== undefined && date >= query.dateTo) return false;
  if (query.entryReferenceFrom !== undefined || query.entryReferenceTo !== undefined) {
    const reference = transaction.entryReference;
    if (reference === undefined) return false;
    if (
      query.entryReferenceFrom !== undefined &&
      compareEntryReferences(reference, query.entryReferenceFrom) <
        (faults.has('entryref-from-inclusive') ? 0 : 1)
    ) {
      return false;
    }
    if (
      query.entryReferenceTo !== undefined &&
      compareEntryReferences(reference, query.entryReferenceTo) >
        (faults.has('entryref-to-exclusive') ? -1 : 0)
    ) {
      return false;
    }
  }
  return true;
}

/** The transactions of the query, newest first (ties: higher entryReference first). */
export function selectTransactions(
  transactions: readonly BankTransaction[],
  query: TransactionQuery,
  request: Pick<AisRequest, 'faults'>,
): BankTransaction[] {
  return transactions
    .filter((transaction) => isWithinRange(transaction, query, request))
    .sort((a, b) => {
      const da = filterDate(a);
      const db = filterDate(b);
      if (da !== db) return da < db ? 1 : -1;
      return compareEntryReferences(b.entryReference ?? '', a.entryReference ?? '');
    });
}
