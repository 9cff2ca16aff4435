import { describe, expect, it } from 'vitest';
import { evaluateExpectations, type ExpectationContext } from '../../../../harness/runner/expectations.ts';
import type { StepOutcome } from '../../../../harness/runner/step-outcome.ts';
import type { Expectations } from '../../../../harness/suite/suite-definition.ts';
import { assertionRules } from '../../../../harness/suite/expectation-rules.ts';
import { getRule } from '../../../../spec/lib/index.ts';

const empty: Expectations = { headers: {}, json: [], every: [], links: [], rules: {} };
const ctx: ExpectationContext = {
  version: 'v1.6.2',
  schemas: () => () => ({ valid: false, errors: ['another shape'] }),
  expectedOf: (value) => value,
  // A step checking one seed rule: what is not the step's is owned by its kind.
  ruleOf: assertionRules(
    { stepRules: ['AIS-ACC-NOT-CONSENTED-NGAC'], caseRules: [] },
    (id) => getRule(id)?.basis.kind,
  ),
};
const step = 'AIS-ACC-NOT-CONSENTED-NGAC';

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
    expect(rulesOf({ ...empty, schema: 'AccountList' }, answer(200, {}))).toEqual([[step]]);
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
    expect(rulesOf(ngac, answer(200, { message: 'NGAC' }))).toEqual([[step]]);
    // FF01's 400 is in the seed's table: another status is a failure.
    expect(rulesOf({ ...empty, status: [400], error: 'FF01' }, answer(422, { message: 'FF01' }))).toEqual([
      [step],
    ]);
  });

  it('judges another code where the reference chose one as our choice, and a wrong seed code as a failure', () => {
    const missing = { ...empty, status: [401], error: 'CERT_MISSING' };
    expect(rulesOf(missing, answer(403, { message: 'NO_CERT' }))).toEqual([
      ['ERR-STATUS-OF-CODE'],
      ['ERR-REFERENCE-CODE'],
    ]);
    expect(rulesOf({ ...empty, status: [403], error: 'NGAC' }, answer(403, { message: 'AC01' }))).toEqual([
      [step],
    ]);
  });

  it('finds a seed code wherever the body carries it, and judges a missing one by the step', () => {
    const ngac = { ...empty, status: [403], error: 'NGAC' };
    expect(rulesOf(ngac, answer(403, { code: 'NGAC', text: 'account not granted' }))).toEqual([]);
    expect(rulesOf(ngac, answer(403, { errors: [{ code: 'NGAC' }] }))).toEqual([]);
    expect(rulesOf(ngac, answer(403, { code: 'AC04', text: 'NGAC-like' }))).toEqual([[step]]);
  });

  it('judges an assertion by the rule the suite names on it, whatever its kind', () => {
    const named = { ...empty, schema: 'ErrorModel', rules: { schema: 'AIS-OTH-RECORDS-OF-THE-REFERENCE' } };
    expect(rulesOf(named, answer(403, {}))).toEqual([['AIS-OTH-RECORDS-OF-THE-REFERENCE']]);
    const header = { ...empty, headers: { allow: { exists: true, rule: 'TRN-NO-STORE' } } };
    expect(rulesOf(header, answer(405, {}))).toEqual([['TRN-NO-STORE']]);
    expect(rulesOf({ ...empty, headers: { allow: { exists: true } } }, answer(405, {}))).toEqual([
      ['ERR-405-ALLOW'],
    ]);
  });
});

describe('the exact success status of an operation', () => {
  const initiation = {
    version: 'v1.6.2',
    method: 'POST',
    path: '/stet/psd2/v1.6.2/payment-requests',
  } as const;
  const consents = { version: 'v1.6.2', method: 'PUT', path: '/stet/psd2/v1.6.2/consents' } as const;
  const check = (status: number, actual: number, operation: ExpectationContext['operation']): unknown =>
    evaluateExpectations({ ...empty, status: [status] }, answer(actual, {}), { ...ctx, operation }).map(
      (f) => f.rules,
    );

  it('is ours where the seed shows no response (a 200 initiation is advisory)', () => {
    expect(check(201, 200, initiation)).toEqual([['TRN-STATUS-DOCUMENTED']]);
  });

  it("is the seed's where the seed states it, and a refusal instead of a success is never ours", () => {
    expect(check(201, 200, consents)).toEqual([[step]]);
    expect(check(201, 403, initiation)).toEqual([[step]]);
    expect(check(201, 201, initiation)).toEqual([]);
  });
});
