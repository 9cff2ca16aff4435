import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import type { CryptoKey, JWK } from 'jose';
import { OAuthError } from '../server/oauth-error.ts';
import type { CertificateContext } from '../server/request-context.ts';
import type { RouteResponse } from '../server/route.ts';
import { fallbackJwtAlgorithm, signFallbackJwt } from './fallback-jwt.ts';
import { dedicatedInterfaceIssuer, onlineBankingLoginUrl } from './fallback-location.ts';

/** True when the token request asks for the fallback (seed: Authentication 8, header `fallback: 1`). */
export function isFallbackRequest(ctx: CertificateContext): boolean {
  return ctx.headers.fallback === '1';
}

/** The bank's fallback key pair and the public JWK (with its `kid`) the JWKS route publishes. */
interface FallbackKey {
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK & { kid: string };
}

let bankKey: Promise<FallbackKey> | undefined;

/**
 * The bank's fallback signing key: an ES256 key made once per process. Its public half is published
 * (fallback/fallback-jwks-route.ts) so a TPP, or the online-banking side, can verify the JWT.
 */
export function fallbackSigningKey(): Promise<FallbackKey> {
  bankKey ??= generateKeyPair(fallbackJwtAlgorithm).then(async (pair) => {
    const jwk = await exportJWK(pair.publicKey);
    const kid = await calculateJwkThumbprint(jwk);
    return { privateKey: pair.privateKey, publicJwk: { ...jwk, kid, alg: fallbackJwtAlgorithm, use: 'sig' } };
  });
  return bankKey;
}

/**
 * Answers the fallback form (`grant_type=client_credentials`, `scope=aisp`, header `fallback: 1`) with
 * `302`: `Location` is the online-banking login address, the body `{ loginUrl, jwt }` (spec FallbackResponse) carries the JWT
 * (its claims: fallback/fallback-jwt.ts). The TPP's QWAC must grant the AISP role. Nothing here is a
 * token of the dedicated interface: no store entry is written, so the JWT is unknown there.
 */
export async function answerFallback(ctx: CertificateContext, form: URLSearchParams): Promise<RouteResponse> {
  const wrongScope = ctx.choices.of('FBK-OTHER-SCOPE-REFUSED')(form.get('scope'));
  if (wrongScope !== undefined) throw new OAuthError('invalid_scope', wrongScope);
  if (!ctx.certificate.roles.includes('aisp') || !ctx.tpp.roles.includes('aisp')) {
    throw new OAuthError(
      'unauthorized_client',
      'the fallback needs a QWAC and an enrolment with the AISP role',
    );
  }
  const location = onlineBankingLoginUrl(ctx.institution.code);
  const key = await fallbackSigningKey();
  const jwt = await signFallbackJwt({
    key: key.privateKey,
    kid: key.publicJwk.kid,
    issuer: dedicatedInterfaceIssuer(ctx.institution.code),
    audience: location,
    clientId: ctx.tpp.clientId,
    institution: ctx.institution.code,
    now: ctx.now(),
  });
  return {
    status: 302,
    headers: { location, 'cache-control': 'no-store' },
    json: ctx.choices.of('FBK-302-BODY')({ loginUrl: location, jwt }),
  };
}
