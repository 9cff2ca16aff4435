import { STATUS_CODES } from 'node:http';

/**
 * The STET ErrorModel the reference answers errors with (docs/contracts.md §4).
 *
 * STET puts a free message in `message`; the group's hosts put the error code there, and so do we.
 */
export interface StetErrorBody {
  readonly timestamp: string;
  readonly status: number;
  readonly error: string;
  readonly message: string;
  readonly path: string;
}

/** ErrorModel's `path` holds at most this many characters (its schema in spec/source/components.yaml). */
const maxPathLength = 140;

/**
 * Builds the ErrorModel body for `code` answered with `status` on `path` at `now`; a longer path is cut
 * to the 140 characters the schema allows (a request's path is the client's and may be any length).
 */
export function stetErrorBody(options: {
  code: string;
  status: number;
  path: string;
  now: Date;
}): StetErrorBody {
  return {
    timestamp: options.now.toISOString(),
    status: options.status,
    // Stryker disable next-line StringLiteral: equivalent: every status the reference answers has a Node reason phrase, so the fallback is never used
    error: STATUS_CODES[options.status] ?? 'Error',
    message: options.code,
    path: options.path.slice(0, maxPathLength),
  };
}
