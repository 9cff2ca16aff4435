import { getPsu, type PsuEntry } from '../data/psu-directory.ts';
import { ApiError } from '../server/api-error.ts';
import type { CertificateContext } from '../server/request-context.ts';
import type { CertificateRoute, RouteResponse } from '../server/route.ts';

/** Path prefix of the sandbox control API (docs/contracts.md §5). */
export const sandboxPrefix = '/sandbox/v1';

/**
 * A control API route: authenticated by an enrolled TPP's client certificate, no Signature, and
 * refused with 404 SANDBOX_OFF when the reference runs in live mode.
 */
export function sandboxRoute(route: {
  method: 'GET' | 'POST';
  path: string;
  body?: 'json' | 'none';
  handler(ctx: CertificateContext): Promise<RouteResponse>;
}): CertificateRoute {
  return {
    method: route.method,
    path: `${sandboxPrefix}${route.path}`,
    auth: 'client-certificate',
    signed: false,
    body: route.body ?? 'none',
    async handler(ctx) {
      if (ctx.mode !== 'sandbox') throw new ApiError('SANDBOX_OFF');
      return route.handler(ctx);
    },
  };
}

/** The PSU of the `{psuId}` path segment at the request's institution (404 RESOURCE_UNKNOWN if none). */
export async function requirePsu(ctx: CertificateContext): Promise<PsuEntry> {
  const psuId = ctx.params.psuId ?? '';
  const entry = await getPsu(ctx.store, ctx.institution.code, psuId);
  if (entry === undefined) throw new ApiError('RESOURCE_UNKNOWN', { detail: `no PSU ${psuId}` });
  return entry;
}
