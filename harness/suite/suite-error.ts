import { CodedError } from '../../lib/coded-error.ts';

/** One problem of a suite or target file, with its `file:line:col`. */
export interface SourceProblem {
  where: string;
  message: string;
}

/**
 * A suite file that cannot be run: YAML syntax, schema violation, unknown rule id, undefined capture.
 *
 * Carries every problem found (not only the first) so one edit cycle fixes them all.
 */
export class SuiteError extends CodedError<'ERR_SUITE_INVALID'> {
  readonly problems: readonly SourceProblem[];

  constructor(problems: readonly SourceProblem[]) {
    super('ERR_SUITE_INVALID', formatProblems('invalid suite file', problems), {
      hint: 'fix the suite file at the line shown (the language is described by harness/suite/suite.schema.json)',
    });
    this.problems = problems;
  }
}

/** Formats problems as `what:\n  file:line:col: message` lines. */
export function formatProblems(what: string, problems: readonly SourceProblem[]): string {
  return [`${what}:`, ...problems.map((p) => `  ${p.where}: ${p.message}`)].join('\n');
}
