import { lookupError } from '../../spec/lib/index.ts';
import { ApiError } from '../server/api-error.ts';
import { BareRefusal } from '../server/error-answer.ts';
import { stetErrorBody } from '../server/error-body.ts';
import type { OAuthError } from '../server/oauth-error.ts';
import { problemDetails, type ProblemDetails } from '../server/problem-details.ts';
import type { ServerMode } from '../server/request-context.ts';
import { choice } from './choice.ts';

/** What an error body is built from: the code as sent, the status, the path, the time, the explanation. */
export interface ErrorBodyFacts {
  readonly code: string;
  readonly status: number;
  readonly path: string;
  readonly now: Date;
  /** What the bank says of the refusal, when it explains it (ERR-LIVE-NO-EXPLANATION), else undefined. */
  readonly explanation: string | undefined;
}

/** The JSON body of a resource error (ERR-STET-BODY). */
export type ErrorBodyRenderer = (facts: ErrorBodyFacts) => object;

/** The JSON body of a token endpoint error from its RFC 6749 code and description (ERR-OAUTH-BODY). */
export type OAuthBodyRenderer = (error: { readonly code: string; readonly description: string }) => object;

/** The problem member of an explained refusal, or undefined for none (ERR-SANDBOX-PROBLEM-MEMBERS). */
export type ProblemMember = (
  error: ApiError | OAuthError,
  where: { readonly path: string; readonly requestId: string; readonly detail: string },
) => ProblemDetails | undefined;

/** The status a refusal is answered with, from its catalogue code and status (ERR-STATUS-OF-CODE). */
export type StatusOfCode = (code: string, status: number) => number;

/**
 * The refusal of a request whose path names no resource (ERR-UNKNOWN-PATH), from the request line
 * (`GET /path`) its detail names.
 */
export type UnknownPathRefusal = (requestLine: string) => Error;

/** The `Allow` header of a `405 NIMP` from the methods the path serves, or undefined for none (ERR-405-ALLOW). */
export type AllowHeader = (methods: readonly string[]) => string | undefined;

/** The codes of ours (spec/errors.yaml origin: reference, or a code the seed does not name) another bank spells its way. */
const otherBankCodes: Readonly<Record<string, string>> = {
  CERT_MISSING: 'CERTIFICATE_MISSING',
  CERT_UNTRUSTED: 'CERTIFICATE_INVALID',
  ROLE_MISSING: 'ROLE_INVALID',
  SIGNATURE_INVALID: 'SIGNATURE_REJECTED',
  DIGEST_INVALID: 'DIGEST_MISMATCH',
  INSTITUTION_UNKNOWN: 'BANK_UNKNOWN',
  HOST_UNKNOWN: 'HOST_INVALID',
  HOST_WITHDRAWN: 'HOST_GONE',
  HEADER_DUPLICATED: 'HEADER_INVALID',
  RESOURCE_UNKNOWN: 'NOT_FOUND',
  VERSION_DECOMMISSIONED: 'VERSION_GONE',
  PAYMENT_STATUS_CONFLICT: 'STATUS_INVALID',
  CONSENT_REFUSED: 'CONSENT_INVALID',
};

/** Other 4xx for codes the seed shows without a status (spec/errors.yaml statusIsChoice). */
const otherBankStatuses: Readonly<Record<string, number>> = { AC04: 410, IPGN: 404, NAAC: 403, CDNA: 403 };

/** What the bank explains of a refusal: the refusal's own detail, else the code's meaning. */
function refusalDetail(error: ApiError | OAuthError): string {
  if ('description' in error) return error.description;
  return error.detail ?? lookupError(error.code)?.meaning ?? error.code;
}

/** The choices of the ERR family: error bodies, statuses and codes the seed does not show. */
export const errChoices = {
  'ERR-STET-BODY': choice<ErrorBodyRenderer>({
    // STET's ErrorModel with the code in message; the explanation goes to the problem member.
    reference: (facts) => stetErrorBody(facts),
    alternate: (facts) => ({
      code: facts.code,
      message: facts.explanation ?? lookupError(facts.code)?.meaning ?? facts.code,
    }),
  }),
  'ERR-OAUTH-BODY': choice<OAuthBodyRenderer>({
    reference: (error) => ({ error: error.code, error_description: error.description }),
    alternate: (error) => ({ code: error.code, message: error.description }),
  }),
  'ERR-STATUS-OF-CODE': choice<StatusOfCode>({
    reference: (_code, status) => status,
    // Only where the catalogue's own status was chosen: another context's status (FF01's 413) stays.
    alternate: (code, status) =>
      status === lookupError(code)?.httpStatus ? (otherBankStatuses[code] ?? status) : status,
  }),
  'ERR-REFERENCE-CODE': choice<(code: string) => string>({
    reference: (code) => code,
    alternate: (code) => otherBankCodes[code] ?? code,
  }),
  'ERR-UNKNOWN-PATH': choice<UnknownPathRefusal>({
    reference: (requestLine) => new ApiError('RESOURCE_UNKNOWN', { detail: requestLine }),
    // A gateway in front of the API answers a path it routes nowhere with its bare 404.
    alternate: (requestLine) => new BareRefusal(404, requestLine),
  }),
  // RFC 9110's Allow; a bank that sends none still answers the seed's 405 NIMP.
  'ERR-405-ALLOW': choice<AllowHeader>({
    reference: (methods) => methods.join(', '),
    alternate: () => undefined,
  }),
  'ERR-SANDBOX-PROBLEM-MEMBERS': choice<ProblemMember>({
    reference: (error, where) => problemDetails(error, where),
    alternate: () => undefined,
  }),
  'ERR-SANDBOX-PROBLEM-DETAIL': choice<(error: ApiError | OAuthError) => string>({
    reference: refusalDetail,
    alternate: (error) =>
      'description' in error ? error.description : (lookupError(error.code)?.meaning ?? error.code),
  }),
  'ERR-LIVE-NO-EXPLANATION': choice<(mode: ServerMode) => boolean>({
    reference: (mode) => mode === 'sandbox',
    alternate: () => true,
  }),
} as const;
