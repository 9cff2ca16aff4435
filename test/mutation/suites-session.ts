/**
 * The conformance suites as the test that kills StrykerJS's mutants (docs/mutation.md), for the
 * project's own Stryker test runner (`tools/mutation/suites-test-runner.mjs`).
 *
 * One test per case, so Stryker's perTest coverage runs only the cases that reach a mutant. The
 * runner imports this module once per Stryker worker process from Stryker's sandbox (so the code it
 * imports is the instrumented copy) and keeps it loaded: a mutant run costs its cases only, not a
 * reload of the module graph. Each run (the initial one, then one per mutant) starts its own
 * references, one per set-up of the selftest (sandbox, calendar, live), lazily on the first case
 * that needs one, and closes them at the end: start-up code is run again under every mutant (a mutant
 * there fails the case that started the reference) and no state is carried from one mutant to the
 * next. A reference starts in about 10 ms once the worker's PKI exists.
 */
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  selftestEnvironments,
  suitesFor,
  type SelftestEnvironment,
} from '../../cli/selftest/selftest-environments.ts';
import { loadSuites, runSuites, specRuleCatalogue, type Target } from '../../harness/index.ts';
import type { CaseResult } from '../../harness/report/model.ts';
import type { CaseDefinition, SuiteDefinition } from '../../harness/suite/suite-definition.ts';
import { startReference, type RunningReference } from '../../reference-aspsp/index.ts';
import { schemaValidator } from '../../spec/lib/index.ts';

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

/** One run (Stryker's initial run, or one mutant's): references started on demand, closed by `end`. */
export interface SuiteRun {
  run(id: string): Promise<SuiteTestOutcome>;
  end(): Promise<void>;
}

/** The loaded suites of a Stryker worker. */
export interface SuitesSession {
  readonly tests: readonly SuiteTest[];
  startRun(): SuiteRun;
}

interface Started {
  reference: RunningReference;
  target: Target;
}

interface PlannedTest extends SuiteTest {
  readonly environment: SelftestEnvironment;
  readonly suite: SuiteDefinition;
  readonly definition: CaseDefinition;
}

const silent = { onRunEnd: async (): Promise<void> => undefined };
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

/**
 * Loads every suite under `root/suites` and plans one test per case, grouped by set-up.
 * `root` is Stryker's sandbox (the worker's working directory).
 */
export function loadSuitesSession(root: string): SuitesSession {
  // One PKI per Stryker worker, kept between runs and sessions: generating keys costs seconds.
  const pkiDir = join(tmpdir(), `stet-mutation-pki-${process.env.STRYKER_MUTATOR_WORKER ?? 'local'}`);
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

  function startRun(): SuiteRun {
    const started = new Map<string, Promise<Started>>();
    const referenceFor = (environment: SelftestEnvironment): Promise<Started> => {
      let running = started.get(environment.name);
      if (running === undefined) {
        running = startReference({
          port: 0,
          store: { kind: 'memory' },
          pkiDir,
          ...environment.reference,
          log: () => undefined,
        }).then((reference) => ({
          reference,
          target: environment.target(reference.info, `mutant (${environment.name})`),
        }));
        started.set(environment.name, running);
      }
      return running;
    };
    return {
      async run(id) {
        const test = planned.get(id);
        const began = performance.now();
        const outcome = (
          passed: boolean,
          failureMessage: string,
          advisoryOnly = false,
        ): SuiteTestOutcome => ({
          passed,
          advisoryOnly,
          failureMessage,
          timeSpentMs: performance.now() - began,
        });
        if (test === undefined) return outcome(false, `no case ${id} in the suites`);
        try {
          const { target } = await referenceFor(test.environment);
          const { report } = await runSuites({
            suites: [{ ...test.suite, cases: [test.definition] }],
            target,
            reporter: silent,
            schemas: schemaValidator,
            tool,
            ...(test.environment.calendar === undefined ? {} : { calendar: test.environment.calendar }),
          });
          if (report.summary.total === 0) return outcome(false, 'the case ran in no cell');
          const failures = listed(report.results, failing);
          if (failures.length > 0) return outcome(false, failures.join('\n'));
          const advisories = listed(report.results, advisory);
          return outcome(advisories.length === 0, advisories.join('\n'), advisories.length > 0);
        } catch (error) {
          // A reference that cannot start, or an engine error, under a mutant: the case fails.
          return outcome(false, error instanceof Error ? error.message : String(error));
        }
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
    startRun,
  };
}
