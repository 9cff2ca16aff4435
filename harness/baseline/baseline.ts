/**
 * Baselines: deviations (rule × institution) a bank has accepted for now. A run compared with a
 * baseline fails on any difference in either direction: a deviation not in the baseline (new
 * failure), or a baselined deviation whose rule was checked at that institution and held (it is
 * fixed: remove it from the baseline so it cannot come back unnoticed).
 */
import { stringify } from 'yaml';
import { summarize, type BaselineDeviation, type CaseResult, type RunReport } from '../report/model.ts';
import { compileLocatedValidator, type LocatedValidator } from '../suite/schema-validator.ts';
import { SourceFileError, type SourceProblem } from '../suite/suite-error.ts';
import { readYamlSource } from '../suite/yaml-source.ts';
import type { BaselineFile } from './baseline-schema.generated.ts';

/** One accepted deviation (rule × institution, with the reason the baseline gives). */
export type Deviation = BaselineDeviation;

/** A parsed baseline file: the type generated from `baseline.schema.json`. */
export type Baseline = BaselineFile;

/** How a run compares with a baseline. */
export interface BaselineComparison {
  /** Deviations of this run the baseline does not accept. */
  unexpected: Deviation[];
  /** Baselined deviations that no longer occur although their rule was checked. */
  fixed: Deviation[];
  /** Baselined deviations that still occur. */
  accepted: Deviation[];
}

/** Raised for an unreadable or invalid baseline file (exit 2). */
export class BaselineError extends SourceFileError<'ERR_BASELINE_INVALID'> {
  constructor(problems: readonly SourceProblem[]) {
    super('ERR_BASELINE_INVALID', 'invalid baseline', problems);
  }
}

export const baselineSchemaUrl = new URL('./baseline.schema.json', import.meta.url);
let validator: LocatedValidator<Baseline> | undefined;

/** Reads a baseline file (YAML or JSON). */
export function loadBaseline(file: string): Baseline {
  const parsed = readYamlSource(file);
  if (!parsed.ok) throw new BaselineError(parsed.problems);
  validator ??= compileLocatedValidator<Baseline>(baselineSchemaUrl);
  const valid = validator.validate(parsed.source);
  if (!valid.ok) throw new BaselineError(valid.problems);
  return valid.value;
}

/** The deviations of a run: each rule of each failed case, at its institution (sorted, unique). */
export function deviationsOf(results: readonly CaseResult[]): Deviation[] {
  const keys = new Set<string>();
  for (const r of results)
    if (r.status === 'failed' || r.status === 'accepted')
      for (const rule of r.rules) keys.add(`${rule.id} ${r.institution}`);
  return [...keys].sort().map(fromKey);
}

/** Compares a run's results with a baseline (see the module summary). */
export function compareWithBaseline(results: readonly CaseResult[], baseline: Baseline): BaselineComparison {
  const seen = new Set(deviationsOf(results).map(keyOf));
  const checked = new Set<string>();
  for (const r of results) {
    if (r.status === 'passed' || r.status === 'failed' || r.status === 'accepted')
      for (const rule of r.rules) checked.add(`${rule.id} ${r.institution}`);
  }
  const baselined = new Map(baseline.accepted.map((d) => [keyOf(d), d]));
  return {
    unexpected: [...seen].filter((k) => !baselined.has(k)).map(fromKey),
    fixed: baseline.accepted.filter((d) => checked.has(keyOf(d)) && !seen.has(keyOf(d))),
    accepted: baseline.accepted.filter((d) => seen.has(keyOf(d))),
  };
}

/**
 * The run seen through a baseline: each failed result whose every rule the baseline accepts at its
 * institution becomes `accepted` (its failure kept, the baseline's reasons as its reason), the summary
 * is counted again, and `baseline` records what is accepted, what disappeared (fixed) and what is new.
 */
export function applyBaseline(report: RunReport, baseline: Baseline, file: string): RunReport {
  const comparison = compareWithBaseline(report.results, baseline);
  const accepted = acceptedByKey(baseline);
  const results = report.results.map((result) => acceptedResult(result, accepted, file));
  return {
    ...report,
    results,
    summary: summarize(results),
    baseline: { file, ...comparison },
  };
}

/** A result as the baseline sees it (the same object when the baseline does not accept it). */
export function acceptedResult(
  result: CaseResult,
  accepted: ReadonlyMap<string, Deviation>,
  file: string,
): CaseResult {
  if (result.status !== 'failed' || result.rules.length === 0) return result;
  const deviations = result.rules.map((rule) =>
    accepted.get(keyOf({ rule: rule.id, institution: result.institution })),
  );
  if (deviations.some((d) => d === undefined)) return result;
  const reasons = [...new Set(deviations.map((d) => d?.reason).filter((r): r is string => r !== undefined))];
  return {
    ...result,
    status: 'accepted',
    reason: `in the baseline ${file}${reasons.length > 0 ? ` (${reasons.join('; ')})` : ''}${result.failure === undefined ? '' : `: ${result.failure.message}`}`,
  };
}

/** The accepted deviations of a baseline by key, for {@link acceptedResult}. */
export function acceptedByKey(baseline: Baseline): Map<string, Deviation> {
  return new Map(baseline.accepted.map((d) => [keyOf(d), d]));
}

/** The baseline accepting exactly the deviations of `results` (for `--write-baseline`). */
export function baselineYaml(results: readonly CaseResult[]): string {
  return stringify({ accepted: deviationsOf(results) });
}

function keyOf(d: Deviation): string {
  return `${d.rule} ${d.institution}`;
}

function fromKey(key: string): Deviation {
  const [rule = '', institution = ''] = key.split(' ');
  return { rule, institution };
}
