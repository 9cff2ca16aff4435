/**
 * Runs a scenario against a target with autocannon: one autocannon instance per scenario and
 * institution (its own TLS SNI and Host, mTLS with the TPP's QWAC, dialling the target's `connect`
 * address), each connection a {@link ConnectionPlan} that signs every request afresh.
 */
import autocannon, { type Client, type Request } from 'autocannon';
import { httpJourneyDriver } from '../harness/journeys/http-driver.ts';
import { SecretSet } from '../harness/report/secret-set.ts';
import { institutionHost, StetClient, type InstitutionTarget, type Target } from '../harness/index.ts';
import type { ApiVersion } from '../spec/lib/index.ts';
import { ConnectionPlan, type PlanContext } from './connection-plan.ts';
import { KpiRecorder } from './kpi-recorder.ts';
import { FindingBook } from './load-finding.ts';
import { LoadError } from './load-error.ts';
import type { LoadPartReport, LoadReport } from './load-report.ts';
import { QuotaLedger } from './quota-ledger.ts';
import { chooseInstitutions, chooseVersion } from './load-plan.ts';
import { partsOf, type Scenario, type SingleScenario } from './scenario-definition.ts';
import { connectionRate, peakRate, rateAt, stagesDurationMs, type Stage } from './stage-plan.ts';
import { evaluateThreshold, type Threshold, type ThresholdVerdict } from './threshold.ts';
import { auditTokenSets } from './token-audit.ts';
import { prepareVirtualPsus, type VirtualPsu } from './virtual-psu.ts';

/** Options of {@link runLoad}. */
export interface LoadRunOptions {
  scenario: Scenario;
  target: Target;
  durationMs: number;
  /**
   * Time before the measured period: the connections open, the bank warms up; its answers are judged
   * (findings, quotas) but left out of the KPIs and thresholds. Default none.
   */
  warmUpMs?: number | undefined;
  /** Arrival rate per scenario and institution, overriding the scenario's. */
  rate?: number | undefined;
  /** Connections per scenario and institution, overriding the scenario's. */
  connections?: number | undefined;
  /** Thresholds to judge; the scenario's when undefined. */
  thresholds?: Threshold[] | undefined;
  /** Only these institutions. */
  institutions?: string[] | undefined;
  tool: { name: string; version: string };
  /**
   * Stop the load as soon as a threshold breaks: every threshold with a measured request is judged
   * on the figures so far once a second, from the end of the first measured second.
   */
  abortOnFail?: boolean | undefined;
  /** Called about once a second while the load runs. */
  onProgress?: (progress: LoadProgress) => void;
  /** Called as the set-up goes (virtual PSUs, journeys). */
  onSetup?: (message: string) => void;
}

/** What the live progress line shows. */
export interface LoadProgress {
  elapsedMs: number;
  durationMs: number;
  requests: number;
  /** Answers in the last full second. */
  rate: number;
  p95: number;
  failures: number;
  quotaRefusals: number;
}

interface PreparedPart {
  report: LoadPartReport;
  scenario: SingleScenario;
  institution: InstitutionTarget;
  version: ApiVersion;
  psus: VirtualPsu[];
  /** Ramping stages, unless `--rate` or the part's rate holds it constant. */
  stages: Stage[] | undefined;
  /** Measured period of this part: its stages' length, or the run's duration. */
  durationMs: number;
}

/** Runs the load and judges it. Throws {@link LoadError} for what the user must fix. */
export async function runLoad(options: LoadRunOptions): Promise<LoadReport> {
  const { target } = options;
  const secrets = new SecretSet();
  const client = new StetClient(target, secrets);
  const journeys = httpJourneyDriver(client);
  try {
    // An unreachable host or a refused certificate is the harness's problem (exit 2), found here
    // rather than as a run of failures.
    const codes = new Set(
      partsOf(options.scenario).flatMap((p) =>
        chooseInstitutions(p.scenario, target, chooseVersion(p.scenario, target), options.institutions).map(
          (i) => i.code,
        ),
      ),
    );
    for (const code of codes) await client.probe(code);
    const prepared: PreparedPart[] = [];
    for (const part of partsOf(options.scenario)) {
      const scenario = part.scenario;
      const version = chooseVersion(scenario, target);
      for (const institution of chooseInstitutions(scenario, target, version, options.institutions)) {
        options.onSetup?.(`setting up ${scenario.name} at ${institution.code} (${version})`);
        const psus =
          scenario.role === 'pisp'
            ? []
            : await prepareVirtualPsus({
                scenario,
                version,
                target,
                institution,
                client,
                journeys,
                count: scenario.psus,
              });
        let connections = options.connections ?? part.connections ?? Math.max(1, psus.length);
        // Refreshing gives the PSU a new token set and revokes the old one: one connection per PSU.
        if (scenario.steps.some((s) => s.kind === 'token' && s.grant === 'refresh'))
          connections = Math.min(connections, psus.length);
        const stages = options.rate === undefined ? part.stages : undefined;
        const partMs = stages === undefined ? options.durationMs : stagesDurationMs(stages);
        prepared.push({
          scenario,
          institution,
          version,
          psus,
          stages,
          durationMs: partMs,
          report: {
            scenario: scenario.name,
            role: scenario.role,
            institution: institution.code,
            host: institutionHost(target, institution.code),
            version,
            connections,
            rate: stages === undefined ? (options.rate ?? part.rate) : undefined,
            ...(stages === undefined ? {} : { stages }),
            durationMs: partMs,
            psus: psus.length,
          },
        });
      }
    }
    if (prepared.length === 0) {
      throw new LoadError(
        'ERR_LOAD_OPTION',
        `nothing of ${options.scenario.name} can run against ${target.name}`,
        {
          hint: 'check --institution and the versions and institutions the target offers',
        },
      );
    }
    const kpis = new KpiRecorder();
    const findings = new FindingBook();
    const quotas = new QuotaLedger();
    const startedAt = new Date(Date.now() + (options.warmUpMs ?? 0));
    const warmUpMs = options.warmUpMs ?? 0;
    const t0 = performance.now() + warmUpMs;
    const runMs = Math.max(...prepared.map((p) => p.durationMs));
    const judge = (elapsedMs: number): ThresholdVerdict[] =>
      (options.thresholds ?? options.scenario.thresholds).map((t) =>
        evaluateThreshold(
          t,
          t.endpoint === undefined ? kpis.total(elapsedMs) : kpis.endpoint(t.endpoint, elapsedMs),
        ),
      );
    const stop = new AbortController();
    let aborted: LoadReport['aborted'];
    const ticker =
      options.onProgress === undefined && options.abortOnFail !== true
        ? undefined
        : setInterval(() => {
            const elapsedMs = performance.now() - t0;
            if (options.abortOnFail === true && elapsedMs >= 1000 && aborted === undefined) {
              const broken = judge(elapsedMs).find((v) => !v.passed && v.actual !== undefined);
              if (broken !== undefined) {
                aborted = { atMs: elapsedMs, threshold: broken.threshold.source, message: broken.message };
                stop.abort();
              }
            }
            const last = kpis.lastSecond(elapsedMs);
            options.onProgress?.({
              elapsedMs,
              durationMs: runMs,
              requests: kpis.requests,
              rate: last.requests,
              p95: last.p95,
              failures: kpis.failures,
              quotaRefusals: kpis.quotaRefusals,
            });
          }, 1000);
    try {
      await Promise.all(
        prepared.map((p) =>
          loadOneHost({
            target,
            connections: p.report.connections,
            rate: p.report.rate,
            stages: p.stages,
            signal: stop.signal,
            psus: p.psus,
            durationMs: warmUpMs + p.durationMs,
            ctx: {
              scenario: p.scenario,
              version: p.version,
              institution: p.institution.code,
              host: p.report.host,
              signaturePolicy: p.institution.signatureHeaders,
              tpp: target.tpp,
              kpis,
              findings,
              quotas,
              startedAt: t0,
            },
          }),
        ),
      );
    } finally {
      if (ticker !== undefined) clearInterval(ticker);
    }
    const durationMs = performance.now() - t0;
    const finishedAt = new Date();
    if (kpis.requests === 0) {
      throw new LoadError('ERR_LOAD_SETUP', 'no request of the load got an answer', {
        hint: 'the connections never completed: check the target address, its certificate and the QWAC',
      });
    }
    quotas.judge(findings);
    await auditTokenSets(
      prepared.flatMap((p) => p.psus.map((psu) => ({ psu, version: p.version }))),
      findings,
    );
    const thresholds = judge(durationMs);
    const findingList = findings.list();
    return {
      tool: options.tool,
      target: { name: target.name, baseUrl: target.baseUrl },
      scenario: { name: options.scenario.name, title: options.scenario.title },
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationMs,
      warmUp: { durationMs: warmUpMs, answers: kpis.warmUpAnswers },
      ...(aborted === undefined ? {} : { aborted }),
      parts: prepared.map((p) => p.report),
      total: kpis.total(durationMs),
      endpoints: kpis.endpoints(durationMs),
      timeline: kpis.timeline(),
      thresholds: thresholds.map((v) => ({
        threshold: v.threshold.source,
        endpoint: v.threshold.endpoint,
        passed: v.passed,
        actual: v.actual,
        message: v.message,
      })),
      findings: findingList,
      verdict:
        aborted === undefined && thresholds.every((v) => v.passed) && findingList.length === 0
          ? 'passed'
          : 'failed',
    };
  } finally {
    await client.close();
  }
}

/**
 * One autocannon instance against one institution host for `durationMs`: each connection a
 * {@link ConnectionPlan} over the virtual PSUs in turn. With `stages`, each connection's rate follows
 * them (set four times a second, measured from `ctx.startedAt`). Resolves when the duration is over
 * or `signal` aborts.
 */
export function loadOneHost(run: {
  target: Target;
  connections: number;
  rate: number | undefined;
  stages?: readonly Stage[] | undefined;
  signal?: AbortSignal | undefined;
  psus: readonly VirtualPsu[];
  durationMs: number;
  ctx: PlanContext;
}): Promise<void> {
  const { target, psus } = run;
  const host = run.ctx.host;
  const servername = host.split(':')[0] ?? host;
  const origin =
    target.connect === undefined
      ? `https://${host}`
      : `https://${target.connect.host}:${target.connect.port}`;
  let connectionIndex = 0;
  const { stages } = run;
  // autocannon shares `overallRate` between the connections and reads each one's `rate` before every
  // request: the stages set it as they go. Started at the peak so no connection is dropped.
  const overallRate = stages === undefined ? run.rate : Math.max(1, Math.ceil(peakRate(stages)));
  const staged: Array<{ client: Client; index: number }> = [];
  const pace = (): void => {
    if (stages === undefined) return;
    const rate = rateAt(stages, performance.now() - run.ctx.startedAt);
    for (const { client, index } of staged)
      Reflect.set(client, 'rate', connectionRate(rate, staged.length, index));
  };
  const pacer = stages === undefined ? undefined : setInterval(pace, 250);
  return new Promise((resolvePromise, reject) => {
    const instance = autocannon(
      {
        url: origin,
        servername,
        tlsOptions: {
          cert: target.tpp.qwac.cert,
          key: target.tpp.qwac.key,
          ...(target.ca === undefined ? {} : { ca: target.ca }),
        },
        connections: run.connections,
        ...(overallRate === undefined ? {} : { overallRate }),
        duration: run.durationMs / 1000,
        requests: [{ method: 'GET', path: '/' }],
        setupClient: (client: Client) => {
          const psu = psus.length === 0 ? undefined : psus[connectionIndex % psus.length];
          if (stages !== undefined) {
            staged.push({ client, index: connectionIndex });
            pace();
          }
          connectionIndex += 1;
          const plan = new ConnectionPlan(run.ctx, psu);
          const request: Request = {
            setupRequest: (req: Request) => {
              const built = plan.next();
              return {
                ...req,
                method: built.method,
                path: built.path,
                headers: built.headers,
                body: built.body,
              };
            },
            onResponse: (status, body, _context, headers) => {
              plan.settle(status, body, headers ?? {});
            },
          };
          client.setRequests([request]);
        },
      },
      (error: Error | null) => {
        if (pacer !== undefined) clearInterval(pacer);
        if (error === null) resolvePromise();
        else
          reject(
            new LoadError('ERR_LOAD_SETUP', `the load engine stopped: ${error.message}`, {
              cause: error,
              hint: 'check the target address and certificates',
            }),
          );
      },
    );
    if (run.signal?.aborted === true) instance.stop();
    else run.signal?.addEventListener('abort', () => instance.stop(), { once: true });
  });
}
