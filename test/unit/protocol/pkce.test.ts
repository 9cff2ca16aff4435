import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  createPkcePair,
  isValidCodeVerifier,
  isValidS256Challenge,
  pkceChallenge,
  verifyPkce,
} from '../../../protocol/pkce.ts';

// RFC 7636 Appendix B.
const rfcVerifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const rfcChallenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('PKCE', () => {
  it('computes the S256 challenge of RFC 7636 appendix B', () => {
    expect(pkceChallenge(rfcVerifier)).toBe(rfcChallenge);
    expect(pkceChallenge(rfcVerifier, 'S256')).toBe(rfcChallenge);
  });

  it('uses the verifier itself as the plain challenge', () => {
    expect(pkceChallenge(rfcVerifier, 'plain')).toBe(rfcVerifier);
  });

  it('accepts the verifier matching an S256 challenge', () => {
    expect(verifyPkce({ verifier: rfcVerifier, challenge: rfcChallenge, method: 'S256' })).toBe(true);
  });

  it('refuses a wrong verifier', () => {
    const wrong = `${rfcVerifier.slice(0, -1)}l`;
    expect(verifyPkce({ verifier: wrong, challenge: rfcChallenge, method: 'S256' })).toBe(false);
  });

  it('refuses the challenge itself sent as verifier of an S256 challenge', () => {
    expect(verifyPkce({ verifier: rfcChallenge, challenge: rfcChallenge, method: 'S256' })).toBe(false);
  });

  it('compares a plain challenge with the verifier as sent', () => {
    expect(verifyPkce({ verifier: rfcVerifier, challenge: rfcVerifier, method: 'plain' })).toBe(true);
    expect(verifyPkce({ verifier: rfcVerifier, challenge: rfcChallenge, method: 'plain' })).toBe(false);
  });

  it('tells verifiers and challenges outside RFC 7636 syntax', () => {
    expect(isValidCodeVerifier(rfcVerifier)).toBe(true);
    expect(isValidCodeVerifier('abc')).toBe(false);
    expect(isValidCodeVerifier(`${'a'.repeat(42)} `)).toBe(false);
    expect(isValidCodeVerifier('a'.repeat(129))).toBe(false);
    expect(isValidS256Challenge(rfcChallenge)).toBe(true);
    expect(isValidS256Challenge(`${rfcChallenge}=`)).toBe(false);
  });

  it('makes fresh pairs of valid syntax that verify, never the same twice', () => {
    const a = createPkcePair();
    const b = createPkcePair();
    expect(a.method).toBe('S256');
    expect(isValidCodeVerifier(a.verifier)).toBe(true);
    expect(isValidS256Challenge(a.challenge)).toBe(true);
    expect(verifyPkce({ verifier: a.verifier, challenge: a.challenge, method: 'S256' })).toBe(true);
    expect(a.verifier).not.toBe(b.verifier);
  });

  it('round-trips every valid verifier and tells any two different ones apart', () => {
    const verifier = fc.stringMatching(/^[A-Za-z0-9\-._~]{43,128}$/);
    fc.assert(
      fc.property(verifier, verifier, (a, b) => {
        expect(verifyPkce({ verifier: a, challenge: pkceChallenge(a), method: 'S256' })).toBe(true);
        if (a !== b)
          expect(verifyPkce({ verifier: b, challenge: pkceChallenge(a), method: 'S256' })).toBe(false);
      }),
    );
  });
});
