import { CodedError } from '../../lib/coded-error.ts';
import type { ErrorCodeWith } from '../../lib/error-codes.ts';

/** One problem of a suite or target file, with its `file:line:col`. */
export interface SourceProblem {
  where: string;
  message: string;
}

/** Codes of a suite that cannot be loaded: the file itself, or an include it names. */
export type SuiteErrorCode = ErrorCodeWith<'ERR_SUITE_'>;

/** Codes of the files the harness reads with positions. */
export type SourceFileErrorCode = SuiteErrorCode | 'ERR_TARGET_INVALID' | 'ERR_BASELINE_INVALID';

/**
 * A file read with positions (suite, target, baseline) that cannot be used.
 *
 * Carries every problem found (not only the first) so one edit cycle fixes them all; the hint is the
 * code's, from the registry.
 */
export class SourceFileError<Code extends SourceFileErrorCode> extends CodedError<Code> {
  readonly problems: readonly SourceProblem[];

  constructor(code: Code, what: string, problems: readonly SourceProblem[]) {
    super(code, formatProblems(what, problems));
    this.problems = problems;
  }
}

/**
 * A suite file that cannot be run: YAML syntax, schema violation, unknown rule id, undefined capture
 * (`ERR_SUITE_INVALID`), or a fragment it uses that does not exist or uses itself again.
 */
export class SuiteError extends SourceFileError<SuiteErrorCode> {
  constructor(problems: readonly SourceProblem[], code: SuiteErrorCode = 'ERR_SUITE_INVALID') {
    super(code, 'invalid suite file', problems);
  }
}

/** Formats problems as `what:\n  file:line:col: message` lines. */
export function formatProblems(what: string, problems: readonly SourceProblem[]): string {
  return [`${what}:`, ...problems.map((p) => `  ${p.where}: ${p.message}`)].join('\n');
}
