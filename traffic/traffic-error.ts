import { CodedError } from '../lib/coded-error.ts';

/** Stable codes of the errors the traffic tools raise on purpose. */
export type TrafficErrorCode =
  | 'ERR_HAR_INVALID'
  | 'ERR_HAR_NOT_STET'
  | 'ERR_HAR_UNREADABLE'
  | 'ERR_REDACTION_LEAK'
  | 'ERR_REDACTION_REFUSED'
  | 'ERR_REPLAY_OPTIONS'
  | 'ERR_TRAFFIC_LISTEN';

/**
 * An error of `record`, `replay`, `check`, `diff` or `har2k6` that the user must fix (bad file, refused
 * option, a secret left in a recording). The CLI prints its code and hint and exits 2.
 */
export class TrafficError extends CodedError<TrafficErrorCode> {}
