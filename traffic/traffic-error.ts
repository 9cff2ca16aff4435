import { CodedError } from '../lib/coded-error.ts';
import type { ErrorCodeIn } from '../lib/error-codes.ts';

/** Stable codes of the errors the traffic tools raise on purpose. */
export type TrafficErrorCode = ErrorCodeIn<'traffic'>;

/**
 * An error of `record`, `replay`, `check`, `diff` or `har2k6` that the user must fix (bad file, refused
 * option, a secret left in a recording). The CLI prints its code and hint and exits 2.
 */
export class TrafficError extends CodedError<TrafficErrorCode> {}
