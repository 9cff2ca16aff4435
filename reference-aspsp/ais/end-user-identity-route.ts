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
    // The record beyond the first and last name is the bank's (AIS-OTH-RECORDS-OF-THE-REFERENCE).
    const records = ctx.choices.of('AIS-OTH-RECORDS-OF-THE-REFERENCE');
    return {
      status: 200,
      json: records.identity(data, { self: identityPath(version), parentList: accountsPath(version) }),
    };
  },
});
