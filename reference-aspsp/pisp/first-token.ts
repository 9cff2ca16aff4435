import { randomUUID } from 'node:crypto';
import { secretKey } from '../lib/secret.ts';
import type { TokenResponseBody } from '../oauth/grants/grant-handler.ts';
import { tokenService } from '../oauth/token-service.ts';
import { OAuthError } from '../server/oauth-error.ts';
import type { CertificateContext } from '../server/request-context.ts';
import type { RouteResponse } from '../server/route.ts';
import { putPispTokenBinding } from './pisp-token-binding.ts';

/**
 * The first PISP token (seed: Authentication 5): `grant_type=client_credentials`, `scope=pisp`, on
 * the TPP's certificates alone, without a PSU. It can initiate one payment and then serves only that
 * one (pisp/payment-access.ts).
 *
 * It lives in the token service like any access token (3600 s, institution and TPP bound), under an
 * owner of its own (`psuId` = `~first-<uuid>`, never a PSU id) so issuing one never revokes another
 * first token of the same TPP. No refresh token is returned (RFC 6749 §4.4.3).
 */
export async function issueFirstToken(
  ctx: CertificateContext,
  form: URLSearchParams,
): Promise<RouteResponse> {
  // What the refusal's error_description says is the bank's (PIS-FIRST-TOKEN-SCOPE).
  const describe = ctx.choices.of('PIS-FIRST-TOKEN-SCOPE');
  if (form.get('scope') !== 'pisp') {
    const code = 'invalid_scope';
    throw new OAuthError(code, describe(code, 'client credentials are for scope pisp (or the fallback)'));
  }
  if (!ctx.certificate.roles.includes('pisp') || !ctx.tpp.roles.includes('pisp')) {
    const code = 'unauthorized_client';
    throw new OAuthError(
      code,
      describe(code, 'the first PISP token needs a QWAC and an enrolment with the PISP role'),
    );
  }
  const now = ctx.now();
  const tokens = await ctx.store.transaction(async (tx) => {
    const issued = await tokenService.issue(tx, {
      owner: {
        institution: ctx.institution.code,
        psuId: `~first-${randomUUID()}`,
        clientId: ctx.tpp.clientId,
        role: 'pisp',
      },
      scope: 'pisp',
      now,
      authenticatedAt: now,
    });
    await putPispTokenBinding(tx, secretKey(issued.accessToken), { kind: 'first', paymentId: undefined });
    return issued;
  });
  const body: TokenResponseBody = {
    access_token: tokens.accessToken,
    token_type: 'Bearer',
    expires_in: tokens.expiresIn,
    scope: 'pisp',
  };
  return { status: 200, json: body };
}
