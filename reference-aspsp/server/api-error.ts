import { catalogueError } from '../../spec/lib/index.ts';

/**
 * The error a handler throws to answer with a catalogue code (spec/errors.yaml).
 *
 * The server renders it as the STET ErrorModel of docs/contracts.md §4 (`message` carries the code).
 * The HTTP status comes from the catalogue; `status` overrides it only for the other contexts the
 * catalogue lists for the code (e.g. `413` for FF01, `501` for NIMP), never to invent one.
 *
 * ```ts
 * throw new ApiError('NGAC');
 * throw new ApiError('NIMP', { status: 501, detail: 'transactions details are not offered' });
 * ```
 */
export class ApiError extends Error {
  /** The catalogue code, as written in `message` of the body. */
  readonly code: string;
  readonly status: number;
  /** Extra response headers (e.g. `Allow` on 405, `WWW-Authenticate` on 401). */
  readonly headers: Readonly<Record<string, string>>;
  /** Free text for the server log; sent to the client only in sandbox mode, in the problem details. */
  readonly detail: string | undefined;
  /**
   * What the bank expected, for the sandbox's problem details (server/problem-details.ts): the
   * signing string it computed, the headers required and missing, the Digest of the body, the quota
   * left. Never a secret; never sent in live mode.
   */
  readonly expected: Readonly<Record<string, unknown>> | undefined;

  constructor(
    code: string,
    options: {
      status?: number;
      headers?: Record<string, string>;
      detail?: string;
      expected?: Record<string, unknown>;
    } = {},
  ) {
    // An unknown code is a bug of the reference: it fails where it is written, not on the wire.
    const entry = catalogueError(code);
    // Stryker disable next-line LogicalOperator: unobservable: an error's message and name never reach a response (its code, status and detail do)
    super(options.detail ?? code);
    // Stryker disable next-line StringLiteral: unobservable: an error's message and name never reach a response (its code, status and detail do)
    this.name = 'ApiError';
    this.code = code;
    this.status = options.status ?? entry.httpStatus;
    this.headers = options.headers ?? {};
    this.detail = options.detail;
    this.expected = options.expected;
  }
}
