import { CodedError } from '../lib/coded-error.ts';

/** Why a test PKI could not be generated. */
export type PkiErrorCode =
  | 'ERR_PKI_BAD_ORG_ID'
  | 'ERR_PKI_BAD_ROLE'
  | 'ERR_PKI_NO_ROLE'
  | 'ERR_PKI_BAD_NCA'
  | 'ERR_PKI_BAD_SERVER_NAME'
  | 'ERR_PKI_CA_UNREADABLE'
  | 'ERR_PKI_WRITE_FAILED';

/** Raised by the test PKI generator for input the user must fix. */
export class PkiError extends CodedError<PkiErrorCode> {}
