/**
 * Baselines: deviations a bank has accepted for now, each a rule broken in one case (at the versions
 * and institutions it lists, every one when it lists none), with the reason it is accepted and,
 * optionally, the last Paris day it is (`until`). A run compared with a baseline fails on any
 * difference in either direction: a deviation no live entry accepts (a new failure, the same rule
 * failing in another case, or an entry past its `until`), or an entry whose rule was checked in its
 * case and held (it is fixed: remove it so it cannot come back unnoticed).
 */
import { CodedError } from '../../lib/coded-error.ts';
import type { ErrorCodeWith } from '../../lib/error-codes.ts';
import type { CalendarDate } from '../../spec/lib/index.ts';
import { summarize, type BaselineDeviation, type CaseResult, type RunReport } from '../report/model.ts';
import { compileLocatedValidator, type LocatedValidator } from '../suite/schema-validator.ts';
import { formatProblems, type SourceProblem } from '../suite/suite-error.ts';
import { readYamlSource, type YamlSource } from '../suite/yaml-source.ts';
import type { BaselineEntry, BaselineFile } from './baseline-schema.generated.ts';

export { baselineYaml } from './baseline-writer.ts';
export type { BaselineEntry } from './baseline-schema.generated.ts';

/** A deviation as reports list it: a baseline entry, or where the run saw one no entry accepts. */
export type Deviation = BaselineDeviation;

/** A parsed baseline file: the type generated from `baseline.schema.json`. */
export type Baseline = BaselineFile;

/** How a run compares with a baseline. */
export interface BaselineComparison {
  /** Deviations of this run no live entry accepts, one per rule × case (with where they were seen). */
  unexpected: Deviation[];
  /** Entries whose rule was checked in their case and held everywhere they cover. */
  fixed: Deviation[];
  /** Live entries the run still deviates on. */
  accepted: Deviation[];
}

/** Codes of {@link loadBaseline}. */
export type BaselineErrorCode = ErrorCodeWith<'ERR_BASELINE_'>;

/** An unreadable, invalid or old-form baseline file, or an entry without a reason (exit 2). */
export class BaselineError extends CodedError<BaselineErrorCode> {
  readonly problems: readonly SourceProblem[];

  constructor(code: BaselineErrorCode, problems: readonly SourceProblem[], hint?: string) {
    super(code, formatProblems('baseline not usable', problems), hint === undefined ? {} : { hint });
    this.problems = problems;
  }
}

export const baselineSchemaUrl = new URL('./baseline.schema.json', import.meta.url);
let validator: LocatedValidator<Baseline> | undefined;

/**
 * Reads a baseline file (YAML or JSON). Refuses the form before entries named their case
 * (`ERR_BASELINE_OLD_FORM`, saying how to migrate), an entry whose reason is blank
 * (`ERR_BASELINE_NO_REASON`) and anything else its schema does not allow (`ERR_BASELINE_INVALID`).
 */
export function loadBaseline(file: string): Baseline {
  const parsed = readYamlSource(file);
  if (!parsed.ok) throw new BaselineError('ERR_BASELINE_INVALID', parsed.problems);
  const old = oldFormEntries(parsed.source);
  if (old.length > 0) throw new BaselineError('ERR_BASELINE_OLD_FORM', old);
  validator ??= compileLocatedValidator<Baseline>(baselineSchemaUrl);
  const valid = validator.validate(parsed.source);
  if (!valid.ok) throw new BaselineError('ERR_BASELINE_INVALID', valid.problems);
  const at = (i: number): string => parsed.source.locate(`/accepted/${i}`);
  const unexplained = valid.value.accepted.flatMap((entry, i) =>
    entry.reason.trim() === ''
      ? [{ where: at(i), message: `${entryName(entry)} gives no reason why it is accepted` }]
      : [],
  );
  if (unexplained.length > 0) throw new BaselineError('ERR_BASELINE_NO_REASON', unexplained);
  const badDays = valid.value.accepted.flatMap((entry, i) =>
    entry.until === undefined || isCalendarDay(entry.until)
      ? []
      : [{ where: at(i), message: `until ${entry.until} is not a calendar day` }],
  );
  if (badDays.length > 0) throw new BaselineError('ERR_BASELINE_INVALID', badDays);
  return valid.value;
}

/** Entries of the former form (rule × institution, no case): named one by one, with their place. */
function oldFormEntries(source: YamlSource): SourceProblem[] {
  const value: unknown = source.value;
  if (typeof value !== 'object' || value === null || !('accepted' in value)) return [];
  const accepted: unknown = value.accepted;
  if (!Array.isArray(accepted)) return [];
  return accepted.flatMap((entry: unknown, i) => {
    if (typeof entry !== 'object' || entry === null || ('case' in entry && !('institution' in entry)))
      return [];
    const rule = 'rule' in entry && typeof entry.rule === 'string' ? entry.rule : 'an entry';
    const institution =
      'institution' in entry && typeof entry.institution === 'string' ? ` at ${entry.institution}` : '';
    return [
      {
        where: source.locate(`/accepted/${i}`),
        message: `${rule}${institution} is in the former form (rule × institution): an entry now names its case and why it is accepted`,
      },
    ];
  });
}

/** True while `entry` accepts deviations: it has no `until`, or `today` is not past it. */
function isLive(entry: BaselineEntry, today: CalendarDate): boolean {
  return entry.until === undefined || today <= entry.until;
}

/** True when `entry` speaks of `rule` at this result's case, version and institution. */
function covers(entry: BaselineEntry, rule: string, result: CaseResult): boolean {
  return (
    entry.rule === rule &&
    entry.case === caseOf(result) &&
    (entry.versions?.includes(result.version) ?? true) &&
    (entry.institutions?.includes(result.institution) ?? true)
  );
}

/**
 * The deviations of a run: each rule of each failed (or accepted) cell, one per rule × case, with the
 * versions and institutions where it was seen (sorted).
 */
export function deviationsOf(results: readonly CaseResult[]): Deviation[] {
  const seen = new Seen();
  for (const r of results)
    if (r.status === 'failed' || r.status === 'accepted') for (const rule of r.rules) seen.add(rule.id, r);
  return seen.list();
}

/**
 * Compares a run's results with a baseline on the Paris day `today` (see the module summary). An
 * entry past its `until` accepts nothing: the deviation it named is unexpected again, shown with that
 * entry's reason and end.
 */
export function compareWithBaseline(
  results: readonly CaseResult[],
  baseline: Baseline,
  today: CalendarDate,
): BaselineComparison {
  const deviating = new Set<BaselineEntry>();
  const checked = new Set<BaselineEntry>();
  const unexpected = new Seen();
  for (const r of results) {
    if (r.status !== 'passed' && r.status !== 'failed' && r.status !== 'accepted') continue;
    const fails = r.status !== 'passed';
    for (const rule of r.rules) {
      const entries = baseline.accepted.filter((e) => covers(e, rule.id, r));
      for (const e of entries) {
        checked.add(e);
        if (fails) deviating.add(e);
      }
      if (fails && !entries.some((e) => isLive(e, today))) unexpected.add(rule.id, r, entries[0]);
    }
  }
  return {
    unexpected: unexpected.list(),
    fixed: baseline.accepted.filter((e) => checked.has(e) && !deviating.has(e)),
    accepted: baseline.accepted.filter((e) => deviating.has(e) && isLive(e, today)),
  };
}

/**
 * The run seen through a baseline on the Paris day `today`: each failed result whose every rule a
 * live entry accepts at its cell becomes `accepted` (its failure kept, the entries' reasons as its
 * reason), the summary is counted again, and `baseline` records what is accepted, what disappeared
 * (fixed) and what is new.
 */
export function applyBaseline(
  report: RunReport,
  baseline: Baseline,
  options: { file: string; today: CalendarDate },
): RunReport {
  const comparison = compareWithBaseline(report.results, baseline, options.today);
  const results = report.results.map((result) => acceptedResult(result, baseline, options));
  return {
    ...report,
    results,
    summary: summarize(results),
    baseline: { file: options.file, ...comparison },
  };
}

/** A result as the baseline sees it (the same object when the baseline does not accept it). */
export function acceptedResult(
  result: CaseResult,
  baseline: Baseline,
  options: { file: string; today: CalendarDate },
): CaseResult {
  if (result.status !== 'failed' || result.rules.length === 0) return result;
  const entries = result.rules.map((rule) =>
    baseline.accepted.find((e) => covers(e, rule.id, result) && isLive(e, options.today)),
  );
  if (entries.some((e) => e === undefined)) return result;
  const reasons = [...new Set(entries.map((e) => e?.reason).filter((r): r is string => r !== undefined))];
  return {
    ...result,
    status: 'accepted',
    reason: `in the baseline ${options.file} (${reasons.join('; ')})${result.failure === undefined ? '' : `: ${result.failure.message}`}`,
  };
}

/** `suite/case`, as a baseline entry names a case. */
export function caseOf(result: Pick<CaseResult, 'suite' | 'case'>): string {
  return `${result.suite}/${result.case}`;
}

function entryName(entry: Pick<BaselineEntry, 'rule' | 'case'>): string {
  return `${entry.rule} in ${entry.case}`;
}

function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** Deviations collected one per rule × case (and expired entry), with the cells they were seen at. */
class Seen {
  readonly #byKey = new Map<
    string,
    { rule: string; case: string; versions: Set<string>; institutions: Set<string>; expired?: BaselineEntry }
  >();

  add(rule: string, result: CaseResult, expired?: BaselineEntry): void {
    const key = `${rule} ${caseOf(result)} ${expired?.until ?? ''}`;
    const found = this.#byKey.get(key) ?? {
      rule,
      case: caseOf(result),
      versions: new Set<string>(),
      institutions: new Set<string>(),
      ...(expired === undefined ? {} : { expired }),
    };
    found.versions.add(result.version);
    found.institutions.add(result.institution);
    this.#byKey.set(key, found);
  }

  list(): Deviation[] {
    const order = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });
    return [...this.#byKey.entries()]
      .sort(([a], [b]) => order(a, b))
      .map(([, d]) => ({
        rule: d.rule,
        case: d.case,
        versions: [...d.versions].sort(order),
        institutions: [...d.institutions].sort(order),
        ...(d.expired?.until === undefined ? {} : { reason: d.expired.reason, until: d.expired.until }),
      }));
  }
}
