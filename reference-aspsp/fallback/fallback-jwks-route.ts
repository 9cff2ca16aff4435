import type { OpenRoute } from '../server/route.ts';
import { fallbackSigningKey } from './fallback-grant.ts';

/**
 * `GET /stet/psd2/oauth/fallback/jwks`: the public key of the fallback JWTs as a JWK Set (RFC 7517),
 * so the TPP (and a suite) can verify the JWT of a fallback 302 (seed: Authentication 8). Public
 * material only, hence no client authentication.
 */
export const fallbackJwksRoute: OpenRoute = {
  method: 'GET',
  path: '/stet/psd2/oauth/fallback/jwks',
  auth: 'none',
  async handler() {
    const key = await fallbackSigningKey();
    return { status: 200, json: { keys: [key.publicJwk] } };
  },
};
