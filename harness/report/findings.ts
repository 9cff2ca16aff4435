/**
 * Findings grouped for the person who must fix the bank: one group per rule a failure was judged by,
 * then the cases it failed in, each with the cells (version × institution) where it did.
 *
 * A failure names the rules it was judged by (`failure.rules`, one per assertion that missed); a
 * report without them (written before, or a traffic check) falls back to the result's rules. A cell is
 * filed once, under the most serious of them (a consent bypass answered with account data also misses
 * the error body's shape: it is a finding of the consent rule, the body's rule named beside it). Errored
 * cells are the harness's problem, not a rule's: they form one group of their own. The severity, the
 * seed quote or our reason come from the rule catalogue (`spec/rules.yaml`).
 */
import { getRule } from '../../spec/lib/index.ts';
import type { Severity } from '../../spec/lib/rules.ts';
import { severities } from '../../spec/lib/rules.ts';
import type { CaseResult, RuleRef, Status } from './model.ts';
import { statusTraits } from './model.ts';

/** The id of the group of errored cells (the harness could not check them). */
export const harnessErrorGroup = '(harness error)';

/** The id of the group of problem cells that name no rule (a report from elsewhere). */
export const noRuleGroup = '(no rule)';

/** What a rule rests on, as a finding shows it. */
export type FindingBasis =
  | { kind: 'seed'; quote: string }
  | { kind: 'choice'; reason: string; alternate: string | undefined }
  | { kind: 'unknown' };

/** One case of a rule's findings: its problem cells and every cell it ran in. */
export interface CaseFinding {
  suite: string;
  case: string;
  title: string;
  /** The cells of the case this rule's findings are in, in run order. */
  cells: CaseResult[];
  /** Every cell of the case in the run (passed, not applicable…), to show the case's whole row. */
  all: CaseResult[];
}

/** Every finding of one rule. */
export interface RuleFinding {
  id: string;
  title: string;
  section: string;
  basis: FindingBasis;
  /** From the catalogue; undefined for the harness errors and a rule the catalogue does not know. */
  severity: Severity | undefined;
  cases: CaseFinding[];
  /** Number of problem cells, all cases together. */
  cellCount: number;
  /** The most serious status among the cells (errored, failed, then advisory). */
  status: Status;
}

/**
 * The rules a problem cell was judged by, the one it is filed under first: the most serious, then the
 * order the failure gives (see the module comment).
 */
export function judgingRules(result: CaseResult): string[] {
  if (result.status === 'errored') return [harnessErrorGroup];
  const named = result.failure?.rules ?? [];
  const ids = named.length > 0 ? [...new Set(named)] : result.rules.map((rule) => rule.id);
  if (ids.length === 0) return [noRuleGroup];
  const rank = (id: string): number => severityRank(getRule(id)?.severity);
  return ids
    .map((id, index) => ({ id, index }))
    .sort((a, b) => rank(a.id) - rank(b.id) || a.index - b.index)
    .map((r) => r.id);
}

/** A severity's rank, most serious first; rules without one come last. */
export function severityRank(severity: Severity | undefined): number {
  return severity === undefined ? severities.length : severities.indexOf(severity);
}

const statusRank = (status: Status): number =>
  status === 'errored' ? 0 : status === 'failed' ? 1 : statusTraits[status].problem ? 2 : 3;

/**
 * The problem cells of a run (failed, errored, advisory) grouped by rule, then case: most serious
 * severity first, failures before advisory findings, then the rules with most cells, then by id.
 */
export function findingsByRule(results: readonly CaseResult[]): RuleFinding[] {
  const allOf = new Map<string, CaseResult[]>();
  for (const result of results) {
    const key = `${result.suite}/${result.case}`;
    allOf.set(key, [...(allOf.get(key) ?? []), result]);
  }
  const groups = new Map<string, RuleFinding>();
  for (const result of results) {
    if (!statusTraits[result.status].problem) continue;
    const [id = noRuleGroup] = judgingRules(result);
    const group =
      groups.get(id) ??
      newGroup(
        id,
        result.rules.find((rule) => rule.id === id),
      );
    const key = `${result.suite}/${result.case}`;
    let one = group.cases.find((c) => `${c.suite}/${c.case}` === key);
    if (one === undefined) {
      one = {
        suite: result.suite,
        case: result.case,
        title: result.title,
        cells: [],
        all: allOf.get(key) ?? [],
      };
      group.cases.push(one);
    }
    one.cells.push(result);
    group.cellCount += 1;
    if (statusRank(result.status) < statusRank(group.status)) group.status = result.status;
    groups.set(id, group);
  }
  return [...groups.values()].sort(
    (a, b) =>
      severityRank(a.severity) - severityRank(b.severity) ||
      statusRank(a.status) - statusRank(b.status) ||
      b.cellCount - a.cellCount ||
      a.id.localeCompare(b.id),
  );
}

function newGroup(id: string, ref: RuleRef | undefined): RuleFinding {
  if (id === harnessErrorGroup) {
    const title =
      'The harness could not check these cells (a host unreachable, our certificate refused, bad suite or target data)';
    return {
      id,
      title,
      section: '',
      basis: { kind: 'unknown' },
      severity: undefined,
      cases: [],
      cellCount: 0,
      status: 'errored',
    };
  }
  const rule = getRule(id);
  const basis: FindingBasis =
    rule === undefined
      ? { kind: 'unknown' }
      : rule.basis.kind === 'seed'
        ? { kind: 'seed', quote: rule.basis.quote }
        : { kind: 'choice', reason: rule.basis.reason, alternate: rule.basis.alternate };
  return {
    id,
    title: rule?.title ?? ref?.title ?? '',
    section: rule?.section ?? ref?.section ?? '',
    basis,
    severity: rule?.severity,
    cases: [],
    cellCount: 0,
    status: 'advisory',
  };
}
