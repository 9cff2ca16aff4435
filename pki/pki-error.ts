import { CodedError } from '../lib/coded-error.ts';
import type { ErrorCodeWith } from '../lib/error-codes.ts';

/** Why a test PKI could not be generated. */
export type PkiErrorCode = ErrorCodeWith<'ERR_PKI_'>;

/** Raised by the test PKI generator for input the user must fix. */
export class PkiError extends CodedError<PkiErrorCode> {}
