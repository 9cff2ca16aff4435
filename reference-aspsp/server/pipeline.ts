import type { X509Certificate } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TLSSocket } from 'node:tls';
import { parisDay, versionProfile, type Role, type VersionCalendar } from '../../spec/lib/index.ts';
import type { Clock } from '../clock/clock.ts';
import type { ClientObserver } from '../client-report/client-observer.ts';
import type { Choices } from '../choices/index.ts';
import type { FaultSet } from '../faults/catalogue.ts';
import type { HostResolution } from '../institutions/host-resolver.ts';
import { secretKey } from '../lib/secret.ts';
import type { EdgeBehaviours } from '../sandbox/edge-behaviours.ts';
import type { Store } from '../store/index.ts';
import { ApiError } from './api-error.ts';
import { internalErrorAnswer, refusalAnswer } from './error-answer.ts';
import { OAuthError } from './oauth-error.ts';
import type { ParsedBody } from './parse-body.ts';
import type { BaseContext, ServerMode } from './request-context.ts';
import type { RouteResponse } from './route.ts';
import type { Router } from './router.ts';
import { sendResponse } from './send-response.ts';
import { SignatureReplayCache } from './signature-replay-cache.ts';
import type { SignatureVerifier } from './signature-verifier.ts';
import { bodySchemaStage, bodyStage } from './stages/body-stage.ts';
import { enrolledTppStage, trustedCertificateStage } from './stages/certificate-stage.ts';
import { hostStage } from './stages/host-stage.ts';
import { routeStage } from './stages/route-stage.ts';
import { signatureStage } from './stages/signature-stage.ts';
import { sizeStage } from './stages/size-stage.ts';
import { tokenStage } from './stages/token-stage.ts';

/** What the request pipeline needs, built once by `app.ts`. */
export interface PipelineServices {
  readonly router: Router;
  readonly resolveHost: (host: string, today: string) => HostResolution;
  /** The version calendar with the deployment's overrides: decommissioned versions are refused. */
  readonly calendar: VersionCalendar;
  readonly store: Store;
  readonly clock: Clock;
  /** The faults the reference was started with, parsed once (faults/catalogue.ts). */
  readonly faults: FaultSet;
  /** The bank's choices where the seed is silent, resolved once (choices/index.ts). */
  readonly choices: Choices;
  readonly mode: ServerMode;
  /** Records every request for the client report (serve --client-report); absent: nothing recorded. */
  readonly observer?: ClientObserver | undefined;
  /** Per-TPP edge behaviour switches of the sandbox API. */
  readonly edge?: EdgeBehaviours | undefined;
  /** Where the signature stage runs the RSA operation (default: on the event loop). */
  readonly verifier?: SignatureVerifier | undefined;
  /** The CA the server trusts for TPP certificates (its TLS `ca`): a registration's QSEAL must chain to it. */
  readonly trustedCa: X509Certificate;
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

/** The request line of a request, split once. */
interface RequestLine {
  readonly method: string;
  /** Path with query, as received (the signature's `(request-target)`). */
  readonly target: string;
  readonly path: string;
  readonly query: string;
}

/**
 * The request handler of the reference: runs a request through the stages of server/stages/ in
 * the order documented on `Route` (route.ts) — host, route, size, certificate, signature, token,
 * body — then the route's handler, and writes the answer. Every failure becomes a catalogue error;
 * only a bug gives `500 INTE`, logged with its stack.
 */
export function createPipeline(
  services: PipelineServices,
): (request: IncomingMessage, response: ServerResponse) => void {
  const { faults, choices } = services;
  const echoRequestId = !faults.has('request-id-not-echoed');
  // A bank answering the right status with a generic body that names no code.
  const codeMissing = faults.has('error-code-missing');
  const signatureServices = {
    faults,
    choices,
    replays: new SignatureReplayCache(),
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ObjectLiteral: equivalent: without the worker a signature is verified inline, with the same result
    ...(services.verifier === undefined ? {} : { verifier: services.verifier }),
  };
  const tokenServices = { tx: services.store, clock: services.clock, faults, choices: services.choices };
  const day = new ParisDayCache(services.clock);
  const requestIdOf = choices.of('TRN-XREQUESTID-EMPTY-REPLACED');
  // Fields a success answer carries beyond those the seed lists (TRN-NO-EXTRA-FIELDS): none, or these.
  const extraFields = choices.of('TRN-NO-EXTRA-FIELDS');
  // The headers every answer carries, as this bank chose them.
  const responseHead = {
    cacheControl: choices.of('TRN-NO-STORE'),
    jsonType: choices.of('TRN-JSON-RESPONSES'),
  };

  async function run(
    request: IncomingMessage,
    response: ServerResponse,
    state: { readonly line: RequestLine; readonly notes: Notes; readonly requestId: string },
  ): Promise<RouteResponse> {
    const { line, notes, requestId } = state;
    const today = day.today();
    const { method, path } = line;
    const { institution, hostForm } = hostStage(request, services, today);
    notes.institution = institution.code;
    const { route, params, version } = routeStage(services, { method, path, today });
    notes.route = route;
    notes.params = params;
    const sized = sizeStage(request, response, choices);
    // A request without a body goes on in this turn: an await costs a trip through the microtask queue.
    const raw = Buffer.isBuffer(sized) ? sized : await sized;
    notes.body = raw;
    const headers = request.headers;
    const psuIp = headers['psu-ip-address'];
    const facts: RequestFacts = {
      institution,
      hostForm,
      version,
      params,
      method,
      path,
      query: new URLSearchParams(line.query),
      headers,
      requestId,
      psuIpAddress: typeof psuIp === 'string' && psuIp !== '' ? psuIp : undefined,
      rawBody: raw,
      services,
    };
    const socket = request.socket instanceof TLSSocket ? request.socket : undefined;
    if (route.auth === 'none') {
      // Stryker disable all: no edge behaviour is switched on in a conformance run (a TPP switches them on for itself to test its client, docs/client-report.md), where the hook answers nothing: like a fault switch, dead code there
      const edgeAnswer =
        services.edge === undefined || path !== '/stet/psd2/oauth/authorize'
          ? undefined
          : await services.edge.onAuthorize({ tx: services.store, query: facts.query });
      // Stryker restore all
      if (edgeAnswer !== undefined) return edgeAnswer;
      const parsed = bodyStage(route.body, { headers, raw, choices });
      bodySchemaStage(route.body, { version, body: parsed.body, faults, choices });
      return route.handler(routeContext(facts, parsed, { tpp: undefined, auth: undefined }, 0));
    }
    if (route.auth === 'trusted-certificate') {
      const { certificate, tpp } = await trustedCertificateStage(socket, services.store);
      const parsed = bodyStage(route.body, { headers, raw, choices });
      bodySchemaStage(route.body, { version, body: parsed.body, faults, choices });
      notes.clientId = tpp?.clientId;
      return route.handler(
        routeContext(facts, parsed, { certificate, tpp, trustedCa: services.trustedCa, auth: undefined }, 0),
      );
    }
    const { certificate, tpp } = await enrolledTppStage(socket, {
      tx: services.store,
      role: route.role,
      faults,
    });
    notes.clientId = tpp.clientId;
    const signed = signatureStage(signatureServices, {
      signed: route.signed ?? route.auth === 'bearer',
      method,
      target: line.target,
      headers,
      body: raw,
      institution,
      tpp,
      now: services.clock.now(),
    });
    if (signed !== undefined) await signed;
    if (route.auth === 'client-certificate') {
      const parsed = bodyStage(route.body, { headers, raw, choices });
      bodySchemaStage(route.body, { version, body: parsed.body, faults, choices });
      return route.handler(routeContext(facts, parsed, { certificate, tpp, auth: undefined }, 0));
    }
    // Stryker disable all: no edge behaviour is switched on in a conformance run (a TPP switches them on for itself to test its client, docs/client-report.md), where the hook answers nothing: like a fault switch, dead code there
    // Sandbox edge behaviours a TPP switched on for itself answer before its token is looked at.
    const edge = services.edge?.onResourceCall({
      clientId: tpp.clientId,
      institution,
      // A method, not an arrow function: see routeContext.
      tokenKey() {
        return bearerKey(headers.authorization);
      },
      now: services.clock.now(),
    });
    // Stryker restore all
    if (edge?.refusal !== undefined) {
      // Stryker disable next-line all: unobservable: the client report's note of the behaviour that refused
      notes.forcedBy = edge.forcedBy;
      throw edge.refusal;
    }
    const checked = await tokenStage(tokenServices, {
      authorization: headers.authorization,
      institution: institution.code,
      clientId: tpp.clientId,
      role: route.role,
    });
    notes.auth = checked.auth;
    // The router refuses a bearer route without {version}: reaching this is a bug (500 INTE).
    // Stryker disable next-line StringLiteral: unobservable: the router refuses such a route at start-up, so the message is never written
    if (version === undefined) throw new Error(`bearer route ${route.path} matched no version`);
    const parsed = bodyStage(route.body, { headers, raw, choices });
    // Stryker disable all: no edge behaviour is switched on in a conformance run (a TPP switches them on for itself to test its client, docs/client-report.md), where the hook answers nothing: like a fault switch, dead code there
    const shaped =
      edge === undefined || edge.institution === institution
        ? facts
        : { ...facts, institution: edge.institution };
    // Stryker restore all
    const ctx = routeContext(
      shaped,
      parsed,
      { certificate, tpp, auth: checked.auth, version, profile: versionProfile(version) },
      // Stryker disable next-line ArithmeticOperator: equivalent: no edge behaviour is on in a conformance run, so the edge's offset is 0
      checked.psuOffsetMs + (edge?.offsetMs ?? 0),
    );
    if (route.admit !== undefined) await route.admit(ctx);
    bodySchemaStage(route.body, { version, body: parsed.body, faults, choices });
    return route.handler(ctx);
  }

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const sent = request.headers['x-request-id'];
    const requestId = requestIdOf(typeof sent === 'string' ? sent : undefined);
    // Stryker disable next-line StringLiteral: equivalent: Node sets the url of every request a server receives
    const target = request.url ?? '/';
    const queryAt = target.indexOf('?');
    const line: RequestLine = {
      // Stryker disable next-line StringLiteral: equivalent: Node sets the method of every request a server receives
      method: request.method ?? 'GET',
      target,
      path: queryAt === -1 ? target : target.slice(0, queryAt),
      // Stryker disable next-line StringLiteral,UnaryOperator: equivalent: without a `?` they read the path or a text as a query parameter's name, which no route reads or copies into a link
      query: queryAt === -1 ? '' : target.slice(queryAt + 1),
    };
    // Stryker disable next-line ObjectLiteral: unobservable: the notes feed only the client report's record (docs/client-report.md), written after the answer
    const notes: Notes = {
      route: undefined,
      params: {},
      body: undefined,
      institution: undefined,
      clientId: undefined,
      auth: undefined,
      forcedBy: undefined,
    };
    let answer: RouteResponse;
    try {
      answer = await run(request, response, { line, notes, requestId });
      if (extraFields !== undefined && answer.json !== undefined)
        answer = { ...answer, json: extraFields(answer.json) };
    } catch (error) {
      answer = errorAnswer(error, line.path, requestId);
      // Stryker disable all: unobservable: the refusal's log line (a 5xx is logged with its stack in errorAnswer)
      if (answer.status < 500) {
        // One line per refusal: enough to find the request again, never a header value or a body.
        services.log(
          `refused ${answer.status} ${refusalCode(error)} x-request-id=${typeof sent === 'string' && sent !== '' ? sent : '(none)'} ${line.method} ${line.path}`,
        );
      }
    }
    // Stryker restore all
    sendResponse(response, answer, { requestId, echoRequestId, ...responseHead });
    // Stryker disable all: unobservable: the client report's record of the exchange (docs/client-report.md), after the answer is written
    services.observer?.record({
      seq: services.observer.nextSeq(),
      now: services.clock.now(),
      institution: notes.institution,
      method: line.method,
      target,
      headers: request.headers,
      body: notes.body,
      route: notes.route,
      params: notes.params,
      clientId: notes.clientId,
      auth: notes.auth,
      answer,
      forcedBy: notes.forcedBy,
    });
  }

  // Stryker restore all
  // Stryker disable all: unobservable: the log line of an answer that could not be written
  function failed(error: unknown): void {
    services.log(
      `response not written: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }

  // Stryker restore all
  return (request, response) => {
    serve(request, response).catch(failed);
  };

  function errorAnswer(error: unknown, path: string, requestId: string): RouteResponse {
    const ctx = { path, requestId, now: services.clock.now(), mode: services.mode, choices, codeMissing };
    const refused = refusalAnswer(error, ctx);
    if (refused !== undefined) return refused;
    services.log(
      `internal error on ${path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return internalErrorAnswer(ctx);
  }
}

// Stryker disable all: unobservable: the code named in the refusal's log line
function refusalCode(error: unknown): string {
  return error instanceof ApiError || error instanceof OAuthError ? error.code : 'INTE';
}

// Stryker restore all
// Stryker disable all: the edge behaviours' token key: no edge behaviour is switched on in a conformance run (docs/client-report.md)
/** The store key of the request's Bearer token (never the token itself). */
function bearerKey(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1] === undefined ? undefined : secretKey(match[1]);
}

// Stryker restore all
/**
 * The Paris day of the server clock, computed at most once a second: the host and route stages
 * read it on every request.
 */
class ParisDayCache {
  readonly #clock: Clock;
  #until = 0;
  // Stryker disable next-line StringLiteral: equivalent: the first call computes the day (`#until` is 0)
  #day = '';

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  today(): string {
    const now = this.#clock.now().getTime();
    if (now >= this.#until) {
      // Stryker disable next-line ArithmeticOperator: equivalent: an earlier expiry only computes the day again
      this.#until = now + 1000;
      this.#day = parisDay(new Date(now));
    }
    return this.#day;
  }
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
    choices: services.choices,
    mode: services.mode,
    log(message: string) {
      services.log(`[${requestId}] ${message}`);
    },
    ...tpp,
  };
}
