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

/** Builds the ErrorModel body for `code` answered with `status` on `path` at `now`. */
export function stetErrorBody(options: {
  code: string;
  status: number;
  path: string;
  now: Date;
}): StetErrorBody {
  return {
    timestamp: options.now.toISOString(),
    status: options.status,
    error: STATUS_CODES[options.status] ?? 'Error',
    message: options.code,
    path: options.path,
  };
}
