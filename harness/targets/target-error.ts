import { SourceFileError, type SourceProblem } from '../suite/suite-error.ts';

/** A target file (or a reference start line) that cannot be used: syntax, schema, unreadable PEM. */
export class TargetError extends SourceFileError<'ERR_TARGET_INVALID'> {
  constructor(problems: readonly SourceProblem[]) {
    super('ERR_TARGET_INVALID', 'invalid target', problems);
  }
}
