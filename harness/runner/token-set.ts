/**
 * The tokens a case holds at one institution, parsed from a token response, with the instant the
 * access token expires on this machine's clock (for automatic refresh on long runs).
 */
import { fieldsOf } from './step-outcome.ts';

/** A parsed token response (seed: Token response). */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | undefined;
  scope: string | undefined;
  /** `expires_in` as sent: the seed allows an integer or a string. */
  expiresIn: number | undefined;
  /** Date.now() value after which the access token is expired. */
  expiresAt: number;
}

/** Parses a token response body; undefined when it has no `access_token` string. */
export function parseTokenResponse(body: unknown, receivedAt: number): TokenSet | undefined {
  const fields = fieldsOf(body);
  const access = fields.get('access_token');
  if (typeof access !== 'string' || access === '') return undefined;
  const refresh = fields.get('refresh_token');
  const scope = fields.get('scope');
  const rawExpires = fields.get('expires_in');
  const expiresIn =
    typeof rawExpires === 'number'
      ? rawExpires
      : typeof rawExpires === 'string' && /^\d+$/.test(rawExpires)
        ? Number(rawExpires)
        : undefined;
  return {
    accessToken: access,
    refreshToken: typeof refresh === 'string' && refresh !== '' ? refresh : undefined,
    scope: typeof scope === 'string' ? scope : undefined,
    expiresIn,
    expiresAt: receivedAt + (expiresIn ?? 3600) * 1000,
  };
}

/** True when the access token has expired on this machine's clock and a refresh token can renew it. */
export function needsRefresh(tokens: TokenSet, now: number): boolean {
  // A margin of 30 s so a token does not expire between this check and the server's.
  return tokens.refreshToken !== undefined && now >= tokens.expiresAt - 30_000;
}
