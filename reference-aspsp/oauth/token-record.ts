import type { JSONSchemaType } from 'ajv';
import { storedGuard } from '../store/index.ts';
import { apiRoles } from '../lib/api-roles.ts';
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

const text = { type: 'string' } as const;
const instant = { type: 'number' } as const;

/** What a stored token record must be: the store keeps JSON written by this or an older version. */
const tokenRecordSchema: JSONSchemaType<TokenRecord> = {
  type: 'object',
  required: [
    'kind',
    'scope',
    'expiresAt',
    'authenticatedAt',
    'pairKey',
    'institution',
    'psuId',
    'clientId',
    'role',
  ],
  properties: {
    kind: { type: 'string', enum: ['access', 'refresh'] },
    scope: text,
    expiresAt: instant,
    authenticatedAt: instant,
    pairKey: text,
    institution: text,
    psuId: text,
    clientId: text,
    role: { type: 'string', enum: [...apiRoles] },
  },
};

const isTokenRecord = storedGuard(tokenRecordSchema);

/** Parses a stored token record; undefined for anything else. */
export function parseTokenRecord(value: unknown): TokenRecord | undefined {
  return isTokenRecord(value) ? value : undefined;
}
