import { describe, expect, it } from 'vitest';
import {
  assertionRules,
  kindRule,
  resolveAssertionRule,
  type BasisOf,
} from '../../../../harness/suite/expectation-rules.ts';

const bases: Record<string, 'seed' | 'choice'> = {
  'SEED-ONE': 'seed',
  'SEED-TWO': 'seed',
  'CHOICE-ONE': 'choice',
  'CHOICE-TWO': 'choice',
  'ERR-STET-BODY': 'choice',
};
const basisOf: BasisOf = (id) => bases[id];

describe('one rule per assertion', () => {
  it('takes the rule the suite names on the assertion before anything else', () => {
    const scope = { stepRules: ['SEED-ONE'], caseRules: ['SEED-ONE', 'CHOICE-ONE'] };
    expect(resolveAssertionRule({ kind: 'status', rule: 'CHOICE-ONE' }, scope, basisOf)).toEqual({
      ok: true,
      rule: 'CHOICE-ONE',
    });
    expect(
      resolveAssertionRule({ kind: 'schema', schema: 'ErrorModel', rule: 'SEED-ONE' }, scope, basisOf),
    ).toEqual({ ok: true, rule: 'SEED-ONE' });
  });

  it('gives error bodies, unnamed headers and codes of ours to the rule of their kind', () => {
    expect(kindRule({ kind: 'schema', schema: 'ErrorModel' })).toBe('ERR-STET-BODY');
    expect(kindRule({ kind: 'schema', schema: 'OAuthError' })).toBe('ERR-OAUTH-BODY');
    expect(kindRule({ kind: 'schema', schema: 'AccountList' })).toBeUndefined();
    expect(kindRule({ kind: 'header', name: 'Content-Type' })).toBe('TRN-JSON-RESPONSES');
    expect(kindRule({ kind: 'header', name: 'allow' })).toBe('ERR-405-ALLOW');
    expect(kindRule({ kind: 'header', name: 'x-request-id' })).toBeUndefined();
    // CERT_MISSING is a code of ours; NGAC is in the seed's code list.
    expect(kindRule({ kind: 'error', code: 'CERT_MISSING' })).toBe('ERR-REFERENCE-CODE');
    expect(kindRule({ kind: 'error', code: 'NGAC' })).toBeUndefined();
  });

  it("takes the step's one rule, else the case's, leaving out the rules of a kind", () => {
    expect(
      resolveAssertionRule(
        { kind: 'json', path: '$.accounts' },
        { stepRules: ['CHOICE-ONE'], caseRules: ['SEED-ONE', 'CHOICE-ONE'] },
        basisOf,
      ),
    ).toEqual({ ok: true, rule: 'CHOICE-ONE' });
    expect(
      resolveAssertionRule(
        { kind: 'status' },
        { stepRules: undefined, caseRules: ['SEED-ONE', 'ERR-STET-BODY'] },
        basisOf,
      ),
    ).toEqual({ ok: true, rule: 'SEED-ONE' });
  });

  it('names the first of several rules of one basis, and refuses to choose between seed and choice', () => {
    const seeds = { stepRules: undefined, caseRules: ['SEED-TWO', 'SEED-ONE'] };
    expect(resolveAssertionRule({ kind: 'links' }, seeds, basisOf)).toEqual({ ok: true, rule: 'SEED-TWO' });
    const mixed = { stepRules: undefined, caseRules: ['SEED-ONE', 'CHOICE-ONE', 'CHOICE-TWO'] };
    const refused = resolveAssertionRule({ kind: 'status' }, mixed, basisOf);
    expect(refused.ok).toBe(false);
    expect(refused.ok ? '' : refused.problem).toContain(
      'seed rule SEED-ONE or choice rules CHOICE-ONE, CHOICE-TWO',
    );
    expect(refused.ok ? '' : refused.problem).toContain('expect.rules: { status: RULE }');
    const json = resolveAssertionRule({ kind: 'json', path: '$.accounts' }, mixed, basisOf);
    expect(json.ok ? '' : json.problem).toContain('`rule: RULE` on it');
  });

  it('judges checks of members the seed never shows by a choice, even in a step of seed rules', () => {
    const scope = { stepRules: undefined, caseRules: ['SEED-ONE', 'CHOICE-TWO'] };
    expect(resolveAssertionRule({ kind: 'json', path: '$.problem.detail' }, scope, basisOf)).toEqual({
      ok: true,
      rule: 'CHOICE-TWO',
    });
    expect(
      resolveAssertionRule(
        { kind: 'json', path: '$.problem' },
        { stepRules: ['SEED-ONE'], caseRules: ['SEED-ONE'] },
        basisOf,
      ),
    ).toEqual({ ok: true, rule: 'ERR-SANDBOX-PROBLEM-MEMBERS' });
    expect(
      resolveAssertionRule(
        { kind: 'json', path: '$.problems' },
        { stepRules: ['SEED-ONE'], caseRules: ['SEED-ONE'] },
        basisOf,
      ),
    ).toEqual({ ok: true, rule: 'SEED-ONE' });
  });

  it("judges the error body's members by its shape's rule: the seed shows no error body", () => {
    const scope = { stepRules: ['SEED-ONE'], caseRules: ['SEED-ONE'] };
    for (const path of ['$.status', '$.message', '$.timestamp', '$.path'])
      expect(resolveAssertionRule({ kind: 'json', path }, scope, basisOf)).toEqual({
        ok: true,
        rule: 'ERR-STET-BODY',
      });
    expect(resolveAssertionRule({ kind: 'json', path: '$.error_description' }, scope, basisOf)).toEqual({
      ok: true,
      rule: 'TOK-ERROR-DESCRIPTION',
    });
    expect(resolveAssertionRule({ kind: 'json', path: '$.statusReason' }, scope, basisOf)).toEqual({
      ok: true,
      rule: 'SEED-ONE',
    });
  });

  it('falls back, for a definition the loader never saw, to a seed rule: a miss between both is a failure', () => {
    const ruleOf = assertionRules({ stepRules: undefined, caseRules: ['CHOICE-ONE', 'SEED-ONE'] }, basisOf);
    expect(ruleOf({ kind: 'status' })).toBe('SEED-ONE');
  });
});

describe('the outcome of a journey left to time out', () => {
  it("is judged by the screen timeout's length, a choice, whatever the step checks", () => {
    const scope = { stepRules: ['SEED-ONE'], caseRules: ['SEED-ONE'] };
    expect(resolveAssertionRule({ kind: 'outcome', journey: 'timeout' }, scope, basisOf)).toEqual({
      ok: true,
      rule: 'TOK-JOURNEY-SCREEN-TIMEOUT',
    });
    expect(resolveAssertionRule({ kind: 'outcome', journey: 'consent' }, scope, basisOf)).toEqual({
      ok: true,
      rule: 'SEED-ONE',
    });
  });
});
