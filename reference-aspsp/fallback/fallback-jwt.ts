import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { CryptoKey, KeyObject } from 'jose';
import { CodedError } from '../../lib/coded-error.ts';

/** The `typ` header of fallback JWTs: tells them apart from any other token of the bank. */
export const fallbackJwtType = 'fallback+jwt';

/** How long a fallback JWT can be used to open the online-banking login (seconds). */
export const fallbackJwtLifetimeSeconds = 300;

/** Signing algorithm of the bank's fallback key. */
export const fallbackJwtAlgorithm = 'ES256';

/** The claims of a fallback JWT (documented in the README section `cbpii-pisp`). */
export interface FallbackClaims {
  /** Issuer: the dedicated interface host of the institution (`https://api-10101.psd2.groupbank.example`). */
  readonly iss: string;
  /** Audience: the online-banking login address the 302 points to; no other audience accepts it. */
  readonly aud: string;
  /** Subject: the TPP's client_id (the QWAC organizationIdentifier). */
  readonly sub: string;
  readonly institution: string;
  /** Always `aisp`: the only scope the seed's fallback form requests. */
  readonly scope: 'aisp';
  /** Always true: marks the contingency context (seed: Authentication 8). */
  readonly fallback: true;
  readonly iat: number;
  readonly exp: number;
  readonly jti: string;
}

/** Raised when a fallback JWT does not verify (signature, type, audience, expiry or claims). */
export class FallbackJwtError extends CodedError<'ERR_FALLBACK_JWT_INVALID'> {
  constructor(message: string, cause?: unknown) {
    super('ERR_FALLBACK_JWT_INVALID', message, { cause });
  }
}

/**
 * Signs the JWT of a fallback answer (seed: Authentication 8): ES256 with the bank's own key, type
 * `fallback+jwt`, valid five minutes from `now` (the server clock).
 */
export async function signFallbackJwt(options: {
  key: CryptoKey | KeyObject;
  /** Key id of the published JWK (fallback/fallback-jwks-route.ts), when there is one. */
  kid?: string;
  issuer: string;
  audience: string;
  clientId: string;
  institution: string;
  now: Date;
}): Promise<string> {
  const iat = Math.floor(options.now.getTime() / 1000);
  return new SignJWT({ institution: options.institution, scope: 'aisp', fallback: true })
    .setProtectedHeader({
      alg: fallbackJwtAlgorithm,
      typ: fallbackJwtType,
      ...(options.kid === undefined ? {} : { kid: options.kid }),
    })
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setSubject(options.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + fallbackJwtLifetimeSeconds)
    .setJti(randomUUID())
    .sign(options.key);
}

/**
 * Verifies a fallback JWT for the online-banking side: signature by `key`, type, issuer, audience and
 * expiry at `now`; returns its claims. The dedicated interface never calls this: its bearer tokens
 * are opaque store entries, so a fallback JWT is unknown there by construction.
 */
export async function verifyFallbackJwt(
  jwt: string,
  options: { key: CryptoKey | KeyObject; issuer: string; audience: string; now: Date },
): Promise<FallbackClaims> {
  let payload: Record<string, unknown>;
  try {
    const verified = await jwtVerify(jwt, options.key, {
      algorithms: [fallbackJwtAlgorithm],
      typ: fallbackJwtType,
      issuer: options.issuer,
      audience: options.audience,
      currentDate: options.now,
    });
    payload = verified.payload;
  } catch (error) {
    throw new FallbackJwtError('the fallback JWT does not verify', error);
  }
  const { iss, aud, sub, institution, scope, fallback, iat, exp, jti } = payload;
  if (
    typeof iss !== 'string' ||
    typeof aud !== 'string' ||
    typeof sub !== 'string' ||
    typeof institution !== 'string' ||
    scope !== 'aisp' ||
    fallback !== true ||
    typeof iat !== 'number' ||
    typeof exp !== 'number' ||
    typeof jti !== 'string'
  ) {
    throw new FallbackJwtError('the fallback JWT lacks a claim or has a wrong one');
  }
  return { iss, aud, sub, institution, scope, fallback, iat, exp, jti };
}
