import { apiVersions } from '../../spec/lib/index.ts';
import { ApiError } from '../server/api-error.ts';
import type { BearerRoute } from '../server/route.ts';

function unavailable(path: string): BearerRoute {
  return {
    method: 'GET',
    path,
    versions: apiVersions,
    auth: 'bearer',
    role: 'aisp',
    async handler() {
      // A 5xx carries no problem details (those explain 4xx refusals), so no detail text either.
      throw new ApiError('NIMP', { status: 501 });
    },
  };
}

/**
 * The AIS functions the seed says are unavailable and always answer 501: transaction details and
 * trusted beneficiaries (also written `trustedBeneficiaries`).
 */
export const unavailableRoutes: readonly BearerRoute[] = [
  unavailable('/stet/psd2/{version}/accounts/{accountResourceId}/transactions/details'),
  unavailable('/stet/psd2/{version}/trusted-beneficiaries'),
  unavailable('/stet/psd2/{version}/trustedBeneficiaries'),
];
