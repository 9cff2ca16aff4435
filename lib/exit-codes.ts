/**
 * Process exit codes shared by every command.
 *
 * "The bank is wrong" and "the harness broke" are never the same thing.
 */
export const ExitCode = {
  /** The target conforms (or the command did its job). */
  Conforms: 0,
  /** The target does not conform. */
  NotConforming: 1,
  /** The harness could not do its job: bad suite, bad config, unreachable target, bad certificate. */
  HarnessError: 2,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
