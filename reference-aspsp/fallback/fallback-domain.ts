import type { Domain } from '../server/domain.ts';
import { fallbackJwksRoute } from './fallback-jwks-route.ts';

/**
 * The fallback domain: the JWK Set of the fallback JWTs. The fallback answer itself is a grant of the
 * token endpoint (fallback/fallback-grant.ts, through pisp/client-credentials-grant.ts).
 */
export const fallbackDomain: Domain = { name: 'fallback', routes: [fallbackJwksRoute] };
