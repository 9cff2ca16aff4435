import { versionsWhere } from '../../spec/lib/index.ts';
import type { BearerRoute } from '../server/route.ts';
import { countAccess, aisReadRoute, requireItem } from './ais-request.ts';
import { accountsPath, functionPath } from './links.ts';

/**
 * `GET /stet/psd2/{version}/accounts/{accountResourceId}/owners`, in the versions whose profile has
 * owners (v1.6.2): the owners of an account consented for owners. The seed shows no body: spec/ follows STET 1.5 (`identities`, `_links`).
 */
export const ownersRoute: BearerRoute = aisReadRoute({
  path: '/stet/psd2/{version}/accounts/{accountResourceId}/owners',
  versions: versionsWhere((profile) => profile.owners),
  async handle(ctx, request) {
    const { version } = request;
    const item = requireItem(ctx, request, 'owners');
    await countAccess(ctx, request, { resource: 'owners', resourceId: item.resourceId });
    const owners = item.kind === 'account' ? item.owners : [];
    return {
      status: 200,
      json: {
        identities: owners.map((owner) => ({
          fullName: `${owner.firstName} ${owner.lastName}`,
          firstName: owner.firstName,
          lastName: owner.lastName,
        })),
        _links: {
          self: { href: functionPath(version, item.resourceId, 'owners') },
          'parent-list': { href: accountsPath(version) },
        },
      },
    };
  },
});
