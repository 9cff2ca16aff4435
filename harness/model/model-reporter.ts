/**
 * How the seed model's results join a run's: the model runs beside the suites, and its case results
 * are handed to the run's reporters as ordinary cells just before the run ends, then merged into the
 * run's report (summary, matrix), so every report (console, JUnit, JSON, HTML, baseline) shows them.
 */
import { matrixOf, summarize, type CaseResult, type Reporter, type RunReport } from '../report/model.ts';

/** `report` with `results` added after its own (summary and matrix recounted). */
export function withModelResults(report: RunReport, results: readonly CaseResult[]): RunReport {
  if (results.length === 0) return report;
  const all = [...report.results, ...results];
  return { ...report, results: all, summary: summarize(all), matrix: matrixOf(all) };
}

/**
 * A reporter passing everything to `inner`, and at the run's end first the model's results (awaited)
 * as cells of their own (`cells` of them, counted in the run's total from its start), then the
 * merged report.
 */
export function modelReporter(
  inner: Reporter,
  model: Promise<readonly CaseResult[]>,
  cells: number,
): Reporter {
  return {
    onRunStart: (start) => inner.onRunStart?.({ ...start, total: start.total + cells }),
    onCaseStart: (ref) => inner.onCaseStart?.(ref),
    onCaseEnd: (result) => inner.onCaseEnd?.(result),
    async onRunEnd(report) {
      const results = await model;
      for (const result of results) {
        inner.onCaseStart?.(result);
        inner.onCaseEnd?.(result);
      }
      await inner.onRunEnd(withModelResults(report, results));
    },
  };
}
