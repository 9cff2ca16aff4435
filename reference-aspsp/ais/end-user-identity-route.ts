import { apiVersions } from '../../spec/lib/index.ts';
import { ApiError } from '../server/api-error.ts';
import type { BearerRoute } from '../server/route.ts';
import { countAccess, aisReadRoute } from './ais-request.ts';
import { accountsPath, identityPath } from './links.ts';

/**
 * `GET /stet/psd2/{version}/end-user-identity`: the PSU's first and last name, only when the latest
 * consent has psuIdentity true (NGAC otherwise, before any consent too).
 */
export const endUserIdentityRoute: BearerRoute = aisReadRoute({
  path: '/stet/psd2/{version}/end-user-identity',
  versions: apiVersions,
  async handle(ctx, request) {
    if (request.consent?.psuIdentity !== true && !ctx.faults.has('identity-without-consent'))
      throw new ApiError('NGAC', { detail: 'psuIdentity not consented' });
    await countAccess(ctx, request, { resource: 'end-user-identity' });
    const { data, version } = request;
    return {
      status: 200,
      json: {
        // STET's identity.fullName, with the first and last name the seed shows.
        identity: {
          fullName: `${data.firstName} ${data.lastName}`,
          firstName: data.firstName,
          lastName: data.lastName,
        },
        _links: { self: { href: identityPath(version) }, 'parent-list': { href: accountsPath(version) } },
      },
    };
  },
});
