import { ExitCode } from '../lib/exit-codes.ts';
import { runVerdict, type RunReport } from '../harness/report/model.ts';

/**
 * The exit code of a command that judged a run (`run`, `merge-reports`): 0 conforms (also to its
 * baseline), 1 does not conform or differs from its baseline, 2 a case errored.
 */
export function verdictExitCode(report: Pick<RunReport, 'summary' | 'baseline' | 'strict'>): ExitCode {
  switch (runVerdict(report)) {
    case 'incomplete':
      return ExitCode.HarnessError;
    case 'does-not-conform':
      return ExitCode.NotConforming;
    case 'conforms':
    case 'conforms-to-baseline':
      return ExitCode.Conforms;
  }
}
