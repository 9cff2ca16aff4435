/**
 * What one load connection sends next: the scenario's steps in order, then again, each answer's
 * `_links` followed depth-first (accounts → balances, transactions → next page…). Every request is
 * built afresh — new X-Request-ID, Date, Digest and Signature — and every answer is judged here.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { TppCredentials } from '../harness/index.ts';
import type { ApiVersion } from '../spec/lib/index.ts';
import { parseJson } from '../harness/client/parse-json.ts';
import { signHeaders } from '../harness/client/request-signer.ts';
import { tokenPath } from '../harness/client/tpp-client.ts';
import { answerCode } from './answer-code.ts';
import { endpointLabel } from './endpoint-label.ts';
import type { FindingBook } from './load-finding.ts';
import type { AnswerOutcome, KpiRecorder, TrafficKind } from './kpi-recorder.ts';
import type { QuotaLedger } from './quota-ledger.ts';
import type { RequestStep, ScenarioStep, SingleScenario } from './scenario-definition.ts';
import type { VirtualPsu } from './virtual-psu.ts';

/** Links followed in one round at most (a bank whose `next` never ends must not trap the load). */
const maxFollowedPerRound = 200;

/** A PSU-IP-Address of the documentation range (RFC 5737), sent when the PSU is connected. */
const psuIpAddress = '192.0.2.10';

/** A request ready to write. */
export interface BuiltRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body: string;
}

interface Pending {
  step: ScenarioStep;
  stepIndex: number;
  /** Set for a followed link: the path to GET. */
  path?: string;
}

interface InFlight {
  step: ScenarioStep;
  stepIndex: number;
  /** A followed link rather than the step's own request. */
  followed: boolean;
  method: string;
  path: string;
  endpoint: string;
  /** Sent with PSU-IP-Address or without. */
  traffic: TrafficKind;
  requestId: string;
  startedAt: number;
}

/** Shared by every connection of a run. */
export interface PlanContext {
  scenario: SingleScenario;
  version: ApiVersion;
  institution: string;
  /** Host header and TLS SNI. */
  host: string;
  signaturePolicy: readonly string[];
  tpp: TppCredentials;
  kpis: KpiRecorder;
  findings: FindingBook;
  quotas: QuotaLedger;
  /**
   * `performance.now()` when the measured period starts (after the warm-up): answers before it are
   * judged (findings, quotas) but left out of the KPIs.
   */
  startedAt: number;
}

/** The plan of one connection. */
export class ConnectionPlan {
  readonly #ctx: PlanContext;
  readonly #psu: VirtualPsu | undefined;
  #queue: Pending[] = [];
  #inFlight: InFlight | undefined;
  /** A PISP first token obtained in this round. */
  #firstToken: string | undefined;
  /** The links each step's last served answer offered, reused when the step is refused its quota. */
  readonly #lastLinks = new Map<number, Pending[]>();
  /** Paths followed in this round: each link once, so links pointing at each other do not loop. */
  readonly #visited = new Set<string>();

  constructor(ctx: PlanContext, psu: VirtualPsu | undefined) {
    this.#ctx = ctx;
    this.#psu = psu;
  }

  /** The next request, signed now. A request still unanswered counts as a failure without answer. */
  next(): BuiltRequest {
    if (this.#inFlight !== undefined) this.#settleWithoutAnswer(this.#inFlight);
    if (this.#queue.length === 0) {
      this.#queue = this.#ctx.scenario.steps.map((step, stepIndex) => ({ step, stepIndex }));
      this.#firstToken = undefined;
      this.#visited.clear();
    }
    const pending = this.#queue.shift();
    // The schema asks for one step at least, so a new round is never empty.
    if (pending === undefined) throw new Error(`scenario ${this.#ctx.scenario.name} has no step`);
    const built =
      pending.step.kind === 'token'
        ? this.#tokenRequest(pending.step.grant)
        : this.#resourceRequest(pending.step, pending.path);
    const requestId = built.headers['x-request-id'] ?? '';
    this.#inFlight = {
      step: pending.step,
      stepIndex: pending.stepIndex,
      followed: pending.path !== undefined,
      method: built.method,
      path: built.path,
      endpoint: endpointLabel(this.#ctx.version, built.method, built.path),
      traffic: built.headers['psu-ip-address'] === undefined ? 'batch' : 'psu-present',
      requestId,
      startedAt: performance.now(),
    };
    return built;
  }

  /** Judges the answer of the request in flight. */
  settle(status: number, bodyText: string, headers: Record<string, string | string[] | undefined>): void {
    const req = this.#inFlight;
    if (req === undefined) return;
    this.#inFlight = undefined;
    const ctx = this.#ctx;
    const latencyMs = performance.now() - req.startedAt;
    const body = parseJson(bodyText);
    const code = status >= 400 ? answerCode(body) : undefined;
    const expected = req.step.kind === 'token' || req.followed ? [200] : req.step.expect;
    const batch = !ctx.scenario.psuConnected && req.step.kind === 'request';
    const tmrq = status === 429 && code === 'TMRQ';
    let outcome: AnswerOutcome = expected.includes(status) ? 'ok' : 'failure';
    if (tmrq && batch) outcome = 'quota-refusal';
    const example = { path: req.path, status, requestId: req.requestId };
    if (status >= 500) {
      ctx.findings.add({
        kind: 'server-error',
        ruleIds: ['BAD-NEVER-5XX'],
        institution: ctx.institution,
        endpoint: req.endpoint,
        example: { ...example, detail: `${status}${code === undefined ? '' : ` ${code}`}` },
      });
    }
    if (status === 429 && !batch && ctx.scenario.psuConnected) {
      ctx.findings.add({
        kind: 'connected-call-refused',
        ruleIds: ['QTA-CONNECTED-UNLIMITED'],
        institution: ctx.institution,
        endpoint: req.endpoint,
        example: { ...example, detail: `429 ${code ?? ''} with PSU-IP-Address` },
      });
    }
    const echoed = headerValue(headers, 'x-request-id');
    if (echoed !== req.requestId) {
      ctx.findings.add({
        kind: 'request-id-not-echoed',
        ruleIds: [status >= 400 ? 'TRN-XREQUESTID-ECHO-ON-ERROR' : 'TRN-XREQUESTID-ECHO'],
        institution: ctx.institution,
        endpoint: req.endpoint,
        example: {
          ...example,
          detail: echoed === undefined ? 'no X-Request-ID in the answer' : `answered ${echoed}`,
        },
      });
    }
    if (batch && this.#psu !== undefined && (tmrq || (status >= 200 && status < 300))) {
      ctx.quotas.record({
        institution: ctx.institution,
        psuId: this.#psu.psuId,
        fresh: this.#psu.fresh,
        endpoint: req.endpoint,
        method: req.method,
        path: req.path,
        outcome: tmrq ? 'refused' : 'served',
        status,
        requestId: req.requestId,
      });
    }
    ctx.kpis.record({
      institution: ctx.institution,
      endpoint: req.endpoint,
      traffic: req.traffic,
      status,
      code,
      latencyMs,
      outcome,
      atMs: req.startedAt - ctx.startedAt,
    });
    if (req.step.kind === 'token') this.#takeTokens(req.step.grant, status, body);
    else this.#follow(req.step, req, status, body, tmrq);
  }

  #tokenRequest(grant: 'refresh' | 'client-credentials'): BuiltRequest {
    const tpp = this.#ctx.tpp;
    const form: Record<string, string> =
      grant === 'refresh'
        ? {
            grant_type: 'refresh_token',
            client_id: tpp.clientId,
            refresh_token: this.#psu?.tokens.refresh ?? '',
          }
        : { grant_type: 'client_credentials', client_id: tpp.clientId, scope: 'pisp' };
    return {
      method: 'POST',
      path: tokenPath,
      headers: {
        host: this.#ctx.host,
        'x-request-id': randomUUID(),
        'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
        accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
    };
  }

  /** The step's own request, or a GET of `followed` (a link of its answers). */
  #resourceRequest(step: RequestStep, followed: string | undefined): BuiltRequest {
    const ctx = this.#ctx;
    const method = followed === undefined ? step.method : 'GET';
    const path = followed ?? `/stet/psd2/${ctx.version}${step.path}`;
    const body =
      followed === undefined && step.body !== undefined ? JSON.stringify(this.#fill(step.body)) : '';
    const token = ctx.scenario.role === 'pisp' ? this.#firstToken : this.#psu?.tokens.access;
    const unsigned: Record<string, string> = {
      host: ctx.host,
      'x-request-id': randomUUID(),
      accept: 'application/json',
    };
    if (token !== undefined) unsigned['authorization'] = `Bearer ${token}`;
    if (ctx.scenario.psuConnected) unsigned['psu-ip-address'] = psuIpAddress;
    if (body !== '') unsigned['content-type'] = 'application/json';
    // The harness client's signer, as its interceptor signs (autocannon writes the raw request).
    const headers = signHeaders({
      method,
      path,
      headers: unsigned,
      body,
      key: { keyId: ctx.tpp.qseal.keyId, privateKey: ctx.tpp.qseal.key },
      policy: ctx.signaturePolicy,
      signing: {},
    });
    return { method, path, headers, body };
  }

  #takeTokens(grant: 'refresh' | 'client-credentials', status: number, body: unknown): void {
    if (status !== 200) return;
    const access = stringField(body, 'access_token');
    if (grant === 'client-credentials') {
      this.#firstToken = access;
      return;
    }
    const refresh = stringField(body, 'refresh_token');
    if (this.#psu !== undefined && access !== undefined) {
      this.#psu.tokens = { access, refresh: refresh ?? this.#psu.tokens.refresh };
      this.#psu.issued.push(access);
    }
  }

  #follow(step: RequestStep, req: InFlight, status: number, body: unknown, quotaRefused: boolean): void {
    if (step.follow.length === 0) return;
    let next: Pending[];
    if (status >= 200 && status < 300) {
      next = linksOf(body, step.follow).map((path) => ({ step, stepIndex: req.stepIndex, path }));
      if (!req.followed) this.#lastLinks.set(req.stepIndex, next);
    } else if (quotaRefused && !req.followed) {
      // A batch TPP keeps the account list it learnt and still asks for each account's data.
      next = this.#lastLinks.get(req.stepIndex) ?? [];
    } else return;
    const fresh: Pending[] = [];
    for (const link of next) {
      if (link.path === undefined || this.#visited.has(link.path)) continue;
      if (this.#visited.size >= maxFollowedPerRound) break;
      this.#visited.add(link.path);
      fresh.push(link);
    }
    this.#queue.unshift(...fresh);
  }

  #settleWithoutAnswer(req: InFlight): void {
    this.#inFlight = undefined;
    this.#ctx.kpis.record({
      institution: this.#ctx.institution,
      endpoint: req.endpoint,
      traffic: req.traffic,
      status: 0,
      code: undefined,
      latencyMs: performance.now() - req.startedAt,
      outcome: 'failure',
      atMs: req.startedAt - this.#ctx.startedAt,
    });
  }

  #fill(value: unknown): unknown {
    if (typeof value === 'string') {
      return value
        .replaceAll('{{id}}', randomBytes(16).toString('hex'))
        .replaceAll('{{iban}}', this.#psu?.iban ?? '')
        .replaceAll('{{now}}', new Date().toISOString());
    }
    if (Array.isArray(value)) return value.map((v) => this.#fill(v));
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.#fill(v)]));
    return value;
  }
}

/** Paths of the named `_links` at the top of `body` and in each element of its top-level arrays. */
export function linksOf(body: unknown, names: readonly string[]): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const holders: unknown[] = [body];
  for (const value of Object.values(body) as unknown[])
    if (Array.isArray(value)) holders.push(...(value as unknown[]));
  const out: string[] = [];
  for (const holder of holders) {
    if (typeof holder !== 'object' || holder === null) continue;
    const links: unknown = Reflect.get(holder, '_links');
    if (typeof links !== 'object' || links === null) continue;
    for (const name of names) {
      const link: unknown = Reflect.get(links, name);
      const href: unknown = typeof link === 'object' && link !== null ? Reflect.get(link, 'href') : undefined;
      if (typeof href !== 'string' || href === '') continue;
      const url = new URL(href, 'https://institution.invalid');
      out.push(`${url.pathname}${url.search}`);
    }
  }
  return out;
}

function stringField(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = Reflect.get(body, name);
  return typeof value === 'string' ? value : undefined;
}

function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}
