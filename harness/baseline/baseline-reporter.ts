/**
 * A reporter seeing the run through a baseline: every result it passes on is already `accepted` when
 * the baseline accepts it, and the final report carries the comparison, so the console, JUnit, JSON
 * and HTML outputs all say the same thing ("conforms to its baseline", deviations gone, new ones).
 */
import type { CalendarDate } from '../../spec/lib/index.ts';
import type { Reporter } from '../report/model.ts';
import { acceptedResult, applyBaseline, type Baseline } from './baseline.ts';

/**
 * Wraps `inner` so it receives results and the report as {@link applyBaseline} makes them on the
 * Paris day `today` (the run's clock: an entry past its `until` accepts nothing).
 */
export function baselineReporter(
  inner: Reporter,
  baseline: Baseline,
  options: { file: string; today: CalendarDate },
): Reporter {
  return {
    ...(inner.onRunStart === undefined ? {} : { onRunStart: (start) => inner.onRunStart?.(start) }),
    ...(inner.onCaseStart === undefined ? {} : { onCaseStart: (ref) => inner.onCaseStart?.(ref) }),
    onCaseEnd: (result) => inner.onCaseEnd?.(acceptedResult(result, baseline, options)),
    onRunEnd: (report) => inner.onRunEnd(applyBaseline(report, baseline, options)),
  };
}
