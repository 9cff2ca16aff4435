import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.1: 43 to 128 characters of the unreserved set. */
const verifierPattern = /^[A-Za-z0-9\-._~]{43,128}$/;
/** The S256 challenge is a base64url SHA-256: 43 characters, no padding. */
const challengePattern = /^[A-Za-z0-9\-_]{43}$/;

/** True when `value` is a syntactically valid PKCE code_verifier (RFC 7636 §4.1). */
export function isValidCodeVerifier(value: string): boolean {
  return verifierPattern.test(value);
}

/** True when `value` can be an S256 code_challenge (RFC 7636 §4.2). */
export function isValidS256Challenge(value: string): boolean {
  return challengePattern.test(value);
}

/** The S256 code_challenge of a verifier: BASE64URL(SHA256(ASCII(verifier))). */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/**
 * Checks a code_verifier against the S256 challenge given at authorize (seed: Authentication 5, the
 * PISP token request carries `code_verifier`). Only S256 exists here: `plain` is refused at authorize.
 */
export function verifyPkceS256(options: { verifier: string; challenge: string }): boolean {
  if (!isValidCodeVerifier(options.verifier) || !isValidS256Challenge(options.challenge)) return false;
  const computed = Buffer.from(s256Challenge(options.verifier));
  const expected = Buffer.from(options.challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
