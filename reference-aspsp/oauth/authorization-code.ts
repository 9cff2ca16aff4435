import { apiRoles } from '../lib/api-roles.ts';
import { isRecord } from '../lib/is-record.ts';
import type { Role } from '../../spec/lib/index.ts';

/** Collection of authorization codes: key = hash of the code. */
export const codesCollection = 'oauth-codes';
/** Codes live 60 s (contracts §6). */
export const codeLifetimeMs = 60_000;

/** What a one-time authorization code stands for. */
export interface AuthorizationCode {
  readonly institution: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly psuId: string;
  readonly role: Role;
  /** Scope requested at authorize. */
  readonly scope: string;
  /** Expiry (ms, PSU clock). */
  readonly expiresAt: number;
  /** When the PSU passed strong authentication (ms, PSU clock). */
  readonly authenticatedAt: number;
  /** `state` of the authorize request (returned in the PISP token response). */
  readonly state: string | undefined;
  /** Authorize parameters kept for the grant (`code_challenge`, `code_challenge_method`, …). */
  readonly extra: Readonly<Record<string, string>>;
}

/** Parses a stored code; undefined for anything else. */
export function parseAuthorizationCode(value: unknown): AuthorizationCode | undefined {
  if (!isRecord(value)) return undefined;
  const { institution, clientId, redirectUri, psuId, scope, expiresAt, authenticatedAt, state } = value;
  const role = apiRoles.find((r) => r === value.role);
  if (role === undefined || typeof expiresAt !== 'number' || typeof authenticatedAt !== 'number')
    return undefined;
  if (typeof institution !== 'string' || typeof clientId !== 'string' || typeof redirectUri !== 'string')
    return undefined;
  if (typeof psuId !== 'string' || typeof scope !== 'string') return undefined;
  if (state !== undefined && typeof state !== 'string') return undefined;
  const extra: Record<string, string> = {};
  if (isRecord(value.extra)) {
    for (const [key, item] of Object.entries(value.extra)) if (typeof item === 'string') extra[key] = item;
  }
  return { institution, clientId, redirectUri, psuId, role, scope, expiresAt, authenticatedAt, state, extra };
}

/**
 * What stays of a code once exchanged: its client and the key of the refresh token issued from it, so
 * that a replay can revoke that set (RFC 6749 §4.1.2).
 */
export interface UsedCode {
  readonly used: true;
  readonly institution: string;
  readonly clientId: string;
  /** `secretKey` of the refresh token issued; its pair is the current access token. */
  readonly refreshKey: string;
}

/** Parses a used-code marker; undefined for anything else. */
export function parseUsedCode(value: unknown): UsedCode | undefined {
  if (!isRecord(value) || value.used !== true) return undefined;
  const { institution, clientId, refreshKey } = value;
  if (typeof institution !== 'string' || typeof clientId !== 'string' || typeof refreshKey !== 'string')
    return undefined;
  return { used: true, institution, clientId, refreshKey };
}
