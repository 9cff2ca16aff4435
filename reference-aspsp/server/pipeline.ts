import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TLSSocket } from 'node:tls';
import { isDecommissioned, versionProfile, type Role, type VersionCalendar } from '../../spec/lib/index.ts';
import { parisDay } from '../../spec/lib/index.ts';
import type { Clock } from '../clock/clock.ts';
import type { ClientObserver } from '../client-report/client-observer.ts';
import type { HostResolution } from '../institutions/host-resolver.ts';
import { checkAccessToken } from '../oauth/check-access-token.ts';
import { secretKey } from '../lib/secret.ts';
import type { EdgeBehaviours } from '../sandbox/edge-behaviours.ts';
import type { Store } from '../store/index.ts';
import { ApiError } from './api-error.ts';
import { checkSignature } from './check-signature.ts';
import { SignatureReplayCache } from './signature-replay-cache.ts';
import { stetErrorBody } from './error-body.ts';
import { identifyTpp, trustedCertificate } from './identify-tpp.ts';
import { OAuthError } from './oauth-error.ts';
import { problemDetails } from './problem-details.ts';
import { parseBody, type ParsedBody } from './parse-body.ts';
import { readBody } from './read-body.ts';
import type { BaseContext, ServerMode } from './request-context.ts';
import type { RouteResponse } from './route.ts';
import type { Router } from './router.ts';
import { sendResponse } from './send-response.ts';

/** What the request pipeline needs, built once by `app.ts`. */
export interface PipelineServices {
  readonly router: Router;
  readonly resolveHost: (host: string, today: string) => HostResolution;
  /** The version calendar with the deployment's overrides: decommissioned versions are refused. */
  readonly calendar: VersionCalendar;
  readonly store: Store;
  readonly clock: Clock;
  readonly faults: ReadonlySet<string>;
  readonly mode: ServerMode;
  /** Records every request for the client report (serve --client-report); absent: nothing recorded. */
  readonly observer?: ClientObserver | undefined;
  /** Per-TPP edge behaviour switches of the sandbox API. */
  readonly edge?: EdgeBehaviours | undefined;
  log(message: string): void;
}

/** What the pipeline learnt of a request while checking it, for the observer and the refusal log. */
interface Notes {
  route: { readonly path: string; readonly auth: string } | undefined;
  params: Readonly<Record<string, string>>;
  body: Buffer | undefined;
  institution: string | undefined;
  clientId: string | undefined;
  auth: { readonly psuId: string; readonly role: Role } | undefined;
  forcedBy: string | undefined;
}

/**
 * The request handler of the reference: checks a request in the order documented on `Route` (route.ts),
 * runs the route's handler and writes the answer. Every failure becomes a catalogue error; only a bug
 * gives `500 INTE`, logged with its stack.
 */
export function createPipeline(
  services: PipelineServices,
): (request: IncomingMessage, response: ServerResponse) => void {
  const echoRequestId = !services.faults.has('request-id-not-echoed');
  const checkSignatures = !services.faults.has('signature-not-checked');
  const ignoreExpiry = services.faults.has('token-never-expires');
  // A bank answering the right status with a generic body that names no code.
  const codeMissing = services.faults.has('error-code-missing');
  // Sandbox refusals explain themselves; the `error-code-missing` fault names no code anywhere.
  const explain = services.mode === 'sandbox' && !codeMissing;
  const replays = new SignatureReplayCache();
  let dayCache = { until: 0, day: '' };
  const today = (): string => {
    const now = services.clock.now().getTime();
    if (now >= dayCache.until) dayCache = { until: now + 1000, day: parisDay(new Date(now)) };
    return dayCache.day;
  };

  async function handle(
    request: IncomingMessage,
    response: ServerResponse,
    requestId: string,
    notes: Notes,
  ): Promise<RouteResponse> {
    const duplicated = singletonHeaders.find((name) => (request.headersDistinct[name]?.length ?? 0) > 1);
    // Node keeps the first of several Host or Authorization headers; two are ambiguous (RFC 9112 §3.2).
    if (duplicated !== undefined) throw new ApiError('HEADER_DUPLICATED', { detail: duplicated });
    const target = request.url ?? '/';
    const queryAt = target.indexOf('?');
    const path = queryAt === -1 ? target : target.slice(0, queryAt);
    const socket = request.socket;
    const host =
      request.headers.host ??
      (socket instanceof TLSSocket && typeof socket.servername === 'string' ? socket.servername : '');
    if (
      socket instanceof TLSSocket &&
      typeof socket.servername === 'string' &&
      socket.servername !== hostName(host)
    ) {
      // A connection opened for one institution must not serve another (RFC 9110 Misdirected Request).
      throw new ApiError('HOST_UNKNOWN', { detail: `SNI ${socket.servername} but Host ${host}` });
    }
    const resolved = services.resolveHost(host, today());
    if (!resolved.ok) throw new ApiError(resolved.code, { detail: `host ${host}` });
    notes.institution = resolved.institution.code;
    const method = request.method ?? 'GET';
    const match = services.router.match(method, path);
    if (match.kind === 'not-found') throw new ApiError('RESOURCE_UNKNOWN', { detail: `${method} ${path}` });
    // Seed Versioning: version N is gone from sandbox and live T0 + 3 months after N+1 went live; the
    // day is the server's (global) clock, not a PSU's, since decommissioning applies to everyone.
    if (
      match.version !== undefined &&
      !services.faults.has('version-not-decommissioned') &&
      isDecommissioned(services.calendar, match.version, today())
    ) {
      throw new ApiError('VERSION_DECOMMISSIONED', { detail: `${method} ${path}` });
    }
    if (match.kind === 'method-not-allowed') {
      throw new ApiError('NIMP', { headers: { allow: match.allow.join(', ') }, detail: `${method} ${path}` });
    }
    notes.route = match.route;
    notes.params = match.params;
    const read = await readBody(request);
    if (!read.ok) {
      if (read.reason === 'aborted') response.destroy();
      // The body was not read: close the connection after the answer rather than drain it.
      const headers: Record<string, string> =
        read.reason === 'declared-too-large' ? { connection: 'close' } : {};
      throw new ApiError('FF01', { status: 413, headers, detail: 'body over 64 KiB' });
    }
    notes.body = read.body;
    const { route } = match;
    const institution = resolved.institution;
    const headers = request.headers;
    const psuIp = headers['psu-ip-address'];
    const facts: RequestFacts = {
      institution,
      hostForm: resolved.form,
      version: match.version,
      params: match.params,
      method,
      path,
      query: new URLSearchParams(queryAt === -1 ? '' : target.slice(queryAt + 1)),
      headers,
      requestId,
      psuIpAddress: typeof psuIp === 'string' && psuIp !== '' ? psuIp : undefined,
      rawBody: read.body,
      services,
    };
    const tls = socket instanceof TLSSocket ? socket : undefined;
    if (route.auth === 'none') {
      const edgeAnswer =
        services.edge === undefined || path !== '/stet/psd2/oauth/authorize'
          ? undefined
          : await services.edge.onAuthorize({ tx: services.store, query: facts.query });
      if (edgeAnswer !== undefined) return edgeAnswer;
      const parsed = parseBody(route.body ?? 'none', headers, read.body);
      return route.handler(routeContext(facts, parsed, { tpp: undefined, auth: undefined }, 0));
    }
    if (tls === undefined) throw new ApiError('CERT_MISSING');
    if (route.auth === 'trusted-certificate') {
      const certificate = trustedCertificate(tls);
      if (certificate instanceof ApiError) throw certificate;
      const tpp = await identifyTpp(tls, services.store, undefined);
      const parsed = parseBody(route.body ?? 'none', headers, read.body);
      const known = tpp instanceof ApiError ? undefined : tpp.tpp;
      notes.clientId = known?.clientId;
      return route.handler(routeContext(facts, parsed, { certificate, tpp: known, auth: undefined }, 0));
    }
    // A bank checking the enrolment but not the PSD2 role in the QWAC QCStatement.
    const neededRole = services.faults.has('qwac-role-not-checked') ? undefined : route.role;
    const identified = await identifyTpp(tls, services.store, neededRole);
    if (identified instanceof ApiError) throw identified;
    notes.clientId = identified.tpp.clientId;
    const signed = route.signed ?? route.auth === 'bearer';
    if (signed && checkSignatures) {
      const refusal = checkSignature({
        method,
        target,
        headers,
        body: read.body,
        institution,
        tpp: identified.tpp,
        checkDigest: !services.faults.has('digest-not-checked'),
        checkFreshness: !services.faults.has('signature-freshness-not-checked'),
        now: services.clock.now(),
        replays,
      });
      if (refusal !== undefined) throw refusal;
    }
    const { certificate, tpp } = identified;
    if (route.auth === 'client-certificate') {
      const parsed = parseBody(route.body ?? 'none', headers, read.body);
      return route.handler(routeContext(facts, parsed, { certificate, tpp, auth: undefined }, 0));
    }
    const edge = services.edge?.onResourceCall({
      clientId: tpp.clientId,
      institution,
      tokenKey: () => bearerKey(headers.authorization),
      now: services.clock.now(),
    });
    if (edge?.refusal !== undefined) {
      notes.forcedBy = edge.forcedBy;
      throw edge.refusal;
    }
    const checked = await checkAccessToken({
      tx: services.store,
      clock: services.clock,
      authorization: headers.authorization,
      institution: institution.code,
      clientId: tpp.clientId,
      role: route.role,
      ignoreExpiry,
    });
    if (checked instanceof ApiError) {
      if (checked.code === 'BADS' && services.faults.has('bads-as-401')) {
        throw new ApiError('invalid_token', {
          headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
        });
      }
      throw checked;
    }
    notes.auth = checked.auth;
    // The router refuses a bearer route without {version}: reaching this is a bug (500 INTE).
    if (match.version === undefined) throw new Error(`bearer route ${route.path} matched no version`);
    const version = match.version;
    const parsed = parseBody(route.body ?? 'none', headers, read.body);
    const shaped =
      edge === undefined || edge.institution === institution
        ? facts
        : { ...facts, institution: edge.institution };
    return route.handler(
      routeContext(
        shaped,
        parsed,
        { certificate, tpp, auth: checked.auth, version, profile: versionProfile(version) },
        checked.psuOffsetMs + (edge?.offsetMs ?? 0),
      ),
    );
  }

  return (request, response) => {
    const sent = request.headers['x-request-id'];
    const requestId = typeof sent === 'string' && sent !== '' ? sent : randomUUID();
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const notes: Notes = {
      route: undefined,
      params: {},
      body: undefined,
      institution: undefined,
      clientId: undefined,
      auth: undefined,
      forcedBy: undefined,
    };
    const answered = (answer: RouteResponse): void => {
      sendResponse(response, answer, { requestId, echoRequestId });
      services.observer?.record({
        seq: services.observer.nextSeq(),
        now: services.clock.now(),
        institution: notes.institution,
        method: request.method ?? 'GET',
        target: request.url ?? '/',
        headers: request.headers,
        body: notes.body,
        route: notes.route,
        params: notes.params,
        clientId: notes.clientId,
        auth: notes.auth,
        answer,
        forcedBy: notes.forcedBy,
      });
    };
    handle(request, response, requestId, notes).then(answered, (error: unknown) => {
      const answer = errorAnswer(error, path, requestId);
      if (answer.status < 500) {
        // One line per refusal: enough to find the request again, never a header value or a body.
        services.log(
          `refused ${answer.status} ${refusalCode(error)} x-request-id=${typeof sent === 'string' && sent !== '' ? sent : '(none)'} ${request.method ?? 'GET'} ${path}`,
        );
      }
      answered(answer);
    });
  };

  function errorAnswer(error: unknown, path: string, requestId: string): RouteResponse {
    const now = services.clock.now();
    if (error instanceof ApiError) {
      const body = stetErrorBody({
        code: codeMissing ? 'Error' : error.code,
        status: error.status,
        path,
        now,
      });
      return {
        status: error.status,
        headers: error.headers,
        // Sandbox only: the refusal explains itself (docs/client-report.md); live keeps the plain body.
        json:
          explain && error.status < 500
            ? { ...body, problem: problemDetails(error, { path, requestId }) }
            : body,
      };
    }
    if (error instanceof OAuthError) {
      const body = { error: error.code, error_description: error.description };
      return {
        status: error.status,
        json:
          explain && error.status < 500
            ? { ...body, problem: problemDetails(error, { path, requestId }) }
            : body,
      };
    }
    services.log(
      `internal error on ${path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    const internal = new ApiError('INTE');
    return {
      status: internal.status,
      json: stetErrorBody({ code: 'INTE', status: internal.status, path, now }),
    };
  }
}

/** Headers a request may carry once only. */
const singletonHeaders = ['host', 'authorization'] as const;

function refusalCode(error: unknown): string {
  return error instanceof ApiError || error instanceof OAuthError ? error.code : 'INTE';
}

/** The store key of the request's Bearer token (never the token itself). */
function bearerKey(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1] === undefined ? undefined : secretKey(match[1]);
}

function hostName(host: string): string {
  const colon = host.lastIndexOf(':');
  return (colon === -1 || host.includes(']') ? host : host.slice(0, colon)).toLowerCase();
}

/** What the pipeline learnt of a request before its route's own checks. */
interface RequestFacts {
  readonly institution: BaseContext['institution'];
  readonly hostForm: BaseContext['hostForm'];
  readonly version: BaseContext['version'];
  readonly params: BaseContext['params'];
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: BaseContext['headers'];
  readonly requestId: string;
  readonly psuIpAddress: string | undefined;
  readonly rawBody: Buffer;
  readonly services: PipelineServices;
}

/**
 * A route's context, built in one object literal with the TPP part spread last. Built on every
 * request: spreading a context of twenty fields into a literal with more fields after it
 * (`{ ...base, auth }`) takes V8's slow path, several microseconds each, where this costs a tenth of one.
 * `offsetMs` is the PSU's clock offset on bearer routes (0 elsewhere).
 */
function routeContext<Tpp extends object>(
  facts: RequestFacts,
  parsed: ParsedBody,
  tpp: Tpp,
  offsetMs: number,
): BaseContext & Tpp {
  const { services, requestId } = facts;
  return {
    institution: facts.institution,
    hostForm: facts.hostForm,
    version: facts.version,
    params: facts.params,
    method: facts.method,
    path: facts.path,
    query: facts.query,
    headers: facts.headers,
    requestId,
    psuIpAddress: facts.psuIpAddress,
    body: parsed.body,
    form: parsed.form,
    rawBody: facts.rawBody,
    // Methods, not arrow functions: the tsx loader names every arrow function it compiles (`__name`,
    // a defineProperty per call) and these are made on every request.
    now() {
      const now = services.clock.now();
      return offsetMs === 0 ? now : new Date(now.getTime() + offsetMs);
    },
    clock: services.clock,
    store: services.store,
    faults: services.faults,
    mode: services.mode,
    log(message: string) {
      services.log(`[${requestId}] ${message}`);
    },
    ...tpp,
  };
}
