/**
 * Runs the kill matrix: the selected cases against a clean embedded reference, then, for every fault,
 * the cases checking the fault's rules against a reference started with that fault (one reference per
 * fault and set-up, memory store, a few faults at a time). Cases run against the set-up they need
 * (selftest-environments.ts: sandbox, calendar, live), clean and faulty alike. Faults whose `killedBy`
 * is `versions` are judged by the deprecation calendar check too (versions-check-run.ts), which the
 * clean reference must pass as well.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSuites, type RunFilter, type SuiteDefinition } from '../../harness/index.ts';
import { caseSelected } from '../../harness/runner/run-filter.ts';
import {
  cellKey,
  matrixOf,
  summarize,
  type CaseResult,
  type RunReport,
  type ToolInfo,
} from '../../harness/report/model.ts';
import type { Fault } from '../../reference-aspsp/faults/catalogue.ts';
import { schemaValidator } from '../../spec/lib/index.ts';
import {
  killedOnlyByAdvisories,
  totalsOf,
  verdictOf,
  type FaultVerdict,
  type KillMatrix,
} from './kill-matrix.ts';
import { selftestEnvironments, suitesFor, type SelftestEnvironment } from './selftest-environments.ts';
import { startSetUp } from './start-set-up.ts';
import { runVersionsCheck } from './versions-check-run.ts';

/** Options of {@link runSelftest}. */
export interface SelftestOptions {
  suites: readonly SuiteDefinition[];
  faults: readonly Fault[];
  /** Suite, version, institution and tag filters; rules come from each fault. */
  filter: RunFilter;
  /** When true, the clean run covers only the rules of the selected faults (a partial selftest). */
  cleanOnlyFaultRules: boolean;
  /** Cases run at the same time within one reference. */
  concurrency: number;
  /** References (faults) run at the same time. */
  parallelFaults: number;
  tool: ToolInfo;
  /** Progress lines (one per fault). */
  log?: (line: string) => void;
}

/** What a selftest produced. */
export interface SelftestOutcome {
  matrix: KillMatrix;
  /** The clean run, as a run report (the reporters' input). */
  clean: RunReport;
}

const silent = { onRunEnd: async (): Promise<void> => undefined };

/** Runs the clean reference and every fault (see the module summary). */
export async function runSelftest(options: SelftestOptions): Promise<SelftestOutcome> {
  const startedAt = new Date().toISOString();
  // One PKI for every reference: generating keys per fault would dominate the run.
  const pkiDir = await mkdtemp(join(tmpdir(), 'stet-selftest-pki-'));
  // Files of the set-ups (an institutions file), apart from the PKI, which its generation replaces.
  const setupDir = await mkdtemp(join(tmpdir(), 'stet-selftest-setup-'));
  try {
    const versionFaults = options.faults.filter((fault) => fault.killedBy === 'versions');
    const partial = options.cleanOnlyFaultRules;
    const cleanRules = partial ? [...new Set(options.faults.flatMap((fault) => fault.rules))] : [];
    const groups = await Promise.all(
      selftestEnvironments.map(async (environment) => ({
        environment,
        suites: suitesFor(options.suites, environment.name),
        institutionsFile: await environment.institutionsFile?.(setupDir),
      })),
    );
    const cleanSuites: RunReport[] = [];
    for (const group of groups) {
      if (!selects(group.suites, options.filter, cleanRules)) continue;
      cleanSuites.push(await runAgainst(options, group, { pkiDir, faults: [], rules: cleanRules }));
    }
    const cleanVersions =
      partial && versionFaults.length === 0
        ? undefined
        : await runVersionsCheck({ pkiDir, faults: [], tool: options.tool });
    const clean = mergeReports([...cleanSuites, cleanVersions], options.tool);
    const cleanCells = new Map(clean.results.map((r): [string, CaseResult] => [cellKey(r), r]));
    options.log?.(
      `clean reference: ${clean.summary.passed} passed, ${clean.summary.failed} failed, ${clean.summary.errored} errored`,
    );
    const verdicts: FaultVerdict[] = new Array<FaultVerdict>(options.faults.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let i = next++; i < options.faults.length; i = next++) {
        const fault = options.faults[i];
        if (fault === undefined) continue;
        const started = performance.now();
        const reports: RunReport[] = [];
        for (const group of groups) {
          if (!selects(group.suites, options.filter, fault.rules)) continue;
          reports.push(
            await runAgainst(options, group, { pkiDir, faults: [fault.name], rules: [...fault.rules] }),
          );
        }
        if (fault.killedBy === 'versions')
          reports.push(await runVersionsCheck({ pkiDir, faults: [fault.name], tool: options.tool }));
        const verdict = verdictOf({
          fault,
          results: reports.flatMap((report) => report.results),
          clean: cleanCells,
          durationMs: Math.round(performance.now() - started),
        });
        verdicts[i] = verdict;
        const strictOnly = killedOnlyByAdvisories(verdict) ? ', advisory findings: --strict' : '';
        options.log?.(
          `${verdict.outcome.padEnd(9)} ${fault.name} (${verdict.killers.length}/${verdict.cases} cases${strictOnly})`,
        );
      }
    };
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(options.parallelFaults, options.faults.length)) }, worker),
    );
    const failures = clean.results
      .filter((r) => r.status === 'failed' || r.status === 'errored')
      .map((r) => ({
        suite: r.suite,
        case: r.case,
        title: r.title,
        version: r.version,
        institution: r.institution,
        message: r.failure?.message ?? r.status,
      }));
    return {
      clean,
      matrix: {
        startedAt,
        finishedAt: new Date().toISOString(),
        clean: { summary: clean.summary, failures },
        faults: verdicts,
        totals: totalsOf(verdicts),
      },
    };
  } finally {
    await rm(pkiDir, { recursive: true, force: true });
    await rm(setupDir, { recursive: true, force: true });
  }
}

/** The clean run as one report: the suites' cases and the calendar check's results together. */
function mergeReports(reports: ReadonlyArray<RunReport | undefined>, tool: ToolInfo): RunReport {
  const present = reports.filter((report): report is RunReport => report !== undefined);
  const results = present.flatMap((report) => report.results);
  const first = present[0];
  const now = new Date().toISOString();
  return {
    tool,
    target: first?.target ?? { name: 'clean reference', baseUrl: 'embedded' },
    startedAt: first?.startedAt ?? now,
    finishedAt: present.at(-1)?.finishedAt ?? now,
    matrix: matrixOf(results),
    summary: summarize(results),
    results,
  };
}

/** True when a case of `suites` passes the filter with these rules (none: every rule). */
function selects(suites: readonly SuiteDefinition[], filter: RunFilter, rules: readonly string[]): boolean {
  const withRules = { ...filter, rules: [...rules] };
  return suites.some((suite) => suite.cases.some((c) => caseSelected(withRules, suite, c)));
}

async function runAgainst(
  options: SelftestOptions,
  group: {
    environment: SelftestEnvironment;
    suites: readonly SuiteDefinition[];
    institutionsFile: string | undefined;
  },
  run: { pkiDir: string; faults: string[]; rules: string[] },
): Promise<RunReport> {
  const { environment } = group;
  const faults = run.faults.length === 0 ? 'clean reference' : `reference --fault ${run.faults.join(',')}`;
  const { reference, target } = await startSetUp(environment, {
    pkiDir: run.pkiDir,
    name: environment.name === 'sandbox' ? faults : `${faults} (${environment.name})`,
    institutionsFile: group.institutionsFile,
    faults: run.faults,
  });
  try {
    const { report } = await runSuites({
      suites: group.suites,
      target,
      filter: { ...options.filter, rules: run.rules },
      concurrency: options.concurrency,
      reporter: silent,
      schemas: schemaValidator,
      tool: options.tool,
      ...(environment.calendar === undefined ? {} : { calendar: environment.calendar }),
    });
    return report;
  } finally {
    await reference.close();
  }
}
