/**
 * `run --strict`: the reporters see a report marked `strict`, so their verdict counts advisory
 * findings (checks of the reference's choices) as failures, as the exit code does.
 */
import type { Reporter } from './model.ts';

/** `inner`, told at the end that the run is strict. */
export function strictReporter(inner: Reporter): Reporter {
  return {
    onRunStart: (start) => inner.onRunStart?.(start),
    onCaseStart: (ref) => inner.onCaseStart?.(ref),
    onCaseEnd: (result) => inner.onCaseEnd?.(result),
    onRunEnd: (report) => inner.onRunEnd({ ...report, strict: true }),
  };
}
