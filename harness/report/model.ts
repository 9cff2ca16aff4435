/**
 * The result model every run produces and every reporter consumes (docs/contracts.md §10).
 *
 * `run`, `traffic check` and `selftest` all build a {@link RunReport}; reporters never see anything
 * else. Secrets are redacted before a result enters this model (see `redact.ts`), so a reporter may
 * print any field as is. Extend only compatibly: the engine and the traffic tools code against it.
 *
 * The shape of a report is `report.schema.json`: its types (and their documentation) are generated
 * from it into `report-schema.generated.ts` and re-exported here; this file adds what a schema cannot
 * say (the order and traits of the statuses, the verdict, the reporter interface).
 */
import type {
  BaselineDeviation,
  CaseResult,
  Matrix,
  RunReport,
  ShardRef,
  Status,
  Summary,
  TargetInfo,
  ToolInfo,
} from './report-schema.generated.ts';

export type {
  BaselineDeviation,
  BaselineOutcome,
  CaseResult,
  Failure,
  HeaderMap,
  Matrix,
  RuleRef,
  RunIdentity,
  RunReport,
  Screenshot,
  ShardRef,
  Status,
  StepResult,
  Summary,
  TargetInfo,
  ToolInfo,
  TranscriptEntry,
  TranscriptRequest,
  TranscriptResponse,
  VerdictWording,
} from './report-schema.generated.ts';

/**
 * Every verdict of one case (or one step), in the order reports list them. A status is declared in
 * `report.schema.json`; reporters iterate this list and read {@link statusTraits}, so a new status is
 * added there, here and in the traits (the compiler names what is missing).
 *
 * `failed` means the target is wrong (an expectation did not hold); `errored` means the harness could
 * not do its job (unreachable host, bad suite data, a crash). The two are never merged. `accepted` is a
 * failure every rule of which a baseline accepts (`run --baseline`): the target deviates, knowingly.
 * `advisory` is a finding on our choices only (rules with `basis: choice`, where the seed is silent):
 * shown as a problem, failing a run only with `run --strict` (docs/verdicts.md).
 */
export const statuses = [
  'passed',
  'failed',
  'errored',
  'accepted',
  'advisory',
  'skipped',
  'not-applicable',
] as const satisfies readonly Status[];

/** How reports show a status and what it means for the run's verdict. */
export interface StatusTraits {
  /** One-character mark (console, HTML matrix). */
  symbol: string;
  /** ANSI SGR colour code of the console. */
  color: string;
  /**
   * The JUnit element it becomes: none (a pass), `failure`, `error`, `skipped` with the reason, or
   * `note` (a pass with a `verdict` property and the finding in `<system-out>`).
   */
  junit: 'pass' | 'failure' | 'error' | 'skipped' | 'note';
  /** A result that reports list among the problems (console summary, HTML opening section). */
  problem: boolean;
}

/**
 * The traits of every status (see {@link statuses}). Keyed by the list, not the schema: a status of the
 * schema missing from the list cannot be looked up here, so the compiler names each reporter that would
 * skip it.
 */
export const statusTraits: Readonly<Record<(typeof statuses)[number], StatusTraits>> = {
  passed: { symbol: '✓', color: '32', junit: 'pass', problem: false },
  failed: { symbol: '✗', color: '31', junit: 'failure', problem: true },
  errored: { symbol: '!', color: '35', junit: 'error', problem: true },
  accepted: { symbol: '≈', color: '36', junit: 'skipped', problem: false },
  advisory: { symbol: '?', color: '94', junit: 'note', problem: true },
  skipped: { symbol: '-', color: '33', junit: 'skipped', problem: false },
  'not-applicable': { symbol: '∅', color: '90', junit: 'skipped', problem: false },
};

/** A summary with every count at zero. */
export function emptySummary(): Summary {
  const summary: Partial<Summary> = { total: 0 };
  for (const status of statuses) summary[status] = 0;
  return summary as Summary;
}

/** The identity of one cell of the run matrix: a case at one version and institution. */
export type CaseRef = Pick<CaseResult, 'suite' | 'case' | 'title' | 'version' | 'institution'>;

/** The overall verdict of a run, as every reporter states it. */
export type RunVerdict = 'conforms' | 'conforms-to-baseline' | 'does-not-conform' | 'incomplete';

/**
 * The run's verdict: `incomplete` when a case errored or a merge went without some shards
 * (`merge-reports --allow-partial`), `does-not-conform` when one failed or the
 * baseline no longer matches (a new deviation or a fixed one), `conforms-to-baseline` when only
 * accepted deviations remain, `conforms` otherwise.
 */
export function runVerdict(report: Pick<RunReport, 'summary' | 'baseline' | 'strict' | 'run'>): RunVerdict {
  if (report.summary.errored > 0 || missingShards(report) !== undefined) return 'incomplete';
  const baseline = report.baseline;
  if (report.summary.failed > 0) return 'does-not-conform';
  if (report.strict === true && report.summary.advisory > 0) return 'does-not-conform';
  if (baseline !== undefined && baseline.unexpected.length + baseline.fixed.length > 0)
    return 'does-not-conform';
  return report.summary.accepted > 0 || (baseline?.accepted.length ?? 0) > 0
    ? 'conforms-to-baseline'
    : 'conforms';
}

/** The verdict in words, e.g. "the target conforms to its baseline". */
export function verdictText(
  report: Pick<RunReport, 'summary' | 'baseline' | 'wording' | 'strict' | 'run'>,
): string {
  const verdict = runVerdict(report);
  const advisory = report.summary.advisory;
  // Advisory findings are on our choices: named beside any verdict, decisive only when strict.
  const note =
    advisory === 0
      ? ''
      : ` (${advisory} advisory finding${advisory === 1 ? '' : 's'} on the reference's choices${report.strict === true ? ', failing with --strict' : '; --strict fails them'})`;
  return `${verdictWords(report, verdict)}${note}`;
}

function verdictWords(
  report: Pick<RunReport, 'summary' | 'baseline' | 'wording' | 'run'>,
  verdict: RunVerdict,
): string {
  const wording = report.wording ?? {
    conforms: 'the target conforms',
    doesNotConform: 'the target does not conform',
  };
  switch (verdict) {
    case 'incomplete':
      return missingShards(report) ?? 'the harness could not check everything';
    case 'does-not-conform':
      return report.baseline !== undefined && report.summary.failed === 0
        ? `${wording.doesNotConform}: it differs from its baseline`
        : wording.doesNotConform;
    case 'conforms-to-baseline':
      return `${wording.conforms} to its baseline`;
    case 'conforms':
      return wording.conforms;
  }
}

/**
 * What a merge without some shards says in every output, e.g. "incomplete: shard 4/4 missing";
 * `undefined` for a report that misses none.
 */
export function missingShards(report: Pick<RunReport, 'run'>): string | undefined {
  const missing = report.run?.missing ?? [];
  if (missing.length === 0) return undefined;
  const list = missing.map(shardLabel).join(', ');
  return `incomplete: shard${missing.length === 1 ? '' : 's'} ${list} missing`;
}

/** A shard as `--shard` names it: `2/4`. */
export function shardLabel(shard: ShardRef): string {
  return `${shard.index}/${shard.count}`;
}

/**
 * A baseline deviation in words: `TOK-CODE-ONE-TIME in oauth-grants/code-usable-once (v1.6.2;
 * 10101)`, then the baseline's reason and last day when it gives them (`: fix planned in 24.3,
 * accepted until 2026-06-30`; on a new deviation, those of the entry that expired).
 */
export function deviationLabel(d: BaselineDeviation): string {
  const cells = [d.versions?.join(', '), d.institutions?.join(', ')].filter((c) => c !== undefined);
  const where = cells.length === 0 ? '' : ` (${cells.join('; ')})`;
  const why = [d.reason, d.until === undefined ? undefined : `accepted until ${d.until}`].filter(
    (w) => w !== undefined,
  );
  return `${d.rule} in ${d.case}${where}${why.length === 0 ? '' : `: ${why.join(', ')}`}`;
}

/** What a reporter learns when a run starts. */
export interface RunStart {
  tool: ToolInfo;
  target: TargetInfo;
  matrix: Matrix;
  /** Number of case × version × institution cells the run will produce. */
  total: number;
  startedAt: string;
}

/**
 * A report output. Hooks are called in order: `onRunStart`, then `onCaseStart`/`onCaseEnd` per cell
 * (possibly interleaved when cases run concurrently), then `onRunEnd` once.
 */
export interface Reporter {
  onRunStart?(start: RunStart): void;
  onCaseStart?(ref: CaseRef): void;
  onCaseEnd?(result: CaseResult): void;
  onRunEnd(report: RunReport): Promise<void>;
}

/** Counts the results per status. */
export function summarize(results: readonly CaseResult[]): Summary {
  const summary = emptySummary();
  for (const result of results) {
    summary[result.status] += 1;
    summary.total += 1;
  }
  return summary;
}

/** The versions and institutions present in the results, sorted (`v1` < `v1.4.2` < `v1.6.2`). */
export function matrixOf(results: readonly CaseResult[]): Matrix {
  const versions = new Set<string>();
  const institutions = new Set<string>();
  for (const result of results) {
    versions.add(result.version);
    institutions.add(result.institution);
  }
  const order = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });
  return { versions: [...versions].sort(order), institutions: [...institutions].sort(order) };
}

/** A stable key for one matrix cell, e.g. `ais-transactions/date-range@v1.4.2/10101`. */
export function cellKey(ref: CaseRef): string {
  return `${ref.suite}/${ref.case}@${ref.version}/${ref.institution}`;
}

/** Which cases keep their request/response transcripts, curl commands and screenshots. */
export type TranscriptPolicy = 'failures' | 'all';

/** A result whose steps keep their names, statuses and timings but no transcript, curl or screenshot. */
export function withoutTranscripts(result: CaseResult): CaseResult {
  return {
    ...result,
    steps: result.steps.map(({ curl: _curl, screenshot: _shot, ...step }) => ({ ...step, transcript: [] })),
  };
}
