import { CodedError } from '../lib/coded-error.ts';

/** Codes of {@link LoadError}; stable, never reused. */
export type LoadErrorCode =
  | 'ERR_LOAD_SCENARIO_INVALID'
  | 'ERR_LOAD_SCENARIO_UNKNOWN'
  | 'ERR_LOAD_OPTION'
  | 'ERR_LOAD_THRESHOLD_INVALID'
  | 'ERR_LOAD_SETUP'
  | 'ERR_LOAD_EXPORT';

/** Something the user of `stet-harness load` (or `har2k6`) must fix: exit 2, never a stack trace. */
export class LoadError extends CodedError<LoadErrorCode> {}
