import type { ApiVersion, Role, Validator } from '../../spec/lib/index.ts';
import type { FaultSet } from '../faults/catalogue.ts';
import type { ApiError } from './api-error.ts';
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
 * What the server does before the handler, in this order (server/pipeline.ts: one stage each, in
 * server/stages/; each refusal is the code of docs/contracts.md §4, rendered as the STET ErrorModel,
 * `X-Request-ID` echoed):
 * 1. host: host → institution (`421 HOST_UNKNOWN`, `404 INSTITUTION_UNKNOWN`, `410 HOST_WITHDRAWN`);
 * 2. route: path and method → route (`404` unknown path or version not in `versions`; `410` version
 *    decommissioned; `405 NIMP` with `Allow` when the path exists with other methods);
 * 3. size: body read up to 64 KiB (`413 FF01`);
 * 4. certificate, for `auth: 'client-certificate' | 'bearer'`: client certificate present
 *    (`401 CERT_MISSING`), issued by the test CA (`401 CERT_UNTRUSTED`), TPP enrolled (`403 BE05`),
 *    QWAC and enrolment have `role` (`403 ROLE_MISSING`); `auth: 'trusted-certificate'` stops after
 *    the CA check;
 * 5. signature, when `signed` (default: true for bearer routes, false otherwise): Signature
 *    (`401 SIGNATURE_INVALID`) and Digest (`400 DIGEST_INVALID`);
 * 6. token, for `auth: 'bearer'`: access token valid, of this institution and this TPP
 *    (`401 invalid_token`), of the route's role (`403 BADS`);
 * 7. body: `body: 'json'` needs `Content-Type: application/json` and valid JSON (`400 FF01`);
 *    `body: 'form'` needs `application/x-www-form-urlencoded`. Then a bearer route's `admit` check,
 *    then, when `body` names a `schema`, the body must match it ({@link JsonSchemaBody}).
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
  readonly body?: RouteBody;
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
  /**
   * Refusals that come before the body's schema (the service offered, the token's scope or
   * binding): throws the `ApiError`. The body is parsed already, not yet checked.
   */
  admit?(ctx: BearerContext): Promise<void>;
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

/** How a route's body is parsed: not at all (the default), as a form, as JSON, or as checked JSON. */
export type RouteBody = 'json' | 'form' | 'none' | JsonSchemaBody;

/**
 * A JSON body checked against a component schema of the version's OpenAPI document (spec/): the
 * body stage refuses a body the schema rejects, so the handler starts from a valid one.
 *
 * ```ts
 * body: { kind: 'json', schema: 'ConsentRequest' },
 * ```
 */
export interface JsonSchemaBody {
  readonly kind: 'json';
  /** Name of the schema (`#/components/schemas/<name>`); the route's path needs `{version}`. */
  readonly schema: string;
  /** The refusal of a body the schema rejects; default `400 FF01` listing the schema's errors. */
  refusal?(refused: { body: unknown; errors: readonly string[]; validate: Validator }): ApiError;
  /** True when the body goes unchecked: the fault of a bank that does not validate it. */
  unchecked?(faults: FaultSet): boolean;
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
