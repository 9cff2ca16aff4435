import { apiRoles } from '../lib/api-roles.ts';
import { isRecord } from '../lib/is-record.ts';
import type { Role } from '../../spec/lib/index.ts';

/** Who a token set belongs to: one valid set per PSU, TPP and role, per institution (seed: Tokens). */
export interface TokenOwner {
  readonly institution: string;
  readonly psuId: string;
  readonly clientId: string;
  readonly role: Role;
}

/** A stored access or refresh token (key: hash of the token). */
export interface TokenRecord extends TokenOwner {
  readonly kind: 'access' | 'refresh';
  readonly scope: string;
  /** Expiry in ms since the epoch, on the PSU's clock. */
  readonly expiresAt: number;
  /** Last strong authentication of the PSU (ms, PSU clock): the 180-day refresh limit counts from it. */
  readonly authenticatedAt: number;
  /** Hash of the other token of the set (refresh for an access token, access for a refresh token). */
  readonly pairKey: string;
}

/** Key of the token set of an owner in `oauth-token-sets`. */
export function ownerKey(owner: TokenOwner): string {
  return `${owner.institution}:${owner.psuId}:${owner.clientId}:${owner.role}`;
}

/** Parses a stored token record; undefined for anything else. */
export function parseTokenRecord(value: unknown): TokenRecord | undefined {
  if (!isRecord(value)) return undefined;
  const { kind, scope, expiresAt, authenticatedAt, pairKey, institution, psuId, clientId } = value;
  const role = apiRoles.find((r) => r === value.role);
  if (kind !== 'access' && kind !== 'refresh') return undefined;
  if (role === undefined || typeof scope !== 'string' || typeof pairKey !== 'string') return undefined;
  if (typeof expiresAt !== 'number' || typeof authenticatedAt !== 'number') return undefined;
  if (typeof institution !== 'string' || typeof psuId !== 'string' || typeof clientId !== 'string')
    return undefined;
  return { kind, scope, expiresAt, authenticatedAt, pairKey, institution, psuId, clientId, role };
}
