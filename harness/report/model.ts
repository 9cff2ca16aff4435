/**
 * The result model every run produces and every reporter consumes (docs/contracts.md §10).
 *
 * `run`, `traffic check` and `selftest` all build a {@link RunReport}; reporters never see anything
 * else. Secrets are redacted before a result enters this model (see `redact.ts`), so a reporter may
 * print any field as is. Extend only compatibly: the engine and the traffic tools code against it.
 */

/**
 * Every verdict of one case (or one step), in the order reports list them. This list is the one place
 * a status is declared: reporters iterate it and read {@link statusTraits}, so a new status is added
 * here (and in `report.schema.json`) and nowhere else.
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
] as const;

/** Verdict of one case (or one step); see {@link statuses}. */
export type Status = (typeof statuses)[number];

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

/** The traits of every status (see {@link statuses}). */
export const statusTraits: Readonly<Record<Status, StatusTraits>> = {
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

/** A rule a case checks, as listed in `spec/rules.yaml`. */
export interface RuleRef {
  /** Stable rule id, e.g. `AIS-TRX-003`. */
  id: string;
  title: string;
  /** Section of the seed specification the rule comes from, e.g. `4.3.2`. */
  section: string;
  /** `seed` (a statement of the seed) or `choice` (our reading: its findings are advisory). */
  basis?: 'seed' | 'choice';
}

/** Header map of a transcript: lower-case names; repeated headers (set-cookie) as an array. */
export type HeaderMap = Record<string, string | string[]>;

/** A request as sent on the wire, after redaction. */
export interface TranscriptRequest {
  method: string;
  /** Absolute URL, with the institution host (not the address dialled). */
  url: string;
  headers: HeaderMap;
  /** Body as text; absent when there was none. */
  body?: string;
}

/** A response as received, after redaction. */
export interface TranscriptResponse {
  status: number;
  headers: HeaderMap;
  /** Body as text (possibly shortened by the engine); absent when empty. */
  body?: string;
}

/** One HTTP exchange of a step. `response` is absent when none arrived (connection refused, timeout). */
export interface TranscriptEntry {
  request: TranscriptRequest;
  response?: TranscriptResponse;
}

/** A screenshot taken by the browser journey driver. */
export interface Screenshot {
  /** Media type of `base64`, e.g. `image/png`. */
  mediaType: string;
  base64: string;
}

/** The result of one step of a case. */
export interface StepResult {
  /** The step's name in the suite (or a generated one, e.g. `step 2`). */
  name: string;
  /** The step kind of the suite language (`request`, `journey`, `token`, `sandbox`, `repeat`, …). */
  kind: string;
  status: Status;
  durationMs: number;
  /** Why the step failed or errored, in one sentence. */
  message?: string;
  /** Every HTTP exchange the step made, in order, redacted. Empty for steps without HTTP. */
  transcript: TranscriptEntry[];
  /** A curl command reproducing the step's (last) request, redacted. */
  curl?: string;
  screenshot?: Screenshot;
}

/** Why a case failed or errored. */
export interface Failure {
  message: string;
  /** What the suite expected; any JSON value (a status, a code, a document fragment). */
  expected?: unknown;
  /** What the target gave; any JSON value. */
  actual?: unknown;
  /** Index (0-based) into `steps` of the step that failed. */
  step?: number;
}

/** The identity of one cell of the run matrix: a case at one version and institution. */
export interface CaseRef {
  /** Suite name (file name without extension, e.g. `ais-transactions`). */
  suite: string;
  /** Case id, unique within its suite. */
  case: string;
  title: string;
  /** API version, e.g. `v1.4.2`. */
  version: string;
  /** Five-digit institution code, e.g. `10101`. */
  institution: string;
}

/** The result of one case × version × institution. */
export interface CaseResult extends CaseRef {
  rules: RuleRef[];
  status: Status;
  /** Why the case was skipped or is not applicable (e.g. "target lacks capability sandbox"). */
  reason?: string;
  durationMs: number;
  failure?: Failure;
  steps: StepResult[];
  /** Suite and case tags. */
  tags?: string[];
}

/** Counts per status plus the total. */
export type Summary = Record<Status, number> & { total: number };

/** The dimensions of the run matrix. */
export interface Matrix {
  versions: string[];
  institutions: string[];
}

/** Who produced the report. */
export interface ToolInfo {
  name: string;
  version: string;
}

/** What the run was against. */
export interface TargetInfo {
  name: string;
  baseUrl: string;
}

/** A deviation (rule × institution) a baseline accepts. */
export interface BaselineDeviation {
  rule: string;
  institution: string;
  /** Why it is accepted, as the baseline file says. */
  reason?: string;
}

/** How the run compared with a baseline (`run --baseline`). */
export interface BaselineOutcome {
  /** The baseline file, as given. */
  file: string;
  /** Baselined deviations the run still shows (their results are `accepted`). */
  accepted: BaselineDeviation[];
  /** Baselined deviations whose rule was checked and held: gone, to remove from the baseline. */
  fixed: BaselineDeviation[];
  /** Deviations of the run the baseline does not accept. */
  unexpected: BaselineDeviation[];
}

/** What the verdict line says of a run that passes or fails (default: of a target's conformance). */
export interface VerdictWording {
  conforms: string;
  doesNotConform: string;
}

/** A whole run: the input of every reporter. */
export interface RunReport {
  tool: ToolInfo;
  target: TargetInfo;
  /** ISO 8601 instants. */
  startedAt: string;
  finishedAt: string;
  matrix: Matrix;
  summary: Summary;
  results: CaseResult[];
  /** Present when the run was compared with a baseline. */
  baseline?: BaselineOutcome;
  /** Present when the run is not a target's conformance (the selftest says "all faults killed"). */
  wording?: VerdictWording;
  /** Present when advisory findings fail the run too (`run --strict`). */
  strict?: true;
}

/** The overall verdict of a run, as every reporter states it. */
export type RunVerdict = 'conforms' | 'conforms-to-baseline' | 'does-not-conform' | 'incomplete';

/**
 * The run's verdict: `incomplete` when a case errored, `does-not-conform` when one failed or the
 * baseline no longer matches (a new deviation or a fixed one), `conforms-to-baseline` when only
 * accepted deviations remain, `conforms` otherwise.
 */
export function runVerdict(report: Pick<RunReport, 'summary' | 'baseline' | 'strict'>): RunVerdict {
  if (report.summary.errored > 0) return 'incomplete';
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
export function verdictText(report: Pick<RunReport, 'summary' | 'baseline' | 'wording' | 'strict'>): string {
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
  report: Pick<RunReport, 'summary' | 'baseline' | 'wording'>,
  verdict: RunVerdict,
): string {
  const wording = report.wording ?? {
    conforms: 'the target conforms',
    doesNotConform: 'the target does not conform',
  };
  switch (verdict) {
    case 'incomplete':
      return 'the harness could not check everything';
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
