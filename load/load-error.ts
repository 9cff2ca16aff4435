import { CodedError } from '../lib/coded-error.ts';
import type { ErrorCodeWith } from '../lib/error-codes.ts';

/** Codes of {@link LoadError}; stable, never reused. */
export type LoadErrorCode = ErrorCodeWith<'ERR_LOAD_'>;

/** Something the user of `stet-harness load` (or `har2k6`) must fix: exit 2, never a stack trace. */
export class LoadError extends CodedError<LoadErrorCode> {}
