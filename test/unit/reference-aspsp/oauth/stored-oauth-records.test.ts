import { describe, expect, it } from 'vitest';
import {
  parseAuthorizationCode,
  parseUsedCode,
  type AuthorizationCode,
  type UsedCode,
} from '../../../../reference-aspsp/oauth/authorization-code.ts';
import { parseJourney, type Journey } from '../../../../reference-aspsp/oauth/journey.ts';

const code: AuthorizationCode = {
  institution: '10101',
  clientId: 'PSDFR-ACPR-12345',
  redirectUri: 'https://tpp.example/cb',
  psuId: 'alice',
  role: 'pisp',
  scope: 'pisp',
  expiresAt: 1_700_000_060_000,
  authenticatedAt: 1_700_000_000_000,
  state: 's1',
  extra: { code_challenge: 'abc', code_challenge_method: 'S256' },
};

const used: UsedCode = { used: true, institution: '10101', clientId: 'PSDFR-ACPR-12345', refreshKey: 'k' };

const journey: Journey = {
  id: 'j1',
  institution: '10101',
  clientId: 'PSDFR-ACPR-12345',
  tppName: 'TPP',
  redirectUri: 'https://tpp.example/cb',
  state: undefined,
  scope: 'aisp',
  role: 'aisp',
  step: 'identify',
  psuId: undefined,
  otp: undefined,
  otpFailures: 0,
  authenticatedAt: undefined,
  lastActivity: 1_700_000_000_000,
  extra: {},
};

/** The value with one field left out. */
function without(value: object, field: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([name]) => name !== field));
}

describe('stored authorization codes', () => {
  it('reads back a code, with or without state, and tells a used-code marker apart', () => {
    expect(parseAuthorizationCode(code)).toEqual(code);
    expect(parseAuthorizationCode(without(code, 'state'))?.state).toBeUndefined();
    expect(parseAuthorizationCode(used)).toBeUndefined();
    expect(parseUsedCode(used)).toEqual(used);
    expect(parseUsedCode(code)).toBeUndefined();
  });

  it('refuses a code missing a required field, of an unknown role or with a non-string extra', () => {
    for (const field of Object.keys(code).filter((name) => name !== 'state'))
      expect(parseAuthorizationCode(without(code, field))).toBeUndefined();
    expect(parseAuthorizationCode({ ...code, role: 'piisp' })).toBeUndefined();
    expect(parseAuthorizationCode({ ...code, extra: { code_challenge: 7 } })).toBeUndefined();
    expect(parseUsedCode({ ...used, used: false })).toBeUndefined();
  });
});

describe('stored journeys', () => {
  it('reads back a journey at each step, optional fields absent or set', () => {
    expect(parseJourney(journey)).toEqual(journey);
    const authenticated = {
      ...journey,
      step: 'consent',
      psuId: 'alice',
      otp: '12345678',
      authenticatedAt: 1,
    };
    expect(parseJourney(authenticated)).toEqual(authenticated);
  });

  it('refuses a journey at an unknown step, missing a field or with a number for a text', () => {
    expect(parseJourney({ ...journey, step: 'done' })).toBeUndefined();
    expect(parseJourney(without(journey, 'lastActivity'))).toBeUndefined();
    expect(parseJourney({ ...journey, psuId: 42 })).toBeUndefined();
    expect(parseJourney('j1')).toBeUndefined();
  });
});
