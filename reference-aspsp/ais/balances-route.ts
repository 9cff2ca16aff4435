import { apiVersions } from '../../spec/lib/index.ts';
import type { BearerRoute } from '../server/route.ts';
import { isGranted, versionHasFunction } from './access.ts';
import { countAccess, aisReadRoute, requireItem } from './ais-request.ts';
import { accountBalances, cardBalances } from './balances.ts';
import { accountsPath, functionPath, type Href } from './links.ts';

/**
 * `GET /stet/psd2/{version}/accounts/{accountResourceId}/balances`: balances of an account or
 * outstandings of a card (seed: Balance), for an item consented for balances (a card through its
 * backing account). Links: self, parent-list, and transactions / overdrafts when consented.
 */
export const balancesRoute: BearerRoute = aisReadRoute({
  path: '/stet/psd2/{version}/accounts/{accountResourceId}/balances',
  versions: apiVersions,
  async handle(ctx, request) {
    const { version } = request;
    const item = requireItem(ctx, request, 'balances');
    await countAccess(ctx, request, { resource: 'balances', resourceId: item.resourceId });
    const linked = ctx.choices.of('AIS-BAL-LINKS-WHEN-CONSENTED');
    const links: Record<string, Href> = {
      self: { href: functionPath(version, item.resourceId, 'balances') },
    };
    for (const fn of ['transactions', 'overdrafts'] as const) {
      // Linked when granted, or always (AIS-BAL-LINKS-WHEN-CONSENTED).
      if (versionHasFunction(request, fn) && linked(isGranted(request, item, fn))) {
        links[fn] = { href: functionPath(version, item.resourceId, fn) };
      }
    }
    links['parent-list'] = { href: accountsPath(version) };
    const balances = item.kind === 'account' ? accountBalances(item, request) : cardBalances(item, request);
    return { status: 200, json: { balances, _links: links } };
  },
});
