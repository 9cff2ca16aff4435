/**
 * Runs a `token` step against `POST /stet/psd2/oauth/token` (seed: Token request forms): the code
 * exchange (with `code_verifier` after a PKCE journey), refresh, and client credentials (PISP first
 * token, fallback). Tokens received are registered as secrets and, unless `keep: false`, installed
 * for the following steps.
 */
import type { HttpExchange } from '../../client/stet-client.ts';
import type { VersionProfile } from '../../../spec/lib/index.ts';
import type { SuiteRole, TokenAction } from '../../suite/suite-definition.ts';
import { fillText, type CaseContext } from '../case-context.ts';
import { parseTokenResponse } from '../token-set.ts';
import { caseTpp } from './case-tpp.ts';
import { alternateTpp } from './request-step.ts';
import { outcomeOf, type StepRun } from './step-run.ts';

/**
 * The OAuth scope of a role at a version: the role's name, except CBPII whose scope is the profile's
 * (seed: `piisp` in v1, `cbpii` in v1.4.2); a version without funds confirmation has none, and the
 * role's name is asked (the bank refuses it or grants a token no resource accepts).
 */
export function roleScope(role: SuiteRole, profile: VersionProfile): string {
  if (role === 'cbpii') return profile.cbpiiScope ?? role;
  return role;
}

/** Runs the token action of a step. */
export async function runTokenStep(ctx: CaseContext, action: TokenAction): Promise<StepRun> {
  const value = (template: string | undefined, fallback: () => string | undefined): string | undefined =>
    template === undefined ? fallback() : fillText(ctx, template);
  const tpp = alternateTpp(ctx, action.tpp);
  const clientId = value(action.clientId, () => tpp.clientId) ?? '';
  const form: Array<[string, string]> = [];
  if (action.grant === 'exchange') {
    form.push(['grant_type', 'authorization_code'], ['client_id', clientId]);
    form.push(['code', value(action.code, () => stringVar(ctx, 'code')) ?? '']);
    form.push(['redirect_uri', value(action.redirectUri, () => tpp.redirectUri) ?? '']);
    const verifier = value(action.codeVerifier, () => stringVar(ctx, 'codeVerifier'));
    if (verifier !== undefined) form.push(['code_verifier', verifier]);
  } else if (action.grant === 'refresh') {
    form.push(['grant_type', 'refresh_token'], ['client_id', clientId]);
    form.push(['refresh_token', value(action.refreshToken, () => ctx.tokens?.refreshToken) ?? '']);
  } else {
    form.push(['client_id', clientId], ['grant_type', 'client_credentials']);
    form.push(['scope', action.scope ?? roleScope(ctx.definition.given.role, ctx.profile)]);
  }
  if (action.scope !== undefined && action.grant !== 'client-credentials') form.push(['scope', action.scope]);
  for (const [k, v] of Object.entries(action.form)) form.push([k, fillText(ctx, v)]);
  const exchange = await postToken(ctx, form, { fallback: action.fallback, tpp });
  const tokens = parseTokenResponse(exchange.json, Date.now());
  if (tokens !== undefined) {
    registerTokens(ctx, tokens.accessToken, tokens.refreshToken);
    if (action.keep) {
      ctx.tokens = tokens;
      ctx.vars.set('accessToken', tokens.accessToken);
      if (tokens.refreshToken !== undefined) ctx.vars.set('refreshToken', tokens.refreshToken);
    }
  }
  return { outcome: outcomeOf(exchange), exchanges: [exchange] };
}

/**
 * Renews the case's tokens with its refresh token (automatic refresh before a request whose
 * access token has expired on this machine's clock). The exchange goes into the step transcript.
 */
export async function refreshTokens(ctx: CaseContext): Promise<HttpExchange> {
  const refresh = ctx.tokens?.refreshToken ?? '';
  const exchange = await postToken(ctx, [
    ['grant_type', 'refresh_token'],
    ['client_id', ctx.tpp.clientId],
    ['refresh_token', refresh],
  ]);
  const tokens = parseTokenResponse(exchange.json, Date.now());
  if (tokens !== undefined) {
    registerTokens(ctx, tokens.accessToken, tokens.refreshToken);
    ctx.tokens = { ...tokens, refreshToken: tokens.refreshToken ?? ctx.tokens?.refreshToken };
    ctx.vars.set('accessToken', tokens.accessToken);
  }
  return exchange;
}

async function postToken(
  ctx: CaseContext,
  form: Array<[string, string]>,
  options: { fallback?: boolean; tpp?: CaseContext['tpp'] } = {},
): Promise<HttpExchange> {
  const { fallback = false, tpp = ctx.tpp } = options;
  for (const [name, v] of form) {
    if (name === 'code') ctx.secrets.add('code', v);
    if (name === 'refresh_token') ctx.secrets.add('refresh_token', v);
    if (name === 'code_verifier') ctx.secrets.add('code_verifier', v);
  }
  return caseTpp(ctx, tpp).token(form, { fallback });
}

function registerTokens(ctx: CaseContext, access: string, refresh: string | undefined): void {
  ctx.secrets.add('access_token', access);
  if (refresh !== undefined) ctx.secrets.add('refresh_token', refresh);
}

function stringVar(ctx: CaseContext, name: string): string | undefined {
  const v = ctx.vars.get(name);
  return typeof v === 'string' ? v : undefined;
}
