/**
 * The command a report offers under "Reproduce" for a failed cell: `stet-harness repro`, which runs
 * that one case again against a live target and writes a script that runs as is (docs/running.md).
 * It replaces the recorded curl as the thing to run: that curl points at the run's host, carries
 * redacted values and cannot be sent again as it stands.
 */
import { shellQuote } from './curl.ts';

/** The cell to reproduce and where: a target file, or the embedded reference with its faults. */
export interface ReproCommandOptions {
  readonly suite: string;
  readonly case: string;
  readonly version: string;
  readonly institution: string;
  /** The target file the run was given; absent for the embedded reference. */
  readonly targetFile?: string;
  /** The embedded reference's `--fault` names (ignored with a target file). */
  readonly faults?: readonly string[];
}

/**
 * `stet-harness repro suite/case --version V --institution C (--target FILE | --fault F…)`: a command
 * that runs as it stands (no placeholder), for the "Reproduce" of a report. Stable name: the HTML
 * report calls it.
 */
export function reproCommand(options: ReproCommandOptions): string {
  const parts = [
    'stet-harness repro',
    shellQuote(`${options.suite}/${options.case}`),
    `--version ${shellQuote(options.version)}`,
    `--institution ${shellQuote(options.institution)}`,
  ];
  if (options.targetFile !== undefined) parts.push(`--target ${shellQuote(options.targetFile)}`);
  else for (const fault of options.faults ?? []) parts.push(`--fault ${shellQuote(fault)}`);
  return parts.join(' ');
}
