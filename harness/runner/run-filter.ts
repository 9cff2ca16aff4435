/**
 * Selection of what a run covers: `--suite`, `--case`, `--rule`, `--version`, `--institution`,
 * `--tag`, `--rerun-failed` (cells), and `--shard i/n`. Filters of one kind are alternatives; filters
 * of different kinds all apply. {@link checkFilter} refuses a filter naming something that does not
 * exist, so a typo can never produce an empty run that "conforms".
 */
import { CodedError } from '../../lib/coded-error.ts';
import type { CaseDefinition, SuiteDefinition } from '../suite/suite-definition.ts';
import type { Target } from '../targets/target-definition.ts';

/** The filters of a run; an empty list means "no filter of this kind". */
export interface RunFilter {
  suites: string[];
  /** Rule ids; an id ending in `*` (or `-`) is a prefix (`AIS-TRX-*`). */
  rules: string[];
  versions: string[];
  institutions: string[];
  tags: string[];
  /** Case ids, `case` or `suite/case`. */
  cases?: string[];
  /** Matrix cells by `cellKey` (`suite/case@version/institution`), e.g. the failures of a report. */
  cells?: readonly string[];
}

/** Raised for a filter naming no suite, case, rule, version, institution or tag that exists (exit 2). */
export class FilterError extends CodedError<'ERR_FILTER_UNKNOWN'> {}

/**
 * Checks every filter value against what the suites and the target offer; throws
 * `ERR_FILTER_UNKNOWN` listing the valid ids for the first kind with an unknown value.
 */
export function checkFilter(
  filter: RunFilter,
  suites: readonly SuiteDefinition[],
  target?: Pick<Target, 'versions' | 'institutions'>,
): void {
  const caseIds = suites.flatMap((s) => s.cases.flatMap((c) => [c.id, `${s.suite}/${c.id}`]));
  const ruleIds = [...new Set(suites.flatMap((s) => s.cases.flatMap((c) => c.rules)))].sort();
  const refuse = (kind: string, unknown: readonly string[], valid: readonly string[]): void => {
    if (unknown.length === 0) return;
    const shown = valid.length > 120 ? [...valid.slice(0, 120), `… (${valid.length - 120} more)`] : valid;
    throw new FilterError(
      'ERR_FILTER_UNKNOWN',
      `unknown ${kind} ${unknown.join(', ')}; valid: ${shown.join(', ')}`,
      { hint: `\`stet-harness list\` shows every suite, case and rule; fix the --${kind} option` },
    );
  };
  refuse(
    'suite',
    filter.suites.filter((id) => !suites.some((s) => s.suite === id)),
    suites.map((s) => s.suite),
  );
  refuse(
    'case',
    (filter.cases ?? []).filter((id) => !caseIds.includes(id)),
    suites.flatMap((s) => s.cases.map((c) => `${s.suite}/${c.id}`)),
  );
  const unknownRules = filter.rules.filter((f) => !ruleIds.some((rule) => ruleMatches(f, rule)));
  // Over 250 rule ids: list those of the unknown one's family (AIS-, TOK-…) when there are some.
  const family = unknownRules[0]?.split('-')[0] ?? '';
  const sameFamily = ruleIds.filter((rule) => rule.startsWith(`${family}-`));
  refuse('rule', unknownRules, sameFamily.length > 0 ? sameFamily : ruleIds);
  const tags = [...new Set(suites.flatMap((s) => s.cases.flatMap((c) => c.tags)))].sort();
  refuse(
    'tag',
    filter.tags.filter((tag) => !tags.includes(tag)),
    tags,
  );
  if (target === undefined) return;
  refuse(
    'version',
    filter.versions.filter((v) => !target.versions.some((known) => known === v)),
    target.versions,
  );
  const codes = target.institutions.map((i) => i.code);
  refuse(
    'institution',
    filter.institutions.filter((code) => !codes.includes(code)),
    codes,
  );
}

/** No filter at all. */
export const noFilter: RunFilter = { suites: [], rules: [], versions: [], institutions: [], tags: [] };

/** A shard: this run takes the cells whose index modulo `count` is `index - 1`. */
export interface Shard {
  index: number;
  count: number;
}

/** True when the case passes the suite, rule and tag filters. */
export function caseSelected(filter: RunFilter, suite: SuiteDefinition, definition: CaseDefinition): boolean {
  if (filter.suites.length > 0 && !filter.suites.includes(suite.suite)) return false;
  if (
    filter.rules.length > 0 &&
    !definition.rules.some((rule) => filter.rules.some((f) => ruleMatches(f, rule)))
  )
    return false;
  if (filter.tags.length > 0 && !definition.tags.some((tag) => filter.tags.includes(tag))) return false;
  const cases = filter.cases ?? [];
  if (
    cases.length > 0 &&
    !cases.includes(definition.id) &&
    !cases.includes(`${suite.suite}/${definition.id}`)
  )
    return false;
  return true;
}

function ruleMatches(filter: string, rule: string): boolean {
  if (filter.endsWith('*')) return rule.startsWith(filter.slice(0, -1));
  if (filter.endsWith('-')) return rule.startsWith(filter);
  return rule === filter;
}

/** Parses `i/n` (1 ≤ i ≤ n); throws `ERR_SHARD_INVALID` otherwise. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || count < 1 || index < 1 || index > count) {
    throw new CodedError('ERR_SHARD_INVALID', `--shard ${text} is not i/n with 1 <= i <= n`, {
      hint: 'e.g. --shard 2/4',
    });
  }
  return { index, count };
}

/** The items of shard `shard` (round-robin over the planned order, so shards get similar mixes). */
export function takeShard<T>(items: readonly T[], shard: Shard | undefined): T[] {
  if (shard === undefined) return [...items];
  return items.filter((_item, i) => i % shard.count === shard.index - 1);
}
