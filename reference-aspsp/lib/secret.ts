import { createHash, randomBytes } from 'node:crypto';

/** A fresh unguessable value (tokens, codes, journey ids): 32 random bytes, base64url. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The store key of a secret: its SHA-256, so a dump of the store (or a PostgreSQL log) never holds a
 * usable token or code.
 */
export function secretKey(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
