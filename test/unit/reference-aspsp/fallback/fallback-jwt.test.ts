import { describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader, generateKeyPair } from 'jose';
import {
  fallbackJwtLifetimeSeconds,
  signFallbackJwt,
  verifyFallbackJwt,
} from '../../../../reference-aspsp/fallback/fallback-jwt.ts';
import {
  dedicatedInterfaceIssuer,
  onlineBankingLoginUrl,
} from '../../../../reference-aspsp/fallback/fallback-location.ts';
import { isCodedError } from '../../../../lib/coded-error.ts';

const now = new Date('2025-06-01T12:00:00Z');
const issuer = dedicatedInterfaceIssuer('10101');
const audience = onlineBankingLoginUrl('10101');

async function signed() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwt = await signFallbackJwt({
    key: privateKey,
    issuer,
    audience,
    clientId: 'PSDFR-ACPR-12345',
    institution: '10101',
    now,
  });
  return { jwt, publicKey };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return isCodedError(error) ? error.code : 'not coded';
  }
}

describe('fallback JWT', () => {
  it('is an ES256 fallback+jwt carrying the documented claims', async () => {
    const { jwt } = await signed();
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'ES256', typ: 'fallback+jwt' });
    const claims = decodeJwt(jwt);
    expect(claims).toMatchObject({
      iss: issuer,
      aud: audience,
      sub: 'PSDFR-ACPR-12345',
      institution: '10101',
      scope: 'aisp',
      fallback: true,
    });
    expect(claims.exp! - claims.iat!).toBe(fallbackJwtLifetimeSeconds);
    expect(typeof claims.jti).toBe('string');
  });

  it('verifies with the bank key within its lifetime', async () => {
    const { jwt, publicKey } = await signed();
    const claims = await verifyFallbackJwt(jwt, { key: publicKey, issuer, audience, now });
    expect(claims.sub).toBe('PSDFR-ACPR-12345');
  });

  it('does not verify after five minutes, for another audience, or with another key', async () => {
    const { jwt, publicKey } = await signed();
    const later = new Date(now.getTime() + (fallbackJwtLifetimeSeconds + 1) * 1000);
    expect(await codeOf(verifyFallbackJwt(jwt, { key: publicKey, issuer, audience, now: later }))).toBe(
      'ERR_FALLBACK_JWT_INVALID',
    );
    expect(
      await codeOf(
        verifyFallbackJwt(jwt, { key: publicKey, issuer, audience: onlineBankingLoginUrl('20202'), now }),
      ),
    ).toBe('ERR_FALLBACK_JWT_INVALID');
    const other = await generateKeyPair('ES256');
    expect(await codeOf(verifyFallbackJwt(jwt, { key: other.publicKey, issuer, audience, now }))).toBe(
      'ERR_FALLBACK_JWT_INVALID',
    );
  });

  it('does not verify a tampered payload', async () => {
    const { jwt, publicKey } = await signed();
    const [header, payload, signature] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, scope: 'pisp' })).toString('base64url');
    expect(
      await codeOf(
        verifyFallbackJwt(`${header}.${forged}.${signature}`, { key: publicKey, issuer, audience, now }),
      ),
    ).toBe('ERR_FALLBACK_JWT_INVALID');
  });

  it('points at the institution’s online-banking login on the group domain', () => {
    expect(onlineBankingLoginUrl('30303')).toBe('https://online-30303.groupbank.example/login');
    expect(dedicatedInterfaceIssuer('30303')).toBe('https://api-30303.psd2.groupbank.example');
  });
});
