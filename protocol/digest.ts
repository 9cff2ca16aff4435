/**
 * The `Digest` header (RFC 3230) as STET uses it: `SHA-256=<base64 of the body>`.
 */
import { createHash } from 'node:crypto';

/** Digest algorithms this module computes and checks. */
export type DigestAlgorithm = 'SHA-256' | 'SHA-512';

const hashes: Record<DigestAlgorithm, string> = { 'SHA-256': 'sha256', 'SHA-512': 'sha512' };

/** Returns the `Digest` header value for `body` (the empty string for a request without body). */
export function computeDigest(body: Uint8Array | string, algorithm: DigestAlgorithm = 'SHA-256'): string {
  if (body.length === 0) return (emptyDigests[algorithm] ??= hash(new Uint8Array(0), algorithm));
  return hash(typeof body === 'string' ? Buffer.from(body, 'utf8') : body, algorithm);
}

/** Digests of the empty body, the body of every GET: computed once, not per request. */
const emptyDigests: Partial<Record<DigestAlgorithm, string>> = {};

function hash(bytes: Uint8Array, algorithm: DigestAlgorithm): string {
  return `${algorithm}=${createHash(hashes[algorithm]).update(bytes).digest('base64')}`;
}

/** The outcome of {@link verifyDigest}. */
export type DigestVerification =
  | { valid: true; algorithm: DigestAlgorithm }
  | { valid: false; reason: 'missing' }
  | { valid: false; reason: 'malformed'; message: string }
  | { valid: false; reason: 'unsupported-algorithm'; algorithms: string[] }
  | { valid: false; reason: 'mismatch'; algorithm: DigestAlgorithm };

/**
 * Checks a `Digest` header value against the body.
 *
 * The value may list several `algorithm=value` pairs (RFC 3230); every supported one must match and
 * at least one must be supported. Algorithm names are case-insensitive.
 */
export function verifyDigest(headerValue: string | undefined, body: Uint8Array | string): DigestVerification {
  if (headerValue === undefined || headerValue.trim() === '') return { valid: false, reason: 'missing' };
  // The value every well-behaved client sends, one SHA-256 entry as computeDigest writes it: the
  // outcome of the walk below for it, without splitting it (the reference checks one per call).
  if (headerValue === computeDigest(body)) return { valid: true, algorithm: 'SHA-256' };
  const entries: { algorithm: string; value: string }[] = [];
  for (const part of headerValue.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0)
      return { valid: false, reason: 'malformed', message: `expected algorithm=value in "${part.trim()}"` };
    entries.push({ algorithm: part.slice(0, eq).trim(), value: part.slice(eq + 1).trim() });
  }
  const unknown: string[] = [];
  let checked: DigestAlgorithm | undefined;
  for (const entry of entries) {
    const algorithm = asAlgorithm(entry.algorithm);
    if (algorithm === undefined) {
      unknown.push(entry.algorithm);
      continue;
    }
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(entry.value)) {
      return { valid: false, reason: 'malformed', message: `${entry.algorithm} value is not base64` };
    }
    if (computeDigest(body, algorithm) !== `${algorithm}=${entry.value}`)
      return { valid: false, reason: 'mismatch', algorithm };
    checked ??= algorithm;
  }
  if (checked === undefined) return { valid: false, reason: 'unsupported-algorithm', algorithms: unknown };
  return { valid: true, algorithm: checked };
}

function asAlgorithm(name: string): DigestAlgorithm | undefined {
  const upper = name.toUpperCase();
  return upper === 'SHA-256' || upper === 'SHA-512' ? upper : undefined;
}
