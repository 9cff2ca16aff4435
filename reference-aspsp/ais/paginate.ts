import type { FaultSet } from '../faults/catalogue.ts';

/** Transactions per page (seed: Limits, "first page holds 200 transactions when more exist"). */
export const transactionPageSize = 200;

/** Accounts per page of GET /accounts: every persona's list fits in one page. */
export const accountPageSize = 50;

/** Why a `page` query value is refused: IPGN (spec/errors.yaml). */
export type PageRefusal = 'IPGN';

/**
 * The page number of a `page` query value: absent means 1; anything but a positive integer is refused.
 */
export function parsePage(value: string | null): number | PageRefusal {
  if (value === null) return 1;
  if (!/^[1-9]\d{0,8}$/.test(value)) return 'IPGN';
  return Number(value);
}

/** One page of a list. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly page: number;
  /** Number of the last page (1 for an empty list). */
  readonly lastPage: number;
}

/** Page `page` of `items` cut in pages of `size`; IPGN past the last page (an empty list has page 1). */
export function paginate<T>(
  items: readonly T[],
  cut: { readonly page: number; readonly size: number; readonly faults: FaultSet },
): Page<T> | PageRefusal {
  const { page, size, faults } = cut;
  const lastPage = Math.max(1, Math.ceil(items.length / size));
  if (page < 1) return 'IPGN';
  if (page > lastPage) return faults.has('page-past-last-empty') ? { items: [], page, lastPage } : 'IPGN';
  let start = (page - 1) * size;
  // A bank that cuts pages on an off-by-one repeats the last item of a page at the top of the next.
  if (faults.has('pages-overlap')) {
    if (page > 1) start -= 1;
  }
  return { items: items.slice(start, page * size), page, lastPage };
}
