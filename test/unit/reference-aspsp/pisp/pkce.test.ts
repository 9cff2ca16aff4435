import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidCodeVerifier, s256Challenge, verifyPkceS256 } from '../../../../reference-aspsp/pisp/pkce.ts';

// RFC 7636 Appendix B.
const rfcVerifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const rfcChallenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('PKCE S256', () => {
  it('computes the challenge of RFC 7636 appendix B', () => {
    expect(s256Challenge(rfcVerifier)).toBe(rfcChallenge);
  });

  it('accepts the verifier matching the challenge', () => {
    expect(verifyPkceS256({ verifier: rfcVerifier, challenge: rfcChallenge })).toBe(true);
  });

  it('refuses a wrong verifier', () => {
    expect(verifyPkceS256({ verifier: `${rfcVerifier.slice(0, -1)}l`, challenge: rfcChallenge })).toBe(false);
  });

  it('refuses the challenge itself sent as verifier (plain method)', () => {
    expect(verifyPkceS256({ verifier: rfcChallenge, challenge: rfcChallenge })).toBe(false);
  });

  it('refuses verifiers outside RFC 7636 syntax even when hashed consistently', () => {
    const short = 'abc';
    expect(isValidCodeVerifier(short)).toBe(false);
    expect(verifyPkceS256({ verifier: short, challenge: s256Challenge(short) })).toBe(false);
    const withSpace = `${'a'.repeat(42)} `;
    expect(verifyPkceS256({ verifier: withSpace, challenge: s256Challenge(withSpace) })).toBe(false);
  });

  it('round-trips every valid verifier and tells any two different ones apart', () => {
    const verifier = fc.stringMatching(/^[A-Za-z0-9\-._~]{43,128}$/);
    fc.assert(
      fc.property(verifier, verifier, (a, b) => {
        expect(verifyPkceS256({ verifier: a, challenge: s256Challenge(a) })).toBe(true);
        if (a !== b) expect(verifyPkceS256({ verifier: b, challenge: s256Challenge(a) })).toBe(false);
      }),
    );
  });
});
