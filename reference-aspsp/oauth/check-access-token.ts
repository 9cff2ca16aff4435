import type { Choices } from '../choices/index.ts';
import type { Role } from '../../spec/lib/index.ts';
import type { Clock } from '../clock/clock.ts';
import { ApiError } from '../server/api-error.ts';
import type { StoreTx } from '../store/index.ts';
import type { BearerAuth } from './bearer-auth.ts';
import { tokenService } from './token-service.ts';
import { secretKey } from '../lib/secret.ts';

/** A valid token: what it grants and the PSU's clock offset (so `ctx.now()` needs no further read). */
export interface CheckedToken {
  readonly auth: BearerAuth;
  readonly psuOffsetMs: number;
}

const bearer = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/**
 * Checks `Authorization: Bearer` on a resource call (seed: Tokens; Authentication 6–7).
 *
 * Missing, unknown, revoked and expired tokens, tokens of another institution and tokens of another
 * TPP are all `401 invalid_token` with `WWW-Authenticate` (contracts §4): a TPP cannot tell them
 * apart, exactly as on a real host. A valid token of another role is `403 BADS`. Expiry is read on
 * the PSU's clock so time travel expires tokens.
 */
export async function checkAccessToken(options: {
  tx: StoreTx;
  clock: Clock;
  authorization: string | undefined;
  institution: string;
  clientId: string;
  role: Role;
  ignoreExpiry: boolean;
  /** The bank's choices: the refusal's explanation (TOK-INVALID-TOKEN-DETAIL) and header (TOK-WWW-AUTHENTICATE). */
  choices: Choices;
}): Promise<CheckedToken | ApiError> {
  const invalidToken = (detail: string): ApiError => refusedToken(detail, options.choices);
  const match = bearer.exec(options.authorization ?? '');
  if (match?.[1] === undefined) return invalidToken('no bearer token');
  const tokenId = secretKey(match[1]);
  const record = await tokenService.findByKey(options.tx, tokenId);
  if (record?.kind !== 'access') return invalidToken('unknown or revoked token');
  if (record.institution !== options.institution) return invalidToken('token of another institution');
  if (record.clientId !== options.clientId) return invalidToken('token of another TPP');
  const psu = { institution: record.institution, psuId: record.psuId };
  const psuOffsetMs = await options.clock.psuOffset(options.tx, psu);
  const now = options.clock.now().getTime() + psuOffsetMs;
  if (now >= record.expiresAt && !options.ignoreExpiry) return invalidToken('expired token');
  if (record.role !== options.role) {
    const detail = options.choices.of('TOK-INVALID-TOKEN-DETAIL');
    return new ApiError('BADS', {
      detail: detail(`token of role ${record.role} on a ${options.role} resource`),
    });
  }
  return {
    auth: {
      tokenId,
      institution: record.institution,
      psuId: record.psuId,
      clientId: record.clientId,
      role: record.role,
      scope: record.scope,
    },
    psuOffsetMs,
  };
}

/** `401 invalid_token`, with the explanation and the WWW-Authenticate header the bank gives. */
export function refusedToken(detail: string, choices: Choices): ApiError {
  return new ApiError('invalid_token', {
    detail: choices.of('TOK-INVALID-TOKEN-DETAIL')(detail),
    headers: { ...choices.of('TOK-WWW-AUTHENTICATE') },
  });
}
