/**
 * Which suite cases check each rule of the catalogue (`stet-harness rules --coverage`): the gaps are
 * the checkable rules no case claims; rules no call of the API can show (`check: manual`) are listed
 * apart with their reason, never as gaps.
 */
import type { Rule } from '../../spec/lib/index.ts';
import type { SuiteDefinition } from './suite-definition.ts';

/** One rule with the cases (`suite/case`) that check it. */
export interface RuleCoverage {
  id: string;
  title: string;
  section: string;
  /** `manual`: not checkable through the API (see `reason`). */
  check: 'api' | 'manual';
  reason?: string;
  cases: string[];
}

/** The coverage of a catalogue by a set of suites. */
export interface CoverageSummary {
  rules: RuleCoverage[];
  /** Ids of the checkable rules no case checks: the gaps. */
  unchecked: string[];
  /** Rules not checkable through the API, with the reason. */
  manual: Array<{ id: string; reason: string }>;
  /** Checkable rules at least one case checks. */
  checked: number;
  /** Rules that are not manual. */
  checkable: number;
  total: number;
}

/** Maps every rule to the cases claiming it (suite order, then case order). */
export function ruleCoverage(suites: readonly SuiteDefinition[], rules: readonly Rule[]): CoverageSummary {
  const byRule = new Map<string, string[]>();
  for (const suite of suites)
    for (const c of suite.cases)
      for (const rule of c.rules) byRule.set(rule, [...(byRule.get(rule) ?? []), `${suite.suite}/${c.id}`]);
  const covered: RuleCoverage[] = rules.map((r) => ({
    id: r.id,
    title: r.title,
    section: r.section,
    check: r.check.kind,
    ...(r.check.kind === 'manual' ? { reason: r.check.reason } : {}),
    cases: byRule.get(r.id) ?? [],
  }));
  const manual = rules.flatMap((r) =>
    r.check.kind === 'manual' ? [{ id: r.id, reason: r.check.reason }] : [],
  );
  const checkable = covered.filter((r) => r.check === 'api');
  const unchecked = checkable.filter((r) => r.cases.length === 0).map((r) => r.id);
  return {
    rules: covered,
    unchecked,
    manual,
    checked: checkable.length - unchecked.length,
    checkable: checkable.length,
    total: rules.length,
  };
}
