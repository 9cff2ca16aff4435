import { apiVersions } from '../../spec/lib/index.ts';
import { parisDay } from '../../spec/lib/index.ts';
import { ApiError } from '../server/api-error.ts';
import type { BearerRoute } from '../server/route.ts';
import { isGranted, versionHasFunction } from './access.ts';
import { countAccess, aisReadRoute, requireItem } from './ais-request.ts';
import { accountsPath, functionPath, pageLinks, type Href } from './links.ts';
import { paginate, parsePage, transactionPageSize } from './paginate.ts';
import { renderTransaction } from './render-transaction.ts';
import { parseTransactionQuery } from './transaction-query.ts';
import { selectTransactions } from './transaction-filter.ts';

/**
 * `GET /stet/psd2/{version}/accounts/{accountResourceId}/transactions`: transactions of an account or
 * receipts of a card (seed: Transaction query parameters), newest first, 200 per page.
 *
 * Refusals after the access checks: ENDE for a bad date or a period over 90 days, IPGN for a page
 * that does not exist. Each page is its own batch access.
 */
export const transactionsRoute: BearerRoute = aisReadRoute({
  path: '/stet/psd2/{version}/accounts/{accountResourceId}/transactions',
  versions: apiVersions,
  async handle(ctx, request) {
    const { version, now, faults } = request;
    const item = requireItem(ctx, request, 'transactions');
    // How the filters travel in the pagination links is the bank's (AIS-TRX-NEXT-LINK-QUERY).
    const carried = request.choices.of('AIS-TRX-NEXT-LINK-QUERY');
    const asked = carried.read(ctx.query);
    const query = parseTransactionQuery(asked, {
      today: parisDay(now),
      faults,
      beyondHistory: request.choices.of('AIS-TRX-DATEFROM-BEYOND-HISTORY-ENDE'),
    });
    if (query === 'ENDE') throw new ApiError('ENDE');
    const pageNumber = parsePage(asked.get('page'));
    if (pageNumber === 'IPGN') throw new ApiError('IPGN');
    const page = paginate(selectTransactions(item.transactions, query, request), {
      page: pageNumber,
      size: ctx.institution.transactionPageSize ?? transactionPageSize,
      faults,
    });
    if (page === 'IPGN') throw new ApiError('IPGN');
    await countAccess(ctx, request, {
      resource: 'transactions',
      resourceId: item.resourceId,
      page: page.page,
    });
    const path = functionPath(version, item.resourceId, 'transactions');
    const links: Record<string, Href> = pageLinks({
      path,
      query: carried.write(asked),
      page: page.page,
      lastPage: page.lastPage,
    });
    for (const fn of ['balances', 'overdrafts'] as const) {
      if (versionHasFunction(request, fn) && isGranted(request, item, fn)) {
        links[fn] = { href: functionPath(version, item.resourceId, fn) };
      }
    }
    links['parent-list'] = { href: accountsPath(version) };
    return {
      status: 200,
      json: {
        transactions: page.items.map((transaction) => renderTransaction(transaction, request)),
        _links: links,
      },
    };
  },
});
