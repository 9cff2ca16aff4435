import { OAuthError } from '../server/oauth-error.ts';
import { mediaType } from '../server/parse-body.ts';
import type { CertificateContext } from '../server/request-context.ts';
import type { CertificateRoute, RouteResponse } from '../server/route.ts';
import type { GrantHandler } from './grants/grant-handler.ts';

/**
 * `POST /stet/psd2/oauth/token` with one handler per `grant_type` (seed: Endpoints, token request
 * forms). Client authentication is the QWAC (mTLS); `client_id` must name the TPP the QWAC is
 * enrolled as — its client_id, or its organizationIdentifier — else `401 invalid_client` (contracts §4).
 * Errors are RFC 6749 bodies.
 */
export function createTokenRoute(grants: Readonly<Record<string, GrantHandler>>): CertificateRoute {
  return {
    method: 'POST',
    path: '/stet/psd2/oauth/token',
    auth: 'client-certificate',
    async handler(ctx) {
      try {
        return await grantTokens(ctx, grants);
      } catch (error) {
        // The words of a refusal are the bank's (TOK-ERROR-DESCRIPTION); its code is not.
        if (!(error instanceof OAuthError)) throw error;
        const description = ctx.choices.of('TOK-ERROR-DESCRIPTION')(error.code, error.description);
        throw new OAuthError(
          error.code,
          description,
          error.expected === undefined ? {} : { expected: { ...error.expected } },
        );
      }
    },
  };
}

async function grantTokens(
  ctx: CertificateContext,
  grants: Readonly<Record<string, GrantHandler>>,
): Promise<RouteResponse> {
  const form = parseTokenForm(ctx);
  const grantType = form.get('grant_type') ?? '';
  if (grantType === '') throw new OAuthError('invalid_request', 'grant_type is missing');
  const clientId = form.get('client_id') ?? '';
  // A bank taking any client_id once the QWAC is enrolled.
  if (!namesTpp(ctx, clientId) && !(clientId !== '' && ctx.faults.has('client-id-not-matched')))
    throw new OAuthError('invalid_client', 'client_id does not match the client certificate');
  const grant = Object.hasOwn(grants, grantType) ? grants[grantType] : undefined;
  if (grant === undefined) {
    const refusal = ctx.choices.of('TOK-UNSUPPORTED-GRANT')(grantType);
    throw new OAuthError(refusal.code, refusal.description);
  }
  return grant(ctx, form);
}

function namesTpp(ctx: CertificateContext, clientId: string): boolean {
  if (clientId === '') return false;
  if (clientId === ctx.tpp.clientId) return true;
  return clientId === ctx.certificate.organizationIdentifier && clientId === ctx.tpp.organizationIdentifier;
}

function parseTokenForm(ctx: CertificateContext): URLSearchParams {
  if (mediaType(ctx.headers['content-type']) !== 'application/x-www-form-urlencoded') {
    throw new OAuthError('invalid_request', 'expected application/x-www-form-urlencoded');
  }
  const form = new URLSearchParams(ctx.rawBody.toString('utf8'));
  // A malformation of the form the bank refuses (BAD-TOKEN-FORM: RFC 6749 §3.2, a repeated parameter).
  const malformed = ctx.choices.of('BAD-TOKEN-FORM')(form);
  if (malformed !== undefined) throw new OAuthError('invalid_request', malformed);
  return form;
}
