import type { Domain } from '../server/domain.ts';
import { authorizeRoute, journeyPageRoute, journeySubmitRoute } from './authorize-routes.ts';
import { authorizationCodeGrant } from './grants/authorization-code-grant.ts';
import type { GrantHandler } from './grants/grant-handler.ts';
import { refreshTokenGrant } from './grants/refresh-token-grant.ts';
import { createTokenRoute } from './token-route.ts';

/** The grants of this issue; other domains add theirs through {@link createOAuthDomain}. */
export const coreGrants: Readonly<Record<string, GrantHandler>> = {
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
};

/** The OAuth2 domain: authorize pages, journey pages and the token endpoint with `grants`. */
export function createOAuthDomain(extraGrants: Readonly<Record<string, GrantHandler>> = {}): Domain {
  return {
    name: 'oauth',
    routes: [
      authorizeRoute,
      journeyPageRoute,
      journeySubmitRoute,
      createTokenRoute({ ...coreGrants, ...extraGrants }),
    ],
  };
}
