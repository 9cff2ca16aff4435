/**
 * The conformance suites as the test that kills StrykerJS's mutants (docs/mutation.md), for the
 * project's own Stryker test runner (`tools/mutation/suites-test-runner.mjs`).
 *
 * One test per case, so Stryker's perTest coverage runs only the cases that reach a mutant. The
 * runner imports this module once per Stryker worker process from Stryker's sandbox (so the code it
 * imports is the instrumented copy) and keeps it loaded: a mutant run costs its cases only, not a
 * reload of the module graph. Each run (the initial one, then one per mutant) starts its own
 * references, one per set-up of the selftest (sandbox, calendar, live, freshness), and closes them
 * at the end: start-up code is run again under every mutant, and no state is carried from one mutant
 * to the next. The initial run starts them before its cases (`prepare`), so that the start-up's
 * coverage is counted for every case of the set-up, not for whichever case came first; a mutant's
 * run starts them lazily, on the first case that needs one. A reference starts in about 10 ms once the worker's PKI exists.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as SelftestEnvironmentsModule from '../../cli/selftest/selftest-environments.ts';
import type * as StartSetUpModule from '../../cli/selftest/start-set-up.ts';
import type { SelftestEnvironment } from '../../cli/selftest/selftest-environments.ts';
import type * as HarnessModule from '../../harness/index.ts';
import type { CaseResult } from '../../harness/report/model.ts';
import type { CaseDefinition, SuiteDefinition } from '../../harness/suite/suite-definition.ts';
import type * as SpecLibModule from '../../spec/lib/index.ts';
import { createHash } from 'node:crypto';
import { forgetGeneratedData, startReference } from '../../reference-aspsp/index.ts';

/** One case as a test of Stryker's: its id and name, and where its YAML starts. */
export interface SuiteTest {
  /** `<set-up> <suite> <case>`: unique, stable across runs. */
  readonly id: string;
  /** The suite file (Stryker diffs it for its incremental mode: an edited case is a changed test). */
  readonly fileName: string;
  /** Where the case starts in its file (1-based line, 0-based column, as Stryker counts). */
  readonly startPosition: { line: number; column: number };
}

/**
 * The outcome of one case: passed, or the failures that kill the mutant. `advisoryOnly`: every
 * result that did not pass is `advisory` (a check of a `basis: choice` rule): the mutant changed the
 * reference's reading where the seed is silent, which a `--strict` run fails and a default run
 * reports without failing (docs/mutation.md, *Seed and strict kills*).
 */
export interface SuiteTestOutcome {
  readonly passed: boolean;
  readonly advisoryOnly: boolean;
  readonly failureMessage: string;
  readonly timeSpentMs: number;
}

/** The outcome of one of the cases {@link SuiteRun.runMany} ran. */
export interface SuiteTestRan extends SuiteTestOutcome {
  readonly id: string;
}

/** One run (Stryker's initial run, or one mutant's): references started on demand, closed by `end`. */
export interface SuiteRun {
  /** One case alone (the initial run: coverage is counted per case, so cases cannot overlap). */
  run(id: string): Promise<SuiteTestOutcome>;
  /**
   * Many cases as `run` runs them: one harness run per set-up, cells concurrent, so the probes,
   * TLS sessions and journeys are shared instead of paid per case (a mutant's run). With `bail`,
   * stops at the first failed or errored cell; the cases it left out are not in the outcome.
   */
  runMany(ids: readonly string[], options: { bail: boolean }): Promise<SuiteTestRan[]>;
  /**
   * Starts a set-up's reference now rather than in its first case: the initial run counts the
   * start-up's coverage apart and gives it to every case of the set-up (each mutant's run starts its
   * references again, so a start-up mutant can fail any of them). A reference that cannot start is
   * left to the cases, which report it.
   */
  prepare(setUp: string): Promise<void>;
  end(): Promise<void>;
}

/** The loaded suites of a Stryker worker. */
export interface SuitesSession {
  readonly tests: readonly SuiteTest[];
  /** The set-up a case runs on (`sandbox`, `live`…), undefined for an id not in the suites. */
  setUpOf(id: string): string | undefined;
  startRun(): SuiteRun;
}

interface PlannedTest extends SuiteTest {
  readonly environment: SelftestEnvironment;
  readonly suite: SuiteDefinition;
  readonly definition: CaseDefinition;
}

const silent = { onRunEnd: async (): Promise<void> => undefined };
/** Cells a mutant's run keeps in flight per set-up (the harness's own default). */
const cellConcurrency = 4;
const tool = { name: 'stet-harness mutation', version: '0' };

/** `file:line:col` of a case (`CaseDefinition.at`) as Stryker's position; 1:0 when unreadable. */
function positionOf(at: string): { line: number; column: number } {
  const match = /:(\d+):(\d+)$/.exec(at);
  return match === null
    ? { line: 1, column: 0 }
    : { line: Number(match[1]), column: Math.max(0, Number(match[2]) - 1) };
}

function listed(results: readonly CaseResult[], statuses: ReadonlySet<CaseResult['status']>): string[] {
  return results
    .filter((r) => statuses.has(r.status))
    .map((r) => `${r.version} ${r.institution}: ${r.status}: ${r.failure?.message ?? ''}`);
}

const failing: ReadonlySet<CaseResult['status']> = new Set(['failed', 'errored']);
const advisory: ReadonlySet<CaseResult['status']> = new Set(['advisory']);

/** Whether a skipped cell was left out by `bail` (not skipped by its own `given`). */
function bailedOut(cell: CaseResult): boolean {
  return cell.reason?.startsWith('not run: --bail') === true;
}

function sumDurations(cells: readonly CaseResult[]): number {
  return cells.reduce((total, cell) => total + cell.durationMs, 0);
}

/**
 * A case's outcome from its cells: failed when one failed or errored (or when `error` is given),
 * advisory-only when the only findings are advisory; a case in no cell fails (it checked nothing).
 */
function outcomeOf(
  cells: readonly CaseResult[],
  error: string | undefined,
  began: number,
  timeSpentMs = performance.now() - began,
): SuiteTestOutcome {
  const outcome = (passed: boolean, failureMessage: string, advisoryOnly = false): SuiteTestOutcome => ({
    passed,
    advisoryOnly,
    failureMessage,
    timeSpentMs,
  });
  if (error !== undefined) return outcome(false, error);
  if (cells.length === 0) return outcome(false, 'the case ran in no cell');
  const failures = listed(cells, failing);
  if (failures.length > 0) return outcome(false, failures.join('\n'));
  const advisories = listed(cells, advisory);
  return outcome(advisories.length === 0, advisories.join('\n'), advisories.length > 0);
}

/** A module of the project at `root`, by its path from the root. */
function importFrom(root: string, path: string): Promise<unknown> {
  return import(pathToFileURL(join(root, path)).href);
}

/**
 * Loads every suite under `root/suites` and plans one test per case, grouped by set-up.
 * `root` is Stryker's sandbox (the worker's working directory): the reference comes from there, with
 * the mutants compiled in. The engine, the suites' set-ups and the schemas come from `harnessRoot`,
 * the project itself (uninstrumented): `protocol/` is shared by both sides (the harness signs and
 * digests with the code the reference verifies with), and a mutant there must change the bank only,
 * as a real bank's bug would, not the harness's requests with it.
 */
export async function loadSuitesSession(root: string, harnessRoot: string = root): Promise<SuitesSession> {
  const { selftestEnvironments, suitesFor } = (await importFrom(
    harnessRoot,
    'cli/selftest/selftest-environments.ts',
  )) as typeof SelftestEnvironmentsModule;
  const { loadSuites, runSuites, specRuleCatalogue } = (await importFrom(
    harnessRoot,
    'harness/index.ts',
  )) as typeof HarnessModule;
  const { schemaValidator } = (await importFrom(harnessRoot, 'spec/lib/index.ts')) as typeof SpecLibModule;
  const { startSetUp } = (await importFrom(
    harnessRoot,
    'cli/selftest/start-set-up.ts',
  )) as typeof StartSetUpModule;
  // One PKI per checkout and Stryker worker, kept between runs and sessions: generating keys costs
  // seconds. Per checkout: two checkouts measuring at once (worktrees) may issue different PKIs.
  const worker = `${createHash('sha256').update(harnessRoot).digest('hex').slice(0, 8)}-${process.env.STRYKER_MUTATOR_WORKER ?? 'local'}`;
  const pkiDir = join(tmpdir(), `stet-mutation-pki-${worker}`);
  const suites = loadSuites([join(root, 'suites')], specRuleCatalogue);
  const planned = new Map<string, PlannedTest>();
  for (const environment of selftestEnvironments) {
    for (const suite of suitesFor(suites, environment.name)) {
      for (const definition of suite.cases) {
        const id = `${environment.name} ${suite.suite} ${definition.id}`;
        planned.set(id, {
          id,
          fileName: resolve(root, suite.file),
          startPosition: positionOf(definition.at),
          environment,
          suite,
          definition,
        });
      }
    }
  }

  // The set-ups' own files (the freshness institutions), written once per worker on first use.
  const setupDir = join(tmpdir(), `stet-mutation-setup-${worker}`);
  const setupFiles = new Map<string, Promise<string | undefined>>();
  const institutionsFileOf = (environment: SelftestEnvironment): Promise<string | undefined> => {
    let file = setupFiles.get(environment.name);
    if (file === undefined) {
      mkdirSync(setupDir, { recursive: true });
      file = environment.institutionsFile?.(setupDir) ?? Promise.resolve(undefined);
      setupFiles.set(environment.name, file);
    }
    return file;
  };

  function startRun(): SuiteRun {
    // The persona data the reference keeps for the process was made under another mutant (or none).
    forgetGeneratedData();
    const started = new Map<string, Promise<StartSetUpModule.StartedSetUp>>();
    const referenceFor = (environment: SelftestEnvironment): Promise<StartSetUpModule.StartedSetUp> => {
      let running = started.get(environment.name);
      if (running === undefined) {
        // As the selftest starts a set-up, but with this module's `startReference`: the sandbox's,
        // whose code carries the mutants.
        running = institutionsFileOf(environment).then((institutionsFile) =>
          startSetUp(environment, {
            pkiDir,
            name: `mutant (${environment.name})`,
            institutionsFile,
            start: startReference,
          }),
        );
        started.set(environment.name, running);
      }
      return running;
    };
    /** Runs `tests` (all of one set-up) in one harness run; their results by case id. */
    const runTogether = async (
      tests: readonly PlannedTest[],
      environment: SelftestEnvironment,
      bail: boolean,
    ): Promise<Map<string, CaseResult[]>> => {
      const { target } = await referenceFor(environment);
      const bySuite = new Map<SuiteDefinition, CaseDefinition[]>();
      for (const test of tests)
        bySuite.set(test.suite, [...(bySuite.get(test.suite) ?? []), test.definition]);
      const { report } = await runSuites({
        suites: [...bySuite].map(([suite, cases]) => ({ ...suite, cases })),
        target,
        reporter: silent,
        schemas: schemaValidator,
        tool,
        concurrency: cellConcurrency,
        bail,
        ...(environment.calendar === undefined ? {} : { calendar: environment.calendar }),
      });
      const results = new Map<string, CaseResult[]>();
      for (const result of report.results) {
        const id = `${environment.name} ${result.suite} ${result.case}`;
        results.set(id, [...(results.get(id) ?? []), result]);
      }
      return results;
    };
    return {
      async run(id) {
        const test = planned.get(id);
        const began = performance.now();
        if (test === undefined) return outcomeOf([], `no case ${id} in the suites`, began);
        // Each case of the initial run generates its own data, so the generator's coverage is
        // counted for every case that reads it, not only for the first one.
        forgetGeneratedData();
        try {
          const results = await runTogether([test], test.environment, false);
          return outcomeOf(results.get(id) ?? [], undefined, began);
        } catch (error) {
          // A reference that cannot start, or an engine error, under a mutant: the case fails.
          return outcomeOf([], error instanceof Error ? error.message : String(error), began);
        }
      },
      async runMany(ids, { bail }) {
        const ran: SuiteTestRan[] = [];
        const groups = new Map<SelftestEnvironment, PlannedTest[]>();
        for (const id of ids) {
          const test = planned.get(id);
          if (test === undefined) {
            ran.push({ id, ...outcomeOf([], `no case ${id} in the suites`, performance.now()) });
            if (bail) return ran;
            continue;
          }
          groups.set(test.environment, [...(groups.get(test.environment) ?? []), test]);
        }
        for (const [environment, tests] of groups) {
          const began = performance.now();
          let results: Map<string, CaseResult[]>;
          try {
            results = await runTogether(tests, environment, bail);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            ran.push({ id: tests[0]?.id ?? environment.name, ...outcomeOf([], message, began) });
            if (bail) return ran;
            continue;
          }
          let failed = false;
          for (const test of tests) {
            const cells = results.get(test.id) ?? [];
            // A case bail left out entirely did not run: Stryker is not told of it.
            if (cells.length > 0 && cells.every((cell) => cell.status === 'skipped' && bailedOut(cell)))
              continue;
            const outcome = outcomeOf(cells, undefined, began, sumDurations(cells));
            failed ||= !outcome.passed && !outcome.advisoryOnly;
            ran.push({ id: test.id, ...outcome });
          }
          if (bail && failed) return ran;
        }
        return ran;
      },
      async prepare(setUp) {
        const environment = selftestEnvironments.find((e) => e.name === setUp);
        if (environment !== undefined) await referenceFor(environment).catch(() => undefined);
      },
      async end() {
        for (const running of started.values()) {
          await (await running.catch(() => undefined))?.reference.close();
        }
      },
    };
  }

  return {
    tests: [...planned.values()].map(({ id, fileName, startPosition }) => ({ id, fileName, startPosition })),
    setUpOf: (id) => planned.get(id)?.environment.name,
    startRun,
  };
}
