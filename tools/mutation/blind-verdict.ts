/**
 * What one default run (`stet-harness run`, no `--strict`) against a mutated reference says of the
 * mutant, and the kill rate of a set of such verdicts (docs/mutation.md, "Blind mutants").
 */

/** The outcome of one mutant. Only `killed` counts for the rate; the others are shown apart. */
export type BlindOutcome = 'killed' | 'survived' | 'errored' | 'patch-does-not-apply';

/** What the runner saw of one run against the mutated reference. */
export type RunObservation =
  | { readonly kind: 'patch-does-not-apply'; readonly files: readonly string[]; readonly message: string }
  | { readonly kind: 'timeout'; readonly seconds: number }
  | {
      readonly kind: 'exited';
      readonly exitCode: number | null;
      /** `suite/case` of each failed result of report.json; undefined when no report was written. */
      readonly failedCases: readonly string[] | undefined;
      /** The last line the run wrote on stderr, shown when it gives no verdict. */
      readonly lastError?: string | undefined;
    };

/** The verdict on one mutant, as results.json keeps it. */
export interface BlindVerdict {
  readonly id: string;
  readonly outcome: BlindOutcome;
  /** Why, in a few words: the first failed cases, the exit code, the file a patch was for. */
  readonly detail: string;
  readonly durationMs: number;
}

/**
 * Classifies a run (docs/verdicts.md, exit codes): exit 1 with a failed case is a kill (a seed rule
 * failed; advisory findings exit 0 and do not kill); exit 0 is a survivor; exit 2, a timeout, a run
 * without report or an exit 1 without a failed case is `errored` (the harness could not judge).
 */
export function classifyRun(observation: RunObservation): Pick<BlindVerdict, 'outcome' | 'detail'> {
  switch (observation.kind) {
    case 'patch-does-not-apply':
      return {
        outcome: 'patch-does-not-apply',
        detail: `${observation.files.join(', ')}: ${observation.message}`,
      };
    case 'timeout':
      return { outcome: 'errored', detail: `no verdict within ${observation.seconds} s` };
    case 'exited': {
      const { exitCode, failedCases } = observation;
      if (exitCode === 0) return { outcome: 'survived', detail: 'exit 0' };
      if (failedCases === undefined) {
        const said = observation.lastError === undefined ? '' : `: ${observation.lastError}`;
        return { outcome: 'errored', detail: `exit ${String(exitCode)}, no report${said}` };
      }
      if (exitCode === 1 && failedCases.length > 0) {
        const shown = failedCases.slice(0, 3).join(', ');
        const more = failedCases.length > 3 ? ` and ${failedCases.length - 3} more` : '';
        return { outcome: 'killed', detail: `${shown}${more}` };
      }
      return {
        outcome: 'errored',
        detail: `exit ${String(exitCode)} with ${failedCases.length} failed case(s)`,
      };
    }
  }
}

/**
 * The `suite/case` of each failed result of a run's report.json (deduplicated: a case fails once per
 * version and institution), or undefined when the text is not such a report.
 */
export function failedCasesOf(reportText: string): readonly string[] | undefined {
  let report: unknown;
  try {
    report = JSON.parse(reportText);
  } catch {
    return undefined;
  }
  if (typeof report !== 'object' || report === null || !('results' in report)) return undefined;
  const { results } = report;
  if (!Array.isArray(results)) return undefined;
  const list: readonly unknown[] = results;
  const failed = new Set<string>();
  for (const result of list) {
    if (typeof result !== 'object' || result === null) continue;
    const fields: Record<string, unknown> = Object.fromEntries(Object.entries(result));
    const { status, suite, case: caseId } = fields;
    if (status === 'failed' && typeof suite === 'string' && typeof caseId === 'string')
      failed.add(`${suite}/${caseId}`);
  }
  return [...failed];
}

/** Counts per outcome and the kill rate (killed over every mutant measured, errors included). */
export interface BlindSummary {
  readonly total: number;
  readonly killed: number;
  readonly survived: number;
  readonly errored: number;
  readonly patchDoesNotApply: number;
  /** Percentage with one decimal; 0 for an empty set. */
  readonly killRate: number;
}

/** The summary of a list of verdicts. */
export function summarise(verdicts: readonly Pick<BlindVerdict, 'outcome'>[]): BlindSummary {
  const count = (outcome: BlindOutcome): number => verdicts.filter((v) => v.outcome === outcome).length;
  const killed = count('killed');
  return {
    total: verdicts.length,
    killed,
    survived: count('survived'),
    errored: count('errored'),
    patchDoesNotApply: count('patch-does-not-apply'),
    killRate: verdicts.length === 0 ? 0 : Math.round((killed / verdicts.length) * 1000) / 10,
  };
}

/** The console table: one line per mutant, survivors and errors marked, then the rate. */
export function formatTable(verdicts: readonly BlindVerdict[]): string {
  const width = Math.max(2, ...verdicts.map((v) => v.id.length));
  const lines = verdicts.map(
    (v) =>
      `${v.id.padEnd(width)}  ${v.outcome.padEnd(20)}  ${(v.durationMs / 1000).toFixed(0).padStart(4)} s  ${v.detail}`,
  );
  const s = summarise(verdicts);
  const apart = [
    s.survived > 0 ? `${s.survived} survived` : '',
    s.errored > 0 ? `${s.errored} errored` : '',
    s.patchDoesNotApply > 0 ? `${s.patchDoesNotApply} patch(es) do not apply` : '',
  ].filter((part) => part !== '');
  lines.push(
    '',
    `kill rate: ${s.killed}/${s.total} = ${s.killRate.toFixed(1)} %${apart.length > 0 ? ` (${apart.join(', ')})` : ''}`,
  );
  return lines.join('\n');
}
