import type { CertificateContext } from '../../server/request-context.ts';
import type { RouteResponse } from '../../server/route.ts';

/**
 * One `grant_type` of `POST /stet/psd2/oauth/token`. The token route parses the form, checks that
 * `client_id` names the TPP of the QWAC, and hands over to the handler of the grant; a handler throws
 * `OAuthError` for RFC 6749 errors. Issue 6 adds `client_credentials` (PISP first token, fallback)
 * by adding an entry to the map given to {@link createTokenRoute}.
 */
export type GrantHandler = (ctx: CertificateContext, form: URLSearchParams) => Promise<RouteResponse>;

/** The token response of the seed (Token response table). */
export interface TokenResponseBody {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  readonly expires_in: number;
  readonly refresh_token?: string;
  readonly scope: string;
  readonly state?: string;
}
