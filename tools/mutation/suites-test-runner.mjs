/**
 * The project's Stryker test runner (stryker.config.json `testRunner: "stet-suites"`): the
 * conformance suites, one test per case, run in the Stryker worker process itself
 * (test/mutation/suites-session.ts). Plain JavaScript, because Stryker's worker processes load
 * plugins without a TypeScript loader; it registers tsx and imports the session from the sandbox.
 *
 * Why not Stryker's vitest runner: it starts a new vitest worker for every mutant (Vitest 4 stops
 * a pool's worker when its queue is empty, `isolate: false` or not), so every mutant paid the import
 * of the whole module graph (about 1 s quiet, 2–3 s on the shared machine) before its first case.
 * Here the modules stay loaded between mutants: Stryker switches mutants on at run time through
 * `globalThis.__stryker__.activeMutant`. A mutant that only module loading reaches (static) is
 * ignored (`ignoreStatic`); one reached both at load and by cases gets a new worker process, since
 * this runner declares it cannot reload its environment.
 */
import { basename, dirname, resolve } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { INSTRUMENTER_CONSTANTS } from '@stryker-mutator/api/core';
import { PluginKind, commonTokens, declareClassPlugin } from '@stryker-mutator/api/plugin';
import {
  DryRunStatus,
  TestStatus,
  determineHitLimitReached,
  toMutantRunResult,
} from '@stryker-mutator/api/test-runner';

/** Stryker's global namespace, where instrumented code reads the active mutant and writes coverage. */
function strykerGlobal() {
  const name = INSTRUMENTER_CONSTANTS.NAMESPACE;
  globalThis[name] ??= {};
  return globalThis[name];
}

/**
 * The project a Stryker sandbox was copied from: the sandbox is `<project>/<tempDirName>/sandbox-…`
 * (stryker.config.json `tempDirName`); elsewhere (the runner's own tests), the working directory.
 */
export function projectOfSandbox(sandbox, tempDirName = '.stryker-tmp') {
  return basename(dirname(sandbox)) === tempDirName ? dirname(dirname(sandbox)) : sandbox;
}

/**
 * Imports the session from the sandbox (the worker's working directory), with a TypeScript loader;
 * the engine it drives comes from the project itself, uninstrumented (test/mutation/suites-session.ts).
 */
async function loadSandboxSession() {
  const { register } = await import('tsx/esm/api');
  register();
  const module = await import(pathToFileURL(resolve('test/mutation/suites-session.ts')).href);
  return module.loadSuitesSession(process.cwd(), projectOfSandbox(process.cwd()));
}

/**
 * Starts the failure message of a mutant only advisory results saw (no `failed` or `errored` one):
 * a kill a `--strict` run makes and a default run reports without failing. The figures count such
 * kills apart (tools/mutation/mutation-report.ts).
 */
/** The test id a set-up's start-up is counted under in the initial run, before being shared out. */
const startUpPrefix = 'start-up of ';

export const advisoryOnlyPrefix = 'advisory only (a --strict run fails): ';

export class SuitesTestRunner {
  static inject = [commonTokens.logger];
  #log;
  #loadSession;
  /** @type {import('./suites-test-runner.d.mts').RunnerSession | undefined} */
  #session;
  /** Errors the reference let escape (an unhandled rejection) during the current run. */
  #escaped = [];
  #onEscape = (error) => this.#escaped.push(error instanceof Error ? error.message : String(error));

  /**
   * @param log Stryker's logger
   * @param loadSession how the suites are loaded (Stryker passes none: the sandbox's; tests pass their own)
   */
  constructor(log, loadSession = loadSandboxSession) {
    this.#log = log;
    this.#loadSession = loadSession;
  }

  capabilities() {
    return { reloadEnvironment: false };
  }

  /** Imports the session from the sandbox (the working directory) once per worker process. */
  async #load() {
    if (this.#session !== undefined) return this.#session;
    this.#session = await this.#loadSession();
    this.#log.debug(`stet-suites: ${this.#session.tests.length} cases loaded`);
    return this.#session;
  }

  /**
   * Runs `ids` on fresh references. With `coverage` (the initial run), one case at a time, so the
   * instrumented code counts the mutants each case reaches under its id. Without (a mutant's run),
   * together as one harness run per set-up, stopping at the first failure when `bail`. A case only
   * advisory results failed does not stop the run: the cases after it may fail the mutant on a seed
   * rule, which then comes first and names the kill; advisory failures follow it.
   */
  async #run(session, ids, { bail, coverage }) {
    const ns = strykerGlobal();
    const run = session.startRun();
    const byId = new Map(session.tests.map((t) => [t.id, t]));
    const tests = [];
    const advisoryFailures = [];
    const record = (id, outcome) => {
      const test = byId.get(id);
      const base = {
        id,
        name: id,
        timeSpentMs: Math.round(outcome.timeSpentMs),
        ...(test === undefined ? {} : { fileName: test.fileName, startPosition: test.startPosition }),
      };
      if (outcome.passed) tests.push({ ...base, status: TestStatus.Success });
      else if (outcome.advisoryOnly) {
        const failureMessage = `${advisoryOnlyPrefix}${outcome.failureMessage}`;
        advisoryFailures.push({ ...base, status: TestStatus.Failed, failureMessage });
      } else tests.push({ ...base, status: TestStatus.Failed, failureMessage: outcome.failureMessage });
    };
    this.#escaped = [];
    process.on('unhandledRejection', this.#onEscape);
    try {
      if (coverage) {
        await this.#prepareSetUps(session, run, ids);
        for (const id of ids) {
          ns.currentTestId = id;
          const outcome = await run.run(id);
          ns.currentTestId = undefined;
          record(id, outcome);
        }
      } else {
        for (const outcome of await run.runMany(ids, { bail })) record(outcome.id, outcome);
      }
      // Seed failures first: Stryker names the kill after the first failed test.
      tests.sort((a, b) => Number(b.status === TestStatus.Failed) - Number(a.status === TestStatus.Failed));
      tests.push(...advisoryFailures);
    } finally {
      ns.currentTestId = undefined;
      await run.end();
      process.off('unhandledRejection', this.#onEscape);
    }
    const failed = tests.some((t) => t.status === TestStatus.Failed);
    if (!failed && this.#escaped.length > 0) {
      return {
        status: DryRunStatus.Error,
        errorMessage: `An error escaped the cases: ${this.#escaped.join('\n')}`,
      };
    }
    return { status: DryRunStatus.Complete, tests };
  }

  /**
   * Starts the references of the set-ups `ids` run on, each under a test id of its own, then counts
   * what the start-up reached for every case of that set-up: a reference's start (its data, its
   * pipeline's options) serves all of them, and a mutant there may fail any. Counted under the first
   * case only, as a lazy start would, the mutant would run that one case.
   */
  async #prepareSetUps(session, run, ids) {
    const ns = strykerGlobal();
    const bySetUp = new Map();
    for (const id of ids) {
      const setUp = session.setUpOf(id);
      if (setUp !== undefined) bySetUp.set(setUp, [...(bySetUp.get(setUp) ?? []), id]);
    }
    const perTest = ns.mutantCoverage?.perTest;
    for (const [setUp, setUpIds] of bySetUp) {
      const startId = `${startUpPrefix}${setUp}`;
      ns.currentTestId = startId;
      await run.prepare(setUp);
      ns.currentTestId = undefined;
      const reached = perTest?.[startId];
      if (perTest === undefined || reached === undefined) continue;
      delete perTest[startId];
      for (const id of setUpIds) {
        const counts = (perTest[id] ??= {});
        for (const [mutant, hits] of Object.entries(reached)) counts[mutant] = (counts[mutant] ?? 0) + hits;
      }
    }
  }

  async dryRun() {
    const ns = strykerGlobal();
    ns.activeMutant = undefined;
    const session = await this.#load();
    // Coverage per case: the instrumented code counts each mutant it reaches under currentTestId.
    ns.mutantCoverage ??= { static: {}, perTest: {} };
    const ids = session.tests.map((t) => t.id);
    const result = await this.#run(session, ids, { bail: false, coverage: true });
    return result.status === DryRunStatus.Complete
      ? { ...result, mutantCoverage: ns.mutantCoverage }
      : result;
  }

  async mutantRun(options) {
    const ns = strykerGlobal();
    ns.hitLimit = options.hitLimit;
    ns.hitCount = options.hitLimit === undefined ? undefined : 0;
    // Static activation: the mutant must be on while the modules load (after a new worker process).
    if (options.mutantActivation === 'static') ns.activeMutant = options.activeMutant.id;
    const session = await this.#load();
    ns.activeMutant = options.activeMutant.id;
    try {
      const ids = options.testFilter ?? session.tests.map((t) => t.id);
      const result = await this.#run(session, ids, { bail: !options.disableBail, coverage: false });
      const timeout = determineHitLimitReached(ns.hitCount, ns.hitLimit);
      return toMutantRunResult(timeout ?? result);
    } finally {
      ns.activeMutant = undefined;
      ns.hitLimit = undefined;
      ns.hitCount = undefined;
    }
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.TestRunner, 'stet-suites', SuitesTestRunner)];
