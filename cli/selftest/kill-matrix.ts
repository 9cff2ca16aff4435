/**
 * The kill matrix of `stet-harness selftest`: for every fault of the reference, the cases that
 * caught it. A fault no case fails on "survives": the suites do not check what they claim to.
 */
import { cellKey, type CaseRef, type CaseResult, type Summary } from '../../harness/report/model.ts';
import type { Fault } from '../../reference-aspsp/faults/catalogue.ts';

/**
 * What became of one fault: `killed` (a case that passes on the clean reference failed), `survived`
 * (its cases ran and all passed), `uncovered` (no case checks its rules), `errored` (no kill, and a
 * case could not run: the harness broke, not the bank).
 */
export type FaultOutcome = 'killed' | 'survived' | 'uncovered' | 'errored';

/** One row of the matrix. */
export interface FaultVerdict {
  fault: string;
  description: string;
  rules: string[];
  outcome: FaultOutcome;
  /** Cells run against the reference started with this fault. */
  cases: number;
  /**
   * Cells that failed under the fault and passed on the clean reference; `advisory` when the cell's
   * finding was advisory (only choice rules at stake: `run --strict` fails on it, a plain run does not).
   */
  killers: Array<CaseRef & { advisory: boolean }>;
  /** Cells that errored under the fault, with the reason. */
  errors: Array<CaseRef & { message: string }>;
  durationMs: number;
}

/** The whole matrix, as written to `kill-matrix.json`. */
export interface KillMatrix {
  startedAt: string;
  finishedAt: string;
  /** The clean reference's run: every case must pass (or be not applicable). */
  clean: { summary: Summary; failures: Array<CaseRef & { message: string }> };
  faults: FaultVerdict[];
  totals: Record<FaultOutcome, number>;
}

function ref(result: CaseResult): CaseRef {
  return {
    suite: result.suite,
    case: result.case,
    title: result.title,
    version: result.version,
    institution: result.institution,
  };
}

/** The verdict of a fault from the results under it and the clean results (by cell). */
export function verdictOf(options: {
  fault: Fault;
  results: readonly CaseResult[];
  clean: ReadonlyMap<string, CaseResult>;
  durationMs: number;
}): FaultVerdict {
  const { fault, results, clean } = options;
  // An advisory finding kills a fault of a choice rule: `run --strict` fails on it.
  const killers = results
    .filter(
      (r) => (r.status === 'failed' || r.status === 'advisory') && clean.get(cellKey(r))?.status === 'passed',
    )
    .map((r) => ({ ...ref(r), advisory: r.status === 'advisory' }));
  const errors = results
    .filter((r) => r.status === 'errored')
    .map((r) => ({ ...ref(r), message: r.failure?.message ?? r.reason ?? 'errored' }));
  const ran = results.filter((r) => r.status !== 'not-applicable' && r.status !== 'skipped').length;
  const outcome: FaultOutcome =
    killers.length > 0 ? 'killed' : errors.length > 0 ? 'errored' : ran === 0 ? 'uncovered' : 'survived';
  return {
    fault: fault.name,
    description: fault.description,
    rules: [...fault.rules],
    outcome,
    cases: results.length,
    killers,
    errors,
    durationMs: options.durationMs,
  };
}

/** True when a fault was killed by advisory findings only: a plain run passes the faulty bank, `--strict` fails it. */
export function killedOnlyByAdvisories(verdict: FaultVerdict): boolean {
  return verdict.killers.length > 0 && verdict.killers.every((killer) => killer.advisory);
}

/** Counts the verdicts per outcome. */
export function totalsOf(verdicts: readonly FaultVerdict[]): Record<FaultOutcome, number> {
  const totals: Record<FaultOutcome, number> = { killed: 0, survived: 0, uncovered: 0, errored: 0 };
  for (const verdict of verdicts) totals[verdict.outcome] += 1;
  return totals;
}
