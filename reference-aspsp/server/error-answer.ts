import type { Choices } from '../choices/index.ts';
import { ApiError } from './api-error.ts';
import { OAuthError } from './oauth-error.ts';
import type { ServerMode } from './request-context.ts';
import type { RouteResponse } from './route.ts';

/**
 * A refusal answered with its status alone, no body: what a gateway that knows no route answers
 * (choice ERR-UNKNOWN-PATH of the alternate bank).
 */
export class BareRefusal extends Error {
  readonly status: number;
  /** Headers of the answer (a 401's `WWW-Authenticate` challenge). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, detail: string, headers: Readonly<Record<string, string>> = {}) {
    super(detail);
    // Stryker disable next-line StringLiteral: unobservable: an error's name never reaches a response
    this.name = 'BareRefusal';
    this.status = status;
    this.headers = headers;
  }
}

/** What the rendering of a refusal needs besides the error. */
export interface ErrorAnswerContext {
  readonly path: string;
  readonly requestId: string;
  readonly now: Date;
  readonly mode: ServerMode;
  readonly choices: Choices;
  /** The `error-code-missing` fault: the right status with a generic body naming no code. */
  readonly codeMissing: boolean;
}

/**
 * The answer to a refused request: an {@link ApiError} as the bank's error body (ERR-STET-BODY), an
 * {@link OAuthError} as its token endpoint body (ERR-OAUTH-BODY), each with the code and status the
 * bank spells (ERR-REFERENCE-CODE, ERR-STATUS-OF-CODE) and, where the bank explains its refusals
 * (ERR-LIVE-NO-EXPLANATION), its explanation (ERR-SANDBOX-PROBLEM-DETAIL, ERR-SANDBOX-PROBLEM-MEMBERS).
 * Undefined for anything else: a bug, which the caller answers `500 INTE`.
 */
export function refusalAnswer(error: unknown, ctx: ErrorAnswerContext): RouteResponse | undefined {
  const { choices } = ctx;
  if (error instanceof BareRefusal) return { status: error.status, headers: error.headers };
  if (!(error instanceof ApiError) && !(error instanceof OAuthError)) return undefined;
  const status = choices.of('ERR-STATUS-OF-CODE')(error.code, error.status);
  // Refusals explain themselves where the bank does; the `error-code-missing` fault explains nothing.
  const explained = !ctx.codeMissing && status < 500 && choices.of('ERR-LIVE-NO-EXPLANATION')(ctx.mode);
  const detail = explained ? choices.of('ERR-SANDBOX-PROBLEM-DETAIL')(error) : undefined;
  const problem =
    detail === undefined
      ? undefined
      : choices.of('ERR-SANDBOX-PROBLEM-MEMBERS')(error, {
          path: ctx.path,
          requestId: ctx.requestId,
          detail,
        });
  const body =
    error instanceof ApiError
      ? choices.of('ERR-STET-BODY')({
          code: ctx.codeMissing ? 'Error' : choices.of('ERR-REFERENCE-CODE')(error.code),
          status,
          path: ctx.path,
          now: ctx.now,
          explanation: detail,
        })
      : choices.of('ERR-OAUTH-BODY')({ code: error.code, description: error.description });
  return {
    status,
    ...(error instanceof ApiError ? { headers: error.headers } : {}),
    json: problem === undefined ? body : { ...body, problem },
  };
}

/** The answer to a bug: `500 INTE` in the bank's error body, never explained. */
export function internalErrorAnswer(ctx: ErrorAnswerContext): RouteResponse {
  const internal = new ApiError('INTE');
  return {
    status: internal.status,
    json: ctx.choices.of('ERR-STET-BODY')({
      code: 'INTE',
      status: internal.status,
      path: ctx.path,
      now: ctx.now,
      explanation: undefined,
    }),
  };
}
