import { describe, expect, it } from 'vitest';
import { evaluateExpectations, type ExpectationContext } from '../../../../harness/runner/expectations.ts';
import type { StepOutcome } from '../../../../harness/runner/step-outcome.ts';
import type { Expectations } from '../../../../harness/suite/suite-definition.ts';

const empty: Expectations = { headers: {}, json: [], every: [], links: [] };
const ctx: ExpectationContext = {
  version: 'v1.6.2',
  schemas: () => () => ({ valid: false, errors: ['another shape'] }),
  expectedOf: (value) => value,
};

function answer(status: number, body: unknown, headers: Record<string, string> = {}): StepOutcome {
  return { status, headers, body, text: JSON.stringify(body) };
}

const rulesOf = (expect_: Expectations, outcome: StepOutcome): Array<readonly string[] | undefined> =>
  evaluateExpectations(expect_, outcome, ctx).map((f) => f.rules);

describe('the basis of single checks', () => {
  it('judges the error body shape and the media type as our choices', () => {
    expect(rulesOf({ ...empty, schema: 'ErrorModel' }, answer(403, { code: 'NGAC' }))).toEqual([
      ['ERR-STET-BODY'],
    ]);
    expect(rulesOf({ ...empty, schema: 'OAuthError' }, answer(400, {}))).toEqual([['ERR-OAUTH-BODY']]);
    expect(rulesOf({ ...empty, schema: 'AccountList' }, answer(200, {}))).toEqual([undefined]);
    const media = { ...empty, headers: { 'content-type': { matches: '^application/json' } } };
    expect(rulesOf(media, answer(200, {}, { 'content-type': 'application/json; charset=utf-8' }))).toEqual(
      [],
    );
    expect(rulesOf(media, answer(200, {}, { 'content-type': 'text/plain' }))).toEqual([
      ['TRN-JSON-RESPONSES'],
    ]);
  });

  it('judges another refusal status for a code the seed gives no status as our choice, never a success', () => {
    const ngac = { ...empty, status: [403], error: 'NGAC' };
    expect(rulesOf(ngac, answer(401, { message: 'NGAC' }))).toEqual([['ERR-STATUS-OF-CODE']]);
    expect(rulesOf(ngac, answer(200, { message: 'NGAC' }))).toEqual([undefined]);
    // FF01's 400 is in the seed's table: another status is a failure.
    expect(rulesOf({ ...empty, status: [400], error: 'FF01' }, answer(422, { message: 'FF01' }))).toEqual([
      undefined,
    ]);
  });

  it('judges another code where the reference chose one as our choice, and a wrong seed code as a failure', () => {
    const missing = { ...empty, status: [401], error: 'CERT_MISSING' };
    expect(rulesOf(missing, answer(403, { message: 'NO_CERT' }))).toEqual([
      ['ERR-STATUS-OF-CODE'],
      ['ERR-REFERENCE-CODE'],
    ]);
    expect(rulesOf({ ...empty, status: [403], error: 'NGAC' }, answer(403, { message: 'AC01' }))).toEqual([
      undefined,
    ]);
  });
});
