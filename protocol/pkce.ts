/**
 * PKCE (RFC 7636), the one place it is made and checked: the TPP side (harness client, traffic diff,
 * tests) makes a verifier and its challenge here, and the reference bank checks a `code_verifier`
 * against the authorize request's challenge with {@link verifyPkce}.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A `code_challenge_method` (RFC 7636 §4.2); a missing method means `plain`. */
export type PkceMethod = 'S256' | 'plain';

/** A verifier the TPP keeps and the S256 challenge it sends at authorize. */
export interface PkcePair {
  readonly verifier: string;
  readonly challenge: string;
  readonly method: 'S256';
}

/** RFC 7636 §4.1: 43 to 128 characters of the unreserved set. */
const verifierPattern = /^[A-Za-z0-9\-._~]{43,128}$/;
/** The S256 challenge is a base64url SHA-256: 43 characters, no padding. */
const challengePattern = /^[A-Za-z0-9\-_]{43}$/;

// Stryker disable all: the client side (the TPP makes the verifier): the bank never runs it, so no conformance case can reach it (test/unit/protocol/pkce.test.ts does)
/** True when `value` is a syntactically valid PKCE code_verifier (RFC 7636 §4.1). */
export function isValidCodeVerifier(value: string): boolean {
  return verifierPattern.test(value);
}
// Stryker restore all

/** True when `value` can be an S256 code_challenge (RFC 7636 §4.2). */
export function isValidS256Challenge(value: string): boolean {
  return challengePattern.test(value);
}

/** The challenge of a verifier: BASE64URL(SHA256(ASCII(verifier))) for S256, the verifier for plain. */
export function pkceChallenge(verifier: string, method: PkceMethod = 'S256'): string {
  return method === 'S256' ? createHash('sha256').update(verifier, 'ascii').digest('base64url') : verifier;
}

// Stryker disable all: the client side (the TPP makes the pair): the bank never runs it, so no conformance case can reach it (test/unit/protocol/pkce.test.ts does)
/** A fresh verifier (32 random bytes, 43 base64url characters) and its S256 challenge. */
export function createPkcePair(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier), method: 'S256' };
}
// Stryker restore all

/**
 * True when `verifier` answers `challenge` under `method` (RFC 7636 §4.6), compared in constant time.
 * The verifier's syntax is the client's duty (§4.1, see {@link isValidCodeVerifier}); the bank compares.
 */
export function verifyPkce(options: { verifier: string; challenge: string; method: PkceMethod }): boolean {
  const computed = Buffer.from(pkceChallenge(options.verifier, options.method));
  const expected = Buffer.from(options.challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
