/**
 * Runs suites against a target: probes every institution host (unreachable → harness error), plans
 * the matrix, runs cells concurrently (cases of one PSU serialised without sandbox cloning), feeds the
 * reporters, and returns the redacted {@link RunReport} with timing figures.
 */
import { probeCredentials } from '../client/credentials-probe.ts';
import { StetClient } from '../client/stet-client.ts';
import { browserJourneyDriver } from '../journeys/browser-driver.ts';
import { startCallbackListener, type CallbackListener } from '../journeys/callback-listener.ts';
import { httpJourneyDriver } from '../journeys/http-driver.ts';
import type { JourneyDriver } from '../journeys/journey-driver.ts';
import { manualJourneyDriver } from '../journeys/manual-driver.ts';
import {
  matrixOf,
  statusTraits,
  summarize,
  type CaseResult,
  type Reporter,
  type RunReport,
  type ToolInfo,
} from '../report/model.ts';
import { redactRunReport } from '../report/redact.ts';
import { SecretSet } from '../report/secret-set.ts';
import type { SuiteDefinition } from '../suite/suite-definition.ts';
import { institutionHost, type Target } from '../targets/target-definition.ts';
import type { SchemaLookup } from './expectations.ts';
import { KeyedLock } from './keyed-lock.ts';
import { planRun } from './plan-run.ts';
import { runCase, type CaseRuntime, type PlannedCase } from './run-case.ts';
import type { TranscriptPolicy } from '../report/model.ts';
import { noFilter, type RunFilter, type Shard } from './run-filter.ts';
import { targetCalendar, type TargetCalendar } from '../versions/target-calendar.ts';

/** Options of {@link runSuites}. */
/**
 * Cells in flight by default. A cell is mostly waiting on the network, and against the embedded
 * reference 8 keeps both cores busy: a full run took 14.8–14.9 s at 8 against 15.8–17.1 s at 4
 * (`npm run bench:run`, 2 cores, docs/benchmarks.md).
 */
export const defaultConcurrency = 8;

export interface RunOptions {
  suites: readonly SuiteDefinition[];
  target: Target;
  filter?: RunFilter;
  shard?: Shard | undefined;
  /** Cells run at the same time (default {@link defaultConcurrency}). */
  concurrency?: number;
  reporter: Reporter;
  schemas: SchemaLookup;
  tool: ToolInfo;
  /** Collects every secret seen; pass one to redact other outputs (logs) with it. */
  secrets?: SecretSet;
  /**
   * Which cases keep their transcripts, curl commands and screenshots (default `failures`, what every
   * report shows). Dropping the others early spares redacting megabytes of passing exchanges.
   */
  transcripts?: TranscriptPolicy;
  /**
   * The version calendar the target is held to and the day its clock is on, for `calendar` steps
   * (default: the spec's calendar, which announces nothing, on this machine's day).
   */
  calendar?: TargetCalendar;
  /** Per-request time limit in milliseconds (default: the client's, 10 s). */
  timeoutMs?: number;
  /**
   * Stop starting cells after the first failed or errored one (`--bail`); the cells not run are
   * reported `skipped` with that reason, so the report still shows the whole matrix.
   */
  bail?: boolean;
  /** How `stet-harness repro` reaches the target again, for the reports' "Reproduce". */
  reproduce?: { targetFile: string } | { faults: readonly string[] };
}

/** Figures of a run, for the benchmark: how much of a step was spent waiting on the server. */
export interface RunStats {
  steps: number;
  stepMs: number;
  httpMs: number;
  wallMs: number;
}

/** A finished run. */
export interface RunOutcome {
  report: RunReport;
  stats: RunStats;
}

/** Runs the suites (see the module summary). Throws a `ClientError` when a host is unreachable. */
export async function runSuites(options: RunOptions): Promise<RunOutcome> {
  const { target, reporter } = options;
  const secrets = options.secrets ?? new SecretSet();
  const client = new StetClient(
    target,
    secrets,
    options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs },
  );
  const stats: RunStats = { steps: 0, stepMs: 0, httpMs: 0, wallMs: 0 };
  const drivers = journeyDrivers(target, client);
  const wallStart = performance.now();
  try {
    for (const institution of target.institutions) await client.probe(institution.code);
    await probeCredentials(client, target);
    const cells = planRun(options.suites, target, options.filter ?? noFilter, options.shard);
    const startedAt = new Date().toISOString();
    const refs = cells.map(refOf);
    reporter.onRunStart?.({
      tool: options.tool,
      target: targetInfo(target, options.reproduce),
      matrix: {
        versions: [...new Set(refs.map((r) => r.version))],
        institutions: [...new Set(refs.map((r) => r.institution))],
      },
      total: cells.length,
      startedAt,
    });
    const runtime: CaseRuntime = {
      target,
      client,
      secrets,
      journeys: drivers.forPersona,
      schemas: options.schemas,
      transcripts: options.transcripts ?? 'failures',
      calendar: options.calendar ?? targetCalendar(),
      onStepTimed: (stepMs, httpMs) => {
        stats.steps += 1;
        stats.stepMs += stepMs;
        stats.httpMs += httpMs;
      },
    };
    const results = await runCells(cells, runtime, reporter, {
      concurrency: options.concurrency ?? defaultConcurrency,
      bail: options.bail ?? false,
    });
    stats.wallMs = performance.now() - wallStart;
    const report = redactRunReport(
      {
        tool: options.tool,
        target: targetInfo(target, options.reproduce),
        startedAt,
        finishedAt: new Date().toISOString(),
        matrix: matrixOf(results),
        summary: summarize(results),
        results,
      },
      secrets,
    );
    await reporter.onRunEnd(report);
    return { report, stats };
  } finally {
    await drivers.close();
    await client.close();
  }
}

async function runCells(
  cells: readonly PlannedCase[],
  runtime: CaseRuntime,
  reporter: Reporter,
  options: { concurrency: number; bail: boolean },
): Promise<CaseResult[]> {
  const results: CaseResult[] = new Array<CaseResult>(cells.length);
  const lock = new KeyedLock();
  let next = 0;
  let stopped = false;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < cells.length; i = next++) {
      const cell = cells[i];
      if (cell === undefined) continue;
      if (stopped) {
        const skipped: CaseResult = {
          ...refOf(cell),
          rules: [],
          status: 'skipped',
          reason: 'not run: --bail stopped the run after the first failure',
          durationMs: 0,
          steps: [],
        };
        results[i] = skipped;
        reporter.onCaseEnd?.(skipped);
        continue;
      }
      // Without PSU cloning, cases of one persona share its consent, tokens and quotas.
      const key = cell.institution.sandbox
        ? undefined
        : `${cell.institution.code}/${cell.definition.given.persona}`;
      reporter.onCaseStart?.(refOf(cell));
      const result = await lock.run(key, () => runCase(cell, runtime));
      results[i] = result;
      // --bail stops on what fails a run by itself (a failure or an error), not on advisory findings.
      const junit = statusTraits[result.status].junit;
      if (options.bail && (junit === 'failure' || junit === 'error')) stopped = true;
      reporter.onCaseEnd?.(result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, cells.length)) }, worker));
  return results;
}

function refOf(cell: PlannedCase): {
  suite: string;
  case: string;
  title: string;
  version: string;
  institution: string;
} {
  return {
    suite: cell.suite.suite,
    case: cell.definition.id,
    title: cell.definition.title,
    version: cell.version,
    institution: cell.institution.code,
  };
}

/** One driver per kind, created on first use; the persona's `driver` in the target picks one. */
function journeyDrivers(
  target: Target,
  client: StetClient,
): { forPersona: (persona: string) => JourneyDriver; close: () => Promise<void> } {
  const http = httpJourneyDriver(client);
  let browser: JourneyDriver | undefined;
  let manual: JourneyDriver | undefined;
  let listener: Promise<CallbackListener> | undefined;
  return {
    forPersona(persona) {
      const driver = target.personas[persona]?.driver ?? 'http';
      if (driver === 'browser') {
        browser ??= browserJourneyDriver({
          steps: target.browserSteps,
          connect: target.connect,
          hosts: target.institutions.map((i) => institutionHost(target, i.code)),
        });
        return browser;
      }
      if (driver === 'manual') {
        manual ??= manualJourneyDriver(
          () => (listener ??= startCallbackListener(target.tpp.redirectUri, target.callbackTls)),
        );
        return manual;
      }
      return http;
    },
    async close() {
      await browser?.close?.();
      if (listener !== undefined) await (await listener).close();
    },
  };
}

/** What the reports say of the target, with how `repro` reaches it again when the run knows. */
function targetInfo(target: Target, reproduce: RunOptions['reproduce']): RunReport['target'] {
  const info = { name: target.name, baseUrl: target.baseUrl };
  if (reproduce === undefined) return info;
  return {
    ...info,
    reproduce:
      'targetFile' in reproduce ? { targetFile: reproduce.targetFile } : { faults: [...reproduce.faults] },
  };
}
