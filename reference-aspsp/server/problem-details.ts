import { lookupError } from '../../spec/lib/index.ts';
import type { ApiError } from './api-error.ts';
import type { OAuthError } from './oauth-error.ts';

/**
 * RFC 9457 problem details of a refusal, sent in sandbox mode as the `problem` member next to the
 * STET ErrorModel (or the RFC 6749 body) so a TPP developer sees what the bank expected.
 *
 * `type` names the catalogue code (`urn:stet-harness:problem:SIGNATURE_INVALID`), `title` its meaning
 * in spec/errors.yaml, `detail` the bank's reason, `instance` the X-Request-ID; `expected` is the
 * extension member with what the bank computed or has on file (see docs/client-report.md).
 */
export interface ProblemDetails {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly instance: string;
  readonly path: string;
  /** Absent from the JSON when undefined (JSON.stringify leaves undefined members out). */
  readonly expected?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * The problem details of `error` on `path`, for the request `requestId`; `detail` is what the bank
 * says of the refusal (choice ERR-SANDBOX-PROBLEM-DETAIL, choices/err-choices.ts).
 */
export function problemDetails(
  error: ApiError | OAuthError,
  where: { path: string; requestId: string; detail: string },
): ProblemDetails {
  const entry = lookupError(error.code);
  return {
    type: `urn:stet-harness:problem:${error.code}`,
    // Stryker disable next-line OptionalChaining: equivalent: entry is always found (above)
    title: entry?.meaning ?? error.code,
    status: error.status,
    detail: where.detail,
    instance: `urn:x-request-id:${where.requestId}`,
    path: where.path,
    expected: error.expected,
  };
}
