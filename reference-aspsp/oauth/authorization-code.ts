import type { JSONSchemaType } from 'ajv';
import { storedGuard } from '../store/index.ts';
import { apiRoles } from '../lib/api-roles.ts';
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

const text = { type: 'string' } as const;

/** What a stored code must be: the store keeps JSON written by this or an older version. */
const codeSchema: JSONSchemaType<AuthorizationCode> = {
  type: 'object',
  required: [
    'institution',
    'clientId',
    'redirectUri',
    'psuId',
    'role',
    'scope',
    'expiresAt',
    'authenticatedAt',
    'extra',
  ],
  properties: {
    institution: text,
    clientId: text,
    redirectUri: text,
    psuId: text,
    role: { type: 'string', enum: [...apiRoles] },
    scope: text,
    expiresAt: { type: 'number' },
    authenticatedAt: { type: 'number' },
    state: { type: 'string', nullable: true },
    extra: { type: 'object', required: [], additionalProperties: text },
  },
};

const usedCodeSchema: JSONSchemaType<UsedCode> = {
  type: 'object',
  required: ['used', 'institution', 'clientId', 'refreshKey'],
  properties: {
    used: { type: 'boolean', const: true },
    institution: text,
    clientId: text,
    refreshKey: text,
  },
};

const isAuthorizationCode = storedGuard(codeSchema);
const isUsedCode = storedGuard(usedCodeSchema);

/** Parses a stored code; undefined for anything else (a used-code marker included). */
export function parseAuthorizationCode(value: unknown): AuthorizationCode | undefined {
  return isAuthorizationCode(value) ? value : undefined;
}

/** Parses a used-code marker; undefined for anything else. */
export function parseUsedCode(value: unknown): UsedCode | undefined {
  return isUsedCode(value) ? value : undefined;
}
