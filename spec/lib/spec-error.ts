import { CodedError } from '../../lib/coded-error.ts';
import type { ErrorCodeWith } from '../../lib/error-codes.ts';

/** Stable codes of the errors the spec library raises. */
export type SpecErrorCode = ErrorCodeWith<'ERR_SPEC_'>;

/**
 * A file of `spec/` is not what the library expects, or a caller named something `spec/` does not have.
 *
 * `ERR_SPEC_INVALID` means `spec/` itself is broken (run `npm run spec:check`); the other codes mean the
 * caller asked for a schema or version that does not exist.
 */
export class SpecError extends CodedError<SpecErrorCode> {}
