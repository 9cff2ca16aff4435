import { OAuthError } from '../../server/oauth-error.ts';
import { tokenService, type IssuedTokens } from '../token-service.ts';
import type { GrantHandler, TokenResponseBody } from './grant-handler.ts';

/**
 * `grant_type=refresh_token` (seed: Tokens): a new access token, the old one revoked, the same
 * refresh token returned; refused once 180 days passed since the last PSU authentication, on the
 * PSU's clock. Runs in one transaction so concurrent refreshes leave one valid access token.
 */
export const refreshTokenGrant: GrantHandler = async (ctx, form) => {
  const refreshToken = form.get('refresh_token') ?? '';
  if (refreshToken === '') throw new OAuthError('invalid_request', 'refresh_token is missing');
  const keepOldAccess = ctx.faults.has('refresh-keeps-old-access-token');
  const outcome = await ctx.store.transaction(async (tx): Promise<IssuedTokens | string> => {
    const record = await tokenService.find(tx, refreshToken);
    if (record?.kind !== 'refresh') return 'unknown or revoked refresh token';
    if (record.institution !== ctx.institution.code) return 'refresh token of another institution';
    if (record.clientId !== ctx.tpp.clientId) return 'refresh token issued to another client';
    const now = await ctx.clock.psuNow(tx, { institution: record.institution, psuId: record.psuId });
    if (now.getTime() >= record.expiresAt && !ctx.faults.has('refresh-token-never-expires'))
      return 'the last PSU authentication is over 180 days old';
    return tokenService.refresh(tx, { refreshToken, record, now, keepOldAccess });
  });
  if (typeof outcome === 'string') throw new OAuthError('invalid_grant', outcome);
  const body: TokenResponseBody = {
    access_token: outcome.accessToken,
    token_type: 'Bearer',
    expires_in: outcome.expiresIn,
    refresh_token: outcome.refreshToken,
    scope: outcome.scope,
  };
  return { status: 200, json: body };
};
