import type { Role } from '../../spec/lib/index.ts';

/**
 * What the reference records of one request of a TPP, for the client report: facts only, no secret.
 *
 * Tokens and codes appear as ids (a truncated SHA-256 of the value), so two requests can be seen to
 * carry the same token without the report ever holding a usable one. Bodies are never kept: only the
 * token form's field names and the shape of its PKCE verifier.
 */
export interface ObservedRequest {
  /** Order of arrival at this reference (all TPPs). */
  readonly seq: number;
  /** ISO instant of arrival on the server clock. */
  readonly at: string;
  readonly institution: string;
  /** The TPP: its enrolled client_id (the QWAC's), or the authorize query's `client_id`. */
  readonly clientId: string;
  readonly method: string;
  /** Path without query. */
  readonly path: string;
  /** The matched route's template (`/stet/psd2/{version}/accounts/{accountResourceId}/balances`). */
  readonly operation: string | undefined;
  readonly kind: RequestKind;
  /** Values of the path template's `{name}` segments. */
  readonly params: Readonly<Record<string, string>>;
  /** Names of the headers sent, lower-case. */
  readonly headers: readonly string[];
  /** The headers the Signature covers; undefined without a (parseable) Signature header. */
  readonly signedHeaders: readonly string[] | undefined;
  readonly digest: 'absent' | 'ok' | 'mismatch';
  readonly requestId: string | undefined;
  readonly psuIpAddress: boolean;
  /** Id of the Bearer token sent. */
  readonly bearer: string | undefined;
  /** The PSU and role of the token, when the bank accepted it. */
  readonly psuId: string | undefined;
  readonly role: Role | undefined;
  readonly grant: ObservedGrant | undefined;
  readonly authorize: ObservedAuthorize | undefined;
  readonly response: ObservedResponse;
}

/** How a request is judged: a resource call (Bearer route), the token endpoint, authorize, the rest. */
export type RequestKind = 'resource' | 'token' | 'authorize' | 'sandbox' | 'other';

/** The token request form, without its secrets. */
export interface ObservedGrant {
  readonly grantType: string;
  /** Whether the form has a `scope` field. */
  readonly scope: boolean;
  readonly redirectUri: string | undefined;
  /** Id of the code presented. */
  readonly code: string | undefined;
  /** Id of the refresh token presented. */
  readonly refreshToken: string | undefined;
  /** RFC 7636 §4.1: 43 to 128 characters of [A-Za-z0-9-._~]. */
  readonly verifier: 'absent' | 'valid' | 'invalid';
  /** Header `fallback: 1`. */
  readonly fallback: boolean;
}

/** The authorize query, without `state`. */
export interface ObservedAuthorize {
  readonly redirectUri: string;
  readonly scope: string;
  /** A payment's consent journey (`payment_request`). */
  readonly payment: string | undefined;
  readonly challengeMethod: string | undefined;
}

/** What the bank answered. */
export interface ObservedResponse {
  readonly status: number;
  /** The error code (`message` of the ErrorModel, `error` of an OAuth body). */
  readonly code: string | undefined;
  /** The sandbox edge behaviour that made this answer, when one did. */
  readonly forcedBy: string | undefined;
  /** Tokens issued (token endpoint, 200). */
  readonly issued:
    { readonly access: string; readonly refresh: string | undefined; readonly scope: string } | undefined;
  /** Paths of every `href` handed out in the body, and of `Location`. */
  readonly links: readonly string[];
}
