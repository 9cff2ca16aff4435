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

/**
 * The PSU of the `{psuId}` path segment at the request's institution, when the calling TPP may change
 * it: a PSU it cloned. Another TPP's clone answers 404 RESOURCE_UNKNOWN, as an unknown PSU does (no
 * oracle of who exists); a persona template, shared by every TPP, answers 403 SANDBOX_TEMPLATE.
 */
export async function requireOwnPsu(ctx: CertificateContext): Promise<PsuEntry> {
  const view = await requirePsuView(ctx);
  if (view.template) throw new ApiError('SANDBOX_TEMPLATE', { detail: `${view.entry.psuId} is a template` });
  return view.entry;
}

/**
 * The PSU of the `{psuId}` path segment as the calling TPP sees it: a PSU it cloned, or a persona
 * template (`template: true`), on which a call may only touch the caller's own state (its tokens).
 * Anything else answers 404 RESOURCE_UNKNOWN.
 */
export async function requirePsuView(
  ctx: CertificateContext,
): Promise<{ entry: PsuEntry; template: boolean }> {
  const psuId = ctx.params.psuId ?? '';
  const entry = await getPsu(ctx.store, ctx.institution.code, psuId);
  if (entry === undefined) throw new ApiError('RESOURCE_UNKNOWN', { detail: `no PSU ${psuId}` });
  if (entry.owner === undefined && entry.psuId === entry.persona) return { entry, template: true };
  if (entry.owner !== ctx.tpp.clientId)
    throw new ApiError('RESOURCE_UNKNOWN', { detail: `PSU ${psuId} was not cloned by ${ctx.tpp.clientId}` });
  return { entry, template: false };
}
