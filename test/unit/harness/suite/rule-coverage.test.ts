import { describe, expect, it } from 'vitest';
import { ruleCoverage } from '../../../../harness/suite/rule-coverage.ts';
import type { CaseDefinition, SuiteDefinition } from '../../../../harness/suite/suite-definition.ts';
import type { Rule } from '../../../../spec/lib/index.ts';

const rule = (id: string, check: Rule['check'] = { kind: 'api' }): Rule => ({
  id,
  title: `title of ${id}`,
  section: 'Versioning',
  versions: ['v1'],
  roles: ['aisp'],
  check,
  basis: { kind: 'seed', quote: 'q' },
  severity: 'behaviour',
  liveOnly: false,
});

const caseOf = (id: string, rules: string[]): CaseDefinition => ({
  id,
  title: id,
  at: 's.yaml:1:1',
  rules,
  tags: [],
  versions: ['v1'],
  given: {
    persona: 'alice',
    role: 'aisp',
    tpp: undefined,
    login: false,
    consent: undefined,
    clock: undefined,
    needs: [],
    institutions: undefined,
    features: {},
  },
  steps: [],
});

const suite = (id: string, cases: CaseDefinition[]): SuiteDefinition => ({
  suite: id,
  title: id,
  file: `${id}.yaml`,
  versions: ['v1'],
  roles: ['aisp'],
  tags: [],
  cases,
});

describe('ruleCoverage', () => {
  const rules = [
    rule('VER-A'),
    rule('VER-B'),
    rule('VER-PORTAL', { kind: 'manual', reason: 'an announcement on the portal' }),
  ];
  const suites = [
    suite('one', [caseOf('first', ['VER-A']), caseOf('second', ['VER-A'])]),
    suite('two', [caseOf('third', ['VER-A'])]),
  ];

  it('lists each rule with the cases claiming it, in suite and case order', () => {
    const coverage = ruleCoverage(suites, rules);
    expect(coverage.rules[0]).toEqual({
      id: 'VER-A',
      title: 'title of VER-A',
      section: 'Versioning',
      check: 'api',
      cases: ['one/first', 'one/second', 'two/third'],
    });
  });

  it('counts a checkable rule without a case as a gap, and a manual rule apart with its reason', () => {
    const coverage = ruleCoverage(suites, rules);
    expect(coverage.unchecked).toEqual(['VER-B']);
    expect(coverage.manual).toEqual([{ id: 'VER-PORTAL', reason: 'an announcement on the portal' }]);
    expect(coverage.rules[2]).toMatchObject({
      check: 'manual',
      reason: 'an announcement on the portal',
      cases: [],
    });
    expect([coverage.checked, coverage.checkable, coverage.total]).toEqual([1, 2, 3]);
  });
});
