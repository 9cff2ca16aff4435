import { versionsWhere } from '../../spec/lib/index.ts';
import type { BearerRoute } from '../server/route.ts';
import { countAccess, aisReadRoute, requireItem } from './ais-request.ts';
import { accountsPath, functionPath } from './links.ts';

/**
 * `GET /stet/psd2/{version}/accounts/{accountResourceId}/owners`, in the versions whose profile has
 * owners (v1.6.2): the owners of an account consented for owners. The seed shows no body: the
 * bank's choice AIS-OTH-RECORDS-OF-THE-REFERENCE (the reference: STET 1.5's `identities`, `_links`).
 */
export const ownersRoute: BearerRoute = aisReadRoute({
  path: '/stet/psd2/{version}/accounts/{accountResourceId}/owners',
  versions: versionsWhere((profile) => profile.owners),
  async handle(ctx, request) {
    const { version } = request;
    const item = requireItem(ctx, request, 'owners');
    await countAccess(ctx, request, { resource: 'owners', resourceId: item.resourceId });
    const owners = item.kind === 'account' ? item.owners : [];
    const records = ctx.choices.of('AIS-OTH-RECORDS-OF-THE-REFERENCE');
    return {
      status: 200,
      json: records.owners(owners, {
        self: functionPath(version, item.resourceId, 'owners'),
        parentList: accountsPath(version),
      }),
    };
  },
});
