/**
 * Fan-out of reporter hooks, so a run talks to one {@link Reporter} whatever the outputs.
 */
import type { Reporter } from './model.ts';

/** One reporter forwarding every hook to each of `reporters`, in order. */
export function combineReporters(reporters: readonly Reporter[]): Reporter {
  return {
    onRunStart: (start) => reporters.forEach((r) => r.onRunStart?.(start)),
    onCaseStart: (ref) => reporters.forEach((r) => r.onCaseStart?.(ref)),
    onCaseEnd: (result) => reporters.forEach((r) => r.onCaseEnd?.(result)),
    onRunEnd: async (report) => {
      for (const reporter of reporters) await reporter.onRunEnd(report);
    },
  };
}
