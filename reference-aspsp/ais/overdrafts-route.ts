import { formatAmount } from '../data/psu-data.ts';
import type { BearerRoute } from '../server/route.ts';
import { isGranted } from './access.ts';
import { countAccess, aisReadRoute, requireItem } from './ais-request.ts';
import { accountsPath, functionPath, type Href } from './links.ts';

/**
 * `GET /stet/psd2/v1.6.2/accounts/{accountResourceId}/overdrafts` (seed: Overdraft): the authorised
 * overdraft of an account consented for overdrafts. The path does not exist in v1 and v1.4.2 (404).
 */
export const overdraftsRoute: BearerRoute = aisReadRoute({
  path: '/stet/psd2/{version}/accounts/{accountResourceId}/overdrafts',
  versions: ['v1.6.2'],
  async handle(ctx, request) {
    const { data, consent, version } = request;
    const item = requireItem(ctx, request, 'overdrafts');
    await countAccess(ctx, request, { resource: 'overdrafts', resourceId: item.resourceId });
    const links: Record<string, Href> = {
      self: { href: functionPath(version, item.resourceId, 'overdrafts') },
    };
    for (const fn of ['balances', 'transactions'] as const) {
      if (isGranted(data, item, consent, fn))
        links[fn] = { href: functionPath(version, item.resourceId, fn) };
    }
    links['parent-list'] = { href: accountsPath(version) };
    const cents = item.kind === 'account' ? item.overdraftCents : 0;
    return {
      status: 200,
      json: {
        overdrafts: { allowedAmount: { amount: formatAmount(cents), currency: item.currency } },
        _links: links,
      },
    };
  },
});
