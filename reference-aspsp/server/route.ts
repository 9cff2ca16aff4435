import type { ApiVersion, Role } from '../../spec/lib/index.ts';
import type {
  BearerContext,
  CertificateContext,
  OpenContext,
  TrustedCertificateContext,
} from './request-context.ts';

/**
 * How to add an endpoint to the reference bank.
 *
 * A domain (ais/, cbpii/, pisp/, sandbox/, …) exports a list of routes; `reference-aspsp/app.ts` adds
 * the list to the server. A route is data plus one handler:
 *
 * ```ts
 * export const balancesRoute: Route = {
 *   method: 'GET',
 *   path: '/stet/psd2/{version}/accounts/{accountResourceId}/balances',
 *   versions: apiVersions,                   // or versionsWhere((p) => p.overdrafts)
 *   auth: 'bearer',
 *   role: 'aisp',
 *   async handler(ctx) {                      // ctx: BearerContext, with ctx.profile
 *     const account = await findAccount(ctx.store, ctx.auth.psuId, ctx.params.accountResourceId);
 *     if (account === undefined) throw new ApiError('AC01');
 *     return { status: 200, json: { balances: …, _links: … } };
 *   },
 * };
 * ```
 *
 * What the server does before the handler, in this order (each refusal is the code of
 * docs/contracts.md §4, rendered as the STET ErrorModel, `X-Request-ID` echoed):
 * 1. host → institution (`421 HOST_UNKNOWN`, `404 INSTITUTION_UNKNOWN`, `410 HOST_WITHDRAWN`);
 * 2. path and method → route (`404` unknown path or version not in `versions`; `405 NIMP` with `Allow`
 *    when the path exists with other methods);
 * 3. body read up to 64 KiB (`413 FF01`);
 * 4. `auth: 'client-certificate' | 'bearer'`: client certificate present (`401 CERT_MISSING`), issued by
 *    the test CA (`401 CERT_UNTRUSTED`), TPP enrolled (`403 BE05`), QWAC and enrolment
 *    have `role` (`403 ROLE_MISSING`); `auth: 'trusted-certificate'` stops after the CA check;
 * 5. `signed` (default: true for bearer routes, false otherwise): Signature (`401 SIGNATURE_INVALID`)
 *    and Digest (`400 DIGEST_INVALID`);
 * 6. `auth: 'bearer'`: access token valid, of this institution and this TPP (`401 invalid_token`), of
 *    the route's role (`403 BADS`);
 * 7. `body: 'json'`: `Content-Type: application/json` and valid JSON (`400 FF01`); `body: 'form'`:
 *    `application/x-www-form-urlencoded`. Schema validation is the handler's job (spec/lib
 *    `schemaValidator`), answering `400 FF01`.
 *
 * A handler returns a {@link RouteResponse} or throws `ApiError` (server/api-error.ts); anything else
 * thrown is a bug and answers `500 INTE`. Handlers never write to the socket themselves.
 */
export type Route = BearerRoute | CertificateRoute | TrustedCertificateRoute | OpenRoute;

/** What every route declares. */
interface RouteBase {
  readonly method: HttpMethod;
  /**
   * Path template: literal segments and `{name}` segments matching one path segment. The segment
   * `{version}` matches only the versions listed in `versions`. Literal segments win over `{name}`.
   */
  readonly path: string;
  /** Versions the route exists in (required when the template has `{version}`). */
  readonly versions?: readonly ApiVersion[];
  /** How the body is parsed; default `none` (any body is ignored, but still covered by Digest). */
  readonly body?: 'json' | 'form' | 'none';
  /** Whether Signature and Digest are checked; default true for bearer routes, false otherwise. */
  readonly signed?: boolean;
}

/**
 * A resource call with `Authorization: Bearer`: the seed's AIS, CBPII and PISP resources, all under
 * `/stet/psd2/{version}/`; the handler gets the version's profile (`ctx.profile`).
 */
export interface BearerRoute extends RouteBase {
  readonly auth: 'bearer';
  readonly versions: readonly ApiVersion[];
  /** Role of the resource: the QWAC, the enrolment and the token must all have it. */
  readonly role: Role;
  handler(ctx: BearerContext): Promise<RouteResponse>;
}

/** A call authenticated by the client certificate only (register, token endpoint, sandbox API). */
export interface CertificateRoute extends RouteBase {
  readonly auth: 'client-certificate';
  /** Role the QWAC and enrolment must have; omitted: any enrolled TPP. */
  readonly role?: Role;
  handler(ctx: CertificateContext): Promise<RouteResponse>;
}

/** A call from a TPP whose certificate is trusted but which may not be enrolled yet (`POST /register`). */
export interface TrustedCertificateRoute extends RouteBase {
  readonly auth: 'trusted-certificate';
  handler(ctx: TrustedCertificateContext): Promise<RouteResponse>;
}

/** A call with no TPP authentication (the PSU's authorize pages in a browser). */
export interface OpenRoute extends RouteBase {
  readonly auth: 'none';
  handler(ctx: OpenContext): Promise<RouteResponse>;
}

/** HTTP methods routes may use. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A handler's answer. `json` is serialised with `Content-Type: application/json`, `html` with
 * `text/html; charset=utf-8`; with neither the body is empty. `X-Request-ID` is added by the server.
 */
export interface RouteResponse {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly json?: unknown;
  readonly html?: string;
}
