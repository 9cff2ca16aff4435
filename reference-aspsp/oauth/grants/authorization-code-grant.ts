import { verifyPkce } from '../../../protocol/pkce.ts';
import { secretKey } from '../../lib/secret.ts';
import { OAuthError } from '../../server/oauth-error.ts';
import {
  codesCollection,
  parseAuthorizationCode,
  parseUsedCode,
  type AuthorizationCode,
  type UsedCode,
} from '../authorization-code.ts';
import { tokenScope } from '../scope.ts';
import { tokenService, type IssuedTokens } from '../token-service.ts';
import type { CertificateContext } from '../../server/request-context.ts';
import type { RouteResponse } from '../../server/route.ts';
import type { StoreTx } from '../../store/index.ts';
import type { GrantHandler, TokenResponseBody } from './grant-handler.ts';

/**
 * What another domain adds to the transaction that issues a code's tokens: the PISP binding of the
 * second token to its payment (pisp/payment-code-grant.ts), written with the tokens or not at all.
 */
export type CodeTokensHook = (
  tx: StoreTx,
  issued: { readonly code: AuthorizationCode; readonly tokens: IssuedTokens },
) => Promise<void>;

/**
 * `grant_type=authorization_code` (seed: Endpoints, token request forms; Tokens).
 *
 * The code is consumed in the same transaction that issues the token set, so it is one-time even
 * under concurrent exchanges, and a refused exchange by its client still burns it; a code presented by
 * another client or at another institution is refused without burning it (else anyone who saw it could
 * spoil the owner's exchange). A used code is kept as a marker naming its token set: replaying it
 * revokes that set (RFC 6749 §4.1.2). The form has
 * no `scope` (seed: "No scope field"); `redirect_uri` must equal the authorize one; a code issued
 * with `code_challenge` needs the matching `code_verifier` (S256 or plain). `afterIssue` runs in the
 * transaction that issues the tokens.
 */
export function createAuthorizationCodeGrant(options: { afterIssue?: CodeTokensHook } = {}): GrantHandler {
  return async (ctx, form) => exchangeCode(ctx, form, options.afterIssue);
}

/** The core grant alone (the OAuth domain's default; the reference adds the PISP binding). */
export const authorizationCodeGrant: GrantHandler = createAuthorizationCodeGrant();

async function exchangeCode(
  ctx: CertificateContext,
  form: URLSearchParams,
  afterIssue: CodeTokensHook | undefined,
): Promise<RouteResponse> {
  const scopeRefused = ctx.choices.of('TOK-NO-SCOPE-IN-CODE-FORM') === 'refused';
  if (form.has('scope') && scopeRefused && !ctx.faults.has('code-form-scope-accepted'))
    throw new OAuthError('invalid_request', 'the authorization code form has no scope field');
  const code = form.get('code') ?? '';
  const redirectUri = form.get('redirect_uri');
  if (code === '') throw new OAuthError('invalid_request', 'code is missing');
  if (redirectUri === null) throw new OAuthError('invalid_request', 'redirect_uri is missing');
  const reuse = ctx.faults.has('code-reusable');
  const outcome = await ctx.store.transaction(
    async (tx): Promise<{ tokens: IssuedTokens; code: AuthorizationCode } | string | OAuthError> => {
      const key = secretKey(code);
      const stored = await tx.get(codesCollection, key);
      const record = parseAuthorizationCode(stored);
      if (record === undefined) {
        const used = parseUsedCode(stored);
        if (
          used === undefined ||
          used.institution !== ctx.institution.code ||
          used.clientId !== ctx.tpp.clientId
        )
          return 'unknown, expired or already used code';
        // RFC 6749 §4.1.2: a code used twice may have leaked; what it gave is withdrawn (the bank's
        // choice TOK-CODE-REPLAY-REVOKES: another bank refuses the replay alone).
        if (!ctx.choices.of('TOK-CODE-REPLAY-REVOKES')) return 'code already used';
        await tokenService.revokeByKey(tx, used.refreshKey);
        return 'code already used: the tokens issued from it are revoked';
      }
      // Refusals that prove the caller is not the code's client leave the code to its owner.
      if (record.institution !== ctx.institution.code) return 'code of another institution';
      if (record.clientId !== ctx.tpp.clientId) return 'code issued to another client';
      const redirectUriMatches = record.redirectUri === redirectUri;
      // A refused exchange of the code's own client spends it, or not (TOK-CODE-SPENT-BY-REFUSED-EXCHANGE).
      if (!reuse && ctx.choices.of('TOK-CODE-SPENT-BY-REFUSED-EXCHANGE')(redirectUriMatches))
        await tx.delete(codesCollection, key);
      if (!redirectUriMatches && !ctx.faults.has('redirect-uri-not-compared'))
        return new OAuthError('invalid_grant', 'redirect_uri differs from the authorize request', {
          expected: { redirectUriOnFile: record.redirectUri, redirectUriSent: redirectUri },
        });
      if (!ctx.certificate.roles.includes(record.role)) return `the QWAC lacks the role ${record.role}`;
      const psu = { institution: record.institution, psuId: record.psuId };
      const now = await ctx.clock.psuNow(tx, psu);
      if (now.getTime() >= record.expiresAt) return 'expired code';
      const pkce = ctx.faults.has('pkce-not-checked')
        ? undefined
        : checkVerifier(record, form.get('code_verifier'));
      if (pkce !== undefined) return pkce;
      const tokens = await tokenService.issue(tx, {
        owner: { ...psu, clientId: record.clientId, role: record.role },
        scope: tokenScope(record.scope, ctx.choices.of('TOK-SCOPE-OFFLINE-ACCESS')),
        now,
        authenticatedAt: new Date(record.authenticatedAt),
      });
      if (afterIssue !== undefined) await afterIssue(tx, { code: record, tokens });
      if (!reuse) {
        await tx.put(codesCollection, key, {
          used: true,
          institution: record.institution,
          clientId: record.clientId,
          refreshKey: secretKey(tokens.refreshToken),
        } satisfies UsedCode);
      }
      return { tokens, code: record };
    },
  );
  if (outcome instanceof OAuthError) throw outcome;
  if (typeof outcome === 'string') throw new OAuthError('invalid_grant', outcome);
  const body: TokenResponseBody = {
    access_token: outcome.tokens.accessToken,
    token_type: 'Bearer',
    expires_in: outcome.tokens.expiresIn,
    refresh_token: outcome.tokens.refreshToken,
    scope: outcome.tokens.scope,
    // The seed returns state in the PISP token response only.
    ...(outcome.code.role === 'pisp' && outcome.code.state !== undefined
      ? { state: outcome.code.state }
      : {}),
  };
  return { status: 200, json: body };
}

function checkVerifier(code: AuthorizationCode, verifier: string | null): string | undefined {
  const challenge = code.extra.code_challenge;
  if (challenge === undefined) return undefined;
  if (verifier === null || verifier === '') return 'code_verifier is missing';
  // RFC 7636 §4.3: a missing method is plain; an unknown one was compared as plain too.
  const method = code.extra.code_challenge_method === 'S256' ? 'S256' : 'plain';
  return verifyPkce({ verifier, challenge, method })
    ? undefined
    : 'code_verifier does not match code_challenge';
}
