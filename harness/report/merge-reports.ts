/**
 * Merging the reports of sharded runs (`run --shard i/n`) into the report of the whole run, as
 * Playwright's merge-reports does: results side by side, summary and matrix counted again, the
 * baseline comparison joined.
 */
import { CodedError } from '../../lib/coded-error.ts';
import {
  cellKey,
  matrixOf,
  summarize,
  type BaselineDeviation,
  type BaselineOutcome,
  type RunReport,
} from './model.ts';

/** Codes of {@link mergeReports}. */
export type MergeReportsErrorCode = 'ERR_MERGE_MISMATCH' | 'ERR_MERGE_OVERLAP' | 'ERR_MERGE_EMPTY';

/** The reports cannot be merged: not shards of one run. */
export class MergeReportsError extends CodedError<MergeReportsErrorCode> {}

/** One input of {@link mergeReports}: a report and where it was read from (for messages). */
export interface ShardReport {
  source: string;
  report: RunReport;
}

/**
 * The report of the run the shards make together. Refuses shards of different targets or baselines
 * (`ERR_MERGE_MISMATCH`) and a cell present in two shards (`ERR_MERGE_OVERLAP`: the same shard given
 * twice, or runs that were not one sharded run).
 */
export function mergeReports(shards: readonly ShardReport[]): RunReport {
  const first = shards[0];
  if (first === undefined)
    throw new MergeReportsError('ERR_MERGE_EMPTY', 'no report to merge', {
      hint: 'give the folders the shards wrote (run --shard i/n --out DIR)',
    });
  const seen = new Map<string, string>();
  for (const { source, report } of shards) {
    const mismatch =
      report.target.name !== first.report.target.name || report.target.baseUrl !== first.report.target.baseUrl
        ? `target ${report.target.name} (${report.target.baseUrl}) is not ${first.report.target.name} (${first.report.target.baseUrl})`
        : report.baseline?.file !== first.report.baseline?.file
          ? `baseline ${report.baseline?.file ?? 'none'} is not ${first.report.baseline?.file ?? 'none'}`
          : report.strict !== first.report.strict
            ? 'one was run with --strict, the other without'
            : undefined;
    if (mismatch !== undefined) {
      throw new MergeReportsError(
        'ERR_MERGE_MISMATCH',
        `${source} is not a shard of the same run as ${first.source}: ${mismatch}`,
        { hint: 'merge only the shards of one run (same target, baseline and --strict)' },
      );
    }
    for (const result of report.results) {
      const key = cellKey(result);
      const other = seen.get(key);
      if (other !== undefined) {
        throw new MergeReportsError('ERR_MERGE_OVERLAP', `${key} is in both ${other} and ${source}`, {
          hint: 'give each shard once; shards of one run (--shard i/n, same n) never overlap',
        });
      }
      seen.set(key, source);
    }
  }
  const reports = shards.map((s) => s.report);
  const results = reports.flatMap((r) => r.results);
  const baseline = mergeBaselines(reports);
  return {
    tool: first.report.tool,
    target: first.report.target,
    startedAt: reports.map((r) => r.startedAt).sort()[0] ?? first.report.startedAt,
    finishedAt:
      reports
        .map((r) => r.finishedAt)
        .sort()
        .at(-1) ?? first.report.finishedAt,
    matrix: matrixOf(results),
    summary: summarize(results),
    results,
    ...(baseline === undefined ? {} : { baseline }),
    ...(first.report.wording === undefined ? {} : { wording: first.report.wording }),
    ...(first.report.strict === true ? { strict: true as const } : {}),
  };
}

/**
 * Joins the shards' baseline comparisons: a deviation one shard saw is accepted (or new) for the
 * whole run even when another shard checked the rule elsewhere and found it held; it is fixed only
 * when no shard saw it.
 */
function mergeBaselines(reports: readonly RunReport[]): BaselineOutcome | undefined {
  const outcomes = reports.map((r) => r.baseline).filter((b): b is BaselineOutcome => b !== undefined);
  const first = outcomes[0];
  if (first === undefined) return undefined;
  const key = (d: BaselineDeviation): string => `${d.rule} ${d.institution}`;
  const union = (lists: BaselineDeviation[][]): BaselineDeviation[] => {
    const byKey = new Map<string, BaselineDeviation>();
    for (const list of lists) for (const d of list) if (!byKey.has(key(d))) byKey.set(key(d), d);
    return [...byKey.values()].sort((a, b) => key(a).localeCompare(key(b)));
  };
  const accepted = union(outcomes.map((o) => o.accepted));
  const stillSeen = new Set(accepted.map(key));
  return {
    file: first.file,
    accepted,
    fixed: union(outcomes.map((o) => o.fixed)).filter((d) => !stillSeen.has(key(d))),
    unexpected: union(outcomes.map((o) => o.unexpected)),
  };
}
