import { catalogueError } from '../../spec/lib/index.ts';

/**
 * The error of `/oauth/token` (RFC 6749 §5.2): rendered as `{ error, error_description }` with the
 * status of the code in spec/errors.yaml.
 */
export class OAuthError extends Error {
  readonly code: string;
  readonly status: number;
  readonly description: string;
  /** What the bank expected (sandbox problem details only), e.g. the redirect_uri on file. */
  readonly expected: Readonly<Record<string, unknown>> | undefined;

  constructor(code: string, description: string, options: { expected?: Record<string, unknown> } = {}) {
    // An unknown code is a bug of the reference: it fails where it is written, not on the wire.
    const entry = catalogueError(code);
    // Stryker disable next-line StringLiteral: unobservable: an error's message and name never reach a response (its code, status and detail do)
    super(`${code}: ${description}`);
    // Stryker disable next-line StringLiteral: unobservable: an error's message and name never reach a response (its code, status and detail do)
    this.name = 'OAuthError';
    this.code = code;
    this.status = entry.httpStatus;
    this.description = description;
    this.expected = options.expected;
  }
}
