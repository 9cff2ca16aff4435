import { CodedError } from '../../lib/coded-error.ts';
import { formatProblems, type SourceProblem } from '../suite/suite-error.ts';

/** A target file (or a reference start line) that cannot be used: syntax, schema, unreadable PEM. */
export class TargetError extends CodedError<'ERR_TARGET_INVALID'> {
  readonly problems: readonly SourceProblem[];

  constructor(problems: readonly SourceProblem[]) {
    super('ERR_TARGET_INVALID', formatProblems('invalid target', problems), {
      hint: 'fix the target file at the line shown (schema: harness/targets/target.schema.json)',
    });
    this.problems = problems;
  }
}
