/**
 * Selection of what a run covers: `--suite`, `--rule`, `--version`, `--institution`, `--tag`, and
 * `--shard i/n`. Filters of one kind are alternatives; filters of different kinds all apply.
 */
import { CodedError } from '../../lib/coded-error.ts';
import type { CaseDefinition, SuiteDefinition } from '../suite/suite-definition.ts';

/** The filters of a run; an empty list means "no filter of this kind". */
export interface RunFilter {
  suites: string[];
  /** Rule ids; an id ending in `*` (or `-`) is a prefix (`AIS-TRX-*`). */
  rules: string[];
  versions: string[];
  institutions: string[];
  tags: string[];
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
