import nodeCrypto, { createHash, randomBytes } from 'node:crypto';

/** A fresh unguessable value (tokens, codes, journey ids): 32 random bytes, base64url. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Node's one-shot hash (from 20.12; `engines` allows 20.6): every resource call hashes its bearer
 * token, and a Hash object costs several times more.
 */
const oneShotHash: typeof nodeCrypto.hash | undefined =
  typeof nodeCrypto.hash === 'function' ? nodeCrypto.hash : undefined;

/**
 * The store key of a secret: its SHA-256, so a dump of the store (or a PostgreSQL log) never holds a
 * usable token or code.
 */
export function secretKey(secret: string): string {
  return oneShotHash === undefined
    ? createHash('sha256').update(secret).digest('base64url')
    : oneShotHash('sha256', secret, 'base64url');
}
