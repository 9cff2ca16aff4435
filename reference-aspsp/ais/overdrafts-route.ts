import { formatAmount } from '../data/psu-data.ts';
import { versionsWhere } from '../../spec/lib/index.ts';
import type { BearerRoute } from '../server/route.ts';
import { isGranted } from './access.ts';
import { countAccess, aisReadRoute, requireItem } from './ais-request.ts';
import { accountsPath, functionPath, type Href } from './links.ts';

/**
 * `GET /stet/psd2/{version}/accounts/{accountResourceId}/overdrafts` (seed: Overdraft): the authorised
 * overdraft of an account consented for overdrafts, in the versions whose profile has overdrafts
 * (v1.6.2); elsewhere the path does not exist (404).
 */
export const overdraftsRoute: BearerRoute = aisReadRoute({
  path: '/stet/psd2/{version}/accounts/{accountResourceId}/overdrafts',
  versions: versionsWhere((profile) => profile.overdrafts),
  async handle(ctx, request) {
    const { version } = request;
    const item = requireItem(ctx, request, 'overdrafts');
    await countAccess(ctx, request, { resource: 'overdrafts', resourceId: item.resourceId });
    const links: Record<string, Href> = {
      self: { href: functionPath(version, item.resourceId, 'overdrafts') },
    };
    const linked = ctx.choices.of('AIS-OTH-OVERDRAFT-LINKS-WHEN-CONSENTED');
    for (const fn of ['balances', 'transactions'] as const) {
      if (linked(isGranted(request, item, fn)))
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
