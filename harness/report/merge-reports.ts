/**
 * Merging the reports of sharded runs (`run --shard i/n`) into the report of the whole run, as
 * Playwright's merge-reports does: results side by side, summary and matrix counted again, the
 * baseline comparison joined. Only a complete set of one run's shards merges into a verdict; each
 * report's `run` (id and shard) says which run and shard it is.
 */
import { CodedError } from '../../lib/coded-error.ts';
import {
  cellKey,
  matrixOf,
  missingShards,
  shardLabel,
  summarize,
  type BaselineDeviation,
  type BaselineOutcome,
  type RunIdentity,
  type RunReport,
  type ShardRef,
} from './model.ts';

/** Codes of {@link mergeReports}. */
export type MergeReportsErrorCode =
  | 'ERR_MERGE_MISMATCH'
  | 'ERR_MERGE_OVERLAP'
  | 'ERR_MERGE_EMPTY'
  | 'ERR_MERGE_UNIDENTIFIED'
  | 'ERR_MERGE_FOREIGN'
  | 'ERR_MERGE_DUPLICATE'
  | 'ERR_MERGE_INCOMPLETE';

/** The reports cannot be merged: not the shards of one run, or not all of them. */
export class MergeReportsError extends CodedError<MergeReportsErrorCode> {}

/** One input of {@link mergeReports}: a report and where it was read from (for messages). */
export interface ShardReport {
  source: string;
  report: RunReport;
}

/** Options of {@link mergeReports}. */
export interface MergeReportsOptions {
  /**
   * Merge even when shards are missing (`--allow-partial`): the merged report lists them in
   * `run.missing`, and its verdict in every output is "incomplete: shard i/n missing" (exit 2).
   */
  allowPartial?: boolean;
}

/**
 * The report of the run the shards make together. Each report must name its run and shard (`run`,
 * written by `run`): a report of another run or split (`ERR_MERGE_FOREIGN`), a shard given twice
 * (`ERR_MERGE_DUPLICATE`) and a missing shard (`ERR_MERGE_INCOMPLETE`, unless `allowPartial`) are
 * refused, so a CI job that lost a shard's artifact cannot go green. Shards of one run compared with
 * different baselines or strictness are `ERR_MERGE_MISMATCH`; a cell in two shards `ERR_MERGE_OVERLAP`.
 */
export function mergeReports(shards: readonly ShardReport[], options: MergeReportsOptions = {}): RunReport {
  const first = shards[0];
  if (first === undefined)
    throw new MergeReportsError('ERR_MERGE_EMPTY', 'no report to merge', {
      hint: 'give the folders the shards wrote (run --shard i/n --out DIR)',
    });
  const identified = shards.map(identifiedShard);
  const missing = missingOf(identified);
  if (missing.length > 0 && options.allowPartial !== true) {
    const run = identified[0]?.run.id ?? '';
    throw new MergeReportsError(
      'ERR_MERGE_INCOMPLETE',
      `${missingShards({ run: { id: run, shard: { index: 1, count: 1 }, missing } }) ?? ''} (run ${run}): merging the others would judge the run on cells never run`,
    );
  }
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
  const run: RunIdentity = {
    id: identified[0]?.run.id ?? '',
    shard: { index: 1, count: 1 },
    ...(missing.length === 0 ? {} : { missing }),
  };
  return {
    tool: first.report.tool,
    run,
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

/** A shard whose report names its run. */
interface IdentifiedShard {
  source: string;
  run: RunIdentity;
}

/**
 * Checks every report names a run (`ERR_MERGE_UNIDENTIFIED`), the same run and split as the first
 * (`ERR_MERGE_FOREIGN`), and a shard no other report names (`ERR_MERGE_DUPLICATE`).
 */
function identifiedShard(shard: ShardReport, index: number, all: readonly ShardReport[]): IdentifiedShard {
  const run = shard.report.run;
  if (run === undefined)
    throw new MergeReportsError(
      'ERR_MERGE_UNIDENTIFIED',
      `${shard.source} names no run and shard: it cannot be told apart from a report of another run`,
    );
  const first = all[0]?.report.run;
  const firstSource = all[0]?.source ?? '';
  if (first !== undefined && (run.id !== first.id || run.shard.count !== first.shard.count)) {
    throw new MergeReportsError(
      'ERR_MERGE_FOREIGN',
      `${shard.source} (run ${run.id}, shard ${shardLabel(run.shard)}) is not of the run of ${firstSource} (run ${first.id}, shard ${shardLabel(first.shard)})${run.id === first.id ? ': another split of the same run' : ''}`,
    );
  }
  const twin = all.findIndex((other) => other.report.run?.shard.index === run.shard.index);
  if (twin !== index) {
    throw new MergeReportsError(
      'ERR_MERGE_DUPLICATE',
      `shard ${shardLabel(run.shard)} of run ${run.id} is given twice: ${all[twin]?.source ?? ''} and ${shard.source}`,
    );
  }
  return { source: shard.source, run };
}

/** The shards 1..n none of the reports is, with those a partial merge given here already missed. */
function missingOf(shards: readonly IdentifiedShard[]): ShardRef[] {
  const count = shards[0]?.run.shard.count ?? 1;
  const present = new Set(shards.map((s) => s.run.shard.index));
  const missing: ShardRef[] = [];
  for (let index = 1; index <= count; index += 1) if (!present.has(index)) missing.push({ index, count });
  for (const shard of shards) for (const m of shard.run.missing ?? []) missing.push(m);
  return missing;
}

/**
 * Joins the shards' baseline comparisons: an entry one shard saw deviate is accepted for the whole
 * run even when another shard checked it elsewhere and found it held; it is fixed only when no shard
 * saw it deviate. A new deviation seen by several shards is one, at the cells of all of them.
 */
function mergeBaselines(reports: readonly RunReport[]): BaselineOutcome | undefined {
  const outcomes = reports.map((r) => r.baseline).filter((b): b is BaselineOutcome => b !== undefined);
  const first = outcomes[0];
  if (first === undefined) return undefined;
  const entryKey = (d: BaselineDeviation): string =>
    JSON.stringify([d.rule, d.case, d.versions, d.institutions, d.until]);
  const union = (lists: BaselineDeviation[][]): BaselineDeviation[] => {
    const byKey = new Map<string, BaselineDeviation>();
    for (const list of lists) for (const d of list) if (!byKey.has(entryKey(d))) byKey.set(entryKey(d), d);
    return [...byKey.values()];
  };
  const accepted = union(outcomes.map((o) => o.accepted));
  const stillSeen = new Set(accepted.map(entryKey));
  return {
    file: first.file,
    accepted,
    fixed: union(outcomes.map((o) => o.fixed)).filter((d) => !stillSeen.has(entryKey(d))),
    unexpected: joinCells(outcomes.flatMap((o) => o.unexpected)),
  };
}

/** New deviations of several shards, one per rule × case (and expired entry), their cells joined. */
function joinCells(deviations: readonly BaselineDeviation[]): BaselineDeviation[] {
  const order = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });
  const byKey = new Map<string, BaselineDeviation>();
  for (const d of deviations) {
    const key = `${d.rule} ${d.case} ${d.until ?? ''}`;
    const found = byKey.get(key);
    const join = (a: string[] | undefined, b: string[] | undefined): string[] =>
      [...new Set([...(a ?? []), ...(b ?? [])])].sort(order);
    byKey.set(
      key,
      found === undefined
        ? d
        : {
            ...found,
            versions: join(found.versions, d.versions),
            institutions: join(found.institutions, d.institutions),
          },
    );
  }
  return [...byKey.entries()].sort(([a], [b]) => order(a, b)).map(([, d]) => d);
}
