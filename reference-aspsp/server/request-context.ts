import type { Choices } from '../choices/index.ts';
import type { FaultSet } from '../faults/catalogue.ts';
import type { X509Certificate } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ApiVersion, VersionProfile } from '../../spec/lib/index.ts';
import type { Clock } from '../clock/clock.ts';
import type { HostForm, Institution } from '../institutions/institution.ts';
import type { BearerAuth } from '../oauth/bearer-auth.ts';
import type { Store } from '../store/index.ts';
import type { ClientCertificate } from '../tpp/client-certificate.ts';
import type { EnrolledTpp } from '../tpp/enrolled-tpp.ts';

/** `sandbox` serves personas, the fixed OTP and the control API; `live` refuses them. */
export type ServerMode = 'sandbox' | 'live';

/**
 * Everything a route handler gets about one request, once the server has checked it.
 *
 * By the time a handler runs, the host named a known institution, the route and version matched, the
 * body was within limits and parsed, and — depending on the route's `auth` — the client certificate,
 * enrolment, role, Signature, Digest and access token were checked (see {@link Route}).
 */
export interface BaseContext {
  /** The institution of the request's host. */
  readonly institution: Institution;
  readonly hostForm: HostForm;
  /** The version segment of the path, when the route template has `{version}`. */
  readonly version: ApiVersion | undefined;
  /** Values of the `{name}` segments of the path template (except `version`), URL-decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly method: string;
  /** The path without the query string. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  /** X-Request-ID of the request (or one the server made up when absent); echoed on the response. */
  readonly requestId: string;
  /** `PSU-IP-Address` when sent and not empty: the PSU is connected, batch quotas do not apply (seed: Limits). */
  readonly psuIpAddress: string | undefined;
  /** Parsed JSON body for routes with `body: 'json'`, else undefined. */
  readonly body: unknown;
  /** Parsed form for routes with `body: 'form'`, else an empty one. */
  readonly form: URLSearchParams;
  /** The exact bytes received (what Digest covers). */
  readonly rawBody: Buffer;
  /**
   * Current time for this request: the PSU's clock on bearer routes (base clock plus the PSU's
   * offset), the base clock elsewhere.
   */
  now(): Date;
  readonly clock: Clock;
  readonly store: Store;
  /** The reference's faults, parsed once at start (docs/contracts.md §12): `faults.has('…')` where the deviation happens. */
  readonly faults: FaultSet;
  /**
   * The bank's choices where the seed is silent, resolved once at start (choices/index.ts):
   * `choices.of('RULE-ID')` is the behaviour to apply, the reference's or the alternate bank's.
   */
  readonly choices: Choices;
  readonly mode: ServerMode;
  /** Writes one line to the server log (stderr), prefixed with the request id. */
  log(message: string): void;
}

/** Context of `auth: 'none'` routes: a client certificate may be there, it was not checked. */
export interface OpenContext extends BaseContext {
  readonly tpp: EnrolledTpp | undefined;
  readonly auth: undefined;
}

/**
 * Context of `auth: 'trusted-certificate'` routes: the client certificate chains to the trusted CA;
 * the TPP may not be enrolled yet (`POST /register`).
 */
export interface TrustedCertificateContext extends BaseContext {
  readonly certificate: ClientCertificate;
  /** The CA the server trusts for TPP certificates: a registration's QSEAL must be issued by it. */
  readonly trustedCa: X509Certificate;
  readonly tpp: EnrolledTpp | undefined;
  readonly auth: undefined;
}

/** Context of `auth: 'client-certificate'` routes: an enrolled TPP with the route's role (if any). */
export interface CertificateContext extends BaseContext {
  /** The QWAC: fingerprint, organizationIdentifier, roles of its QCStatement. */
  readonly certificate: ClientCertificate;
  readonly tpp: EnrolledTpp;
  readonly auth: undefined;
}

/**
 * Context of `auth: 'bearer'` routes: everything of a certificate route plus a valid access token.
 * Every bearer route is versioned (`/stet/psd2/{version}/…`), so the version and its profile are known.
 */
export interface BearerContext extends Omit<CertificateContext, 'auth' | 'version'> {
  readonly auth: BearerAuth;
  readonly version: ApiVersion;
  /** What the version offers (spec/lib `versionProfile`): handlers ask it, never compare versions. */
  readonly profile: VersionProfile;
}

/** The context of any route. */
export type RequestContext = OpenContext | TrustedCertificateContext | CertificateContext | BearerContext;
