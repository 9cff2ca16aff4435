/**
 * A reporter seeing the run through a baseline: every result it passes on is already `accepted` when
 * the baseline accepts it, and the final report carries the comparison, so the console, JUnit, JSON
 * and HTML outputs all say the same thing ("conforms to its baseline", deviations gone, new ones).
 */
import type { Reporter } from '../report/model.ts';
import { acceptedByKey, acceptedResult, applyBaseline, type Baseline } from './baseline.ts';

/** Wraps `inner` so it receives results and the report as {@link applyBaseline} makes them. */
export function baselineReporter(inner: Reporter, baseline: Baseline, file: string): Reporter {
  const accepted = acceptedByKey(baseline);
  return {
    ...(inner.onRunStart === undefined ? {} : { onRunStart: (start) => inner.onRunStart?.(start) }),
    ...(inner.onCaseStart === undefined ? {} : { onCaseStart: (ref) => inner.onCaseStart?.(ref) }),
    onCaseEnd: (result) => inner.onCaseEnd?.(acceptedResult(result, accepted, file)),
    onRunEnd: (report) => inner.onRunEnd(applyBaseline(report, baseline, file)),
  };
}
