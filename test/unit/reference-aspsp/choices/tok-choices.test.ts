import { describe, expect, it } from 'vitest';
import { resolveChoices, referenceChoices } from '../../../../reference-aspsp/choices/index.ts';
import type { Journey } from '../../../../reference-aspsp/oauth/journey.ts';
import { roleOfScope, tokenScope } from '../../../../reference-aspsp/oauth/scope.ts';

const alternate = resolveChoices('alternate');

const journey: Journey = {
  id: 'j1',
  institution: '10101',
  clientId: 'PSDFR-ACPR-12345',
  tppName: 'Demo AISP',
  redirectUri: 'https://tpp.example/cb',
  state: undefined,
  scope: 'aisp',
  role: 'aisp',
  step: 'consent',
  psuId: 'alice',
  otp: undefined,
  otpFailures: 0,
  authenticatedAt: undefined,
  lastActivity: 0,
  extra: {},
};

describe('the TOK family of the alternate bank', () => {
  it('reads the first role token of a scope naming two roles', () => {
    expect(roleOfScope('aisp pisp', referenceChoices.of('TOK-AUTHORIZE-SCOPE-FORM'))).toBeUndefined();
    expect(roleOfScope('aisp pisp', alternate.of('TOK-AUTHORIZE-SCOPE-FORM'))?.role).toBe('aisp');
    expect(roleOfScope('openid', alternate.of('TOK-AUTHORIZE-SCOPE-FORM'))).toBeUndefined();
  });

  it('answers the scope token alone, without offline_access', () => {
    expect(tokenScope('aisp', referenceChoices.of('TOK-SCOPE-OFFLINE-ACCESS'))).toBe('aisp offline_access');
    expect(tokenScope('aisp', alternate.of('TOK-SCOPE-OFFLINE-ACCESS'))).toBe('aisp');
  });

  it("describes a token refusal by RFC 6749's meaning of its code", () => {
    const reference = referenceChoices.of('TOK-ERROR-DESCRIPTION');
    const other = alternate.of('TOK-ERROR-DESCRIPTION');
    expect(reference('invalid_grant', 'expired code')).toBe('expired code');
    expect(other('invalid_grant', 'expired code')).toBe(
      'The provided authorization grant or refresh token is invalid.',
    );
  });

  it('renders French pages with the same fields and decisions', () => {
    const frame = { bankName: 'Banque Alpha', journey };
    const french = alternate.of('TOK-JOURNEY-PAGES').consent(frame);
    const english = referenceChoices.of('TOK-JOURNEY-PAGES').consent(frame);
    expect(french).toContain('lang="fr"');
    expect(french).toContain('Je refuse');
    expect(english).toContain('>Refuse<');
    for (const page of [french, english]) {
      expect(page).toContain('name="decision" value="accept"');
      expect(page).toContain('name="decision" value="refuse"');
    }
    expect(alternate.of('TOK-JOURNEY-PAGES').identify(frame)).toContain('name="identifier"');
  });

  it('fills the identification page in with the login_hint for the PSU to confirm', () => {
    expect(referenceChoices.of('TOK-LOGIN-HINT')).toBe('skips-identification');
    expect(alternate.of('TOK-LOGIN-HINT')).toBe('confirmed-on-the-page');
    const page = alternate
      .of('TOK-JOURNEY-PAGES')
      .identify({ bankName: 'Banque Alpha', journey }, undefined, 'a"b');
    expect(page).toContain('name="identifier" autocomplete="username" required value="a&quot;b"');
    expect(
      referenceChoices.of('TOK-JOURNEY-PAGES').identify({ bankName: 'Banque Alpha', journey }),
    ).not.toContain('value=');
  });

  it('times journeys out after 3 minutes and ends them after 5 wrong codes, without a reason', () => {
    expect(referenceChoices.of('TOK-JOURNEY-SCREEN-TIMEOUT')).toBe(300_000);
    expect(alternate.of('TOK-JOURNEY-SCREEN-TIMEOUT')).toBe(180_000);
    expect(alternate.of('TOK-JOURNEY-OTP-ATTEMPTS').maxFailures).toBe(5);
    expect(alternate.of('TOK-JOURNEY-ENDING-REASON')('timeout')).toBeUndefined();
    expect(referenceChoices.of('TOK-JOURNEY-ENDING-REASON')('timeout')).toBe('timeout');
  });

  it('sends an empty state when none was asked, and none on a cancellation', () => {
    expect(referenceChoices.of('TOK-STATE-ONLY-WHEN-SENT')(undefined)).toBeUndefined();
    expect(alternate.of('TOK-STATE-ONLY-WHEN-SENT')(undefined)).toBe('');
    expect(alternate.of('TOK-CALLBACK-STATE')('s1')).toBeUndefined();
    expect(referenceChoices.of('TOK-CALLBACK-STATE')('s1')).toBe('s1');
  });
});
