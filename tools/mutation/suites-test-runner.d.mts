/** Types of suites-test-runner.mjs (plain JavaScript: Stryker's workers load it without tsx). */
import type { TestStatus } from '@stryker-mutator/api/test-runner';

/** The outcome of one case (`SuiteTestOutcome`). */
export interface RunnerOutcome {
  passed: boolean;
  advisoryOnly: boolean;
  failureMessage: string;
  timeSpentMs: number;
}

/**
 * The suites as the runner sees them: test/mutation/suites-session.ts (`SuitesSession`), which tools/
 * may not import (tools/check-deps.ts), so its shape is restated here.
 */
export interface RunnerSession {
  readonly tests: readonly {
    readonly id: string;
    readonly fileName: string;
    readonly startPosition: { line: number; column: number };
  }[];
  setUpOf(id: string): string | undefined;
  startRun(): {
    run(id: string): Promise<RunnerOutcome>;
    runMany(ids: readonly string[], options: { bail: boolean }): Promise<(RunnerOutcome & { id: string })[]>;
    prepare(setUp: string): Promise<void>;
    end(): Promise<void>;
  };
}

/** The part of Stryker's logger the runner uses. */
export interface RunnerLog {
  debug(message: string): void;
}

/** A test result as Stryker's runner API has it (the fields the runner sets). */
export interface RunnerTestResult {
  id: string;
  name: string;
  status: TestStatus;
  failureMessage?: string;
  timeSpentMs: number;
  fileName?: string;
  startPosition?: { line: number; column: number };
}

/** The project's Stryker test runner (`testRunner: "stet-suites"`). */
export declare class SuitesTestRunner {
  constructor(log: RunnerLog, loadSession?: () => Promise<RunnerSession>);
  capabilities(): { reloadEnvironment: boolean };
  dryRun(): Promise<
    | { status: 'complete'; tests: RunnerTestResult[]; mutantCoverage?: unknown }
    | { status: 'error'; errorMessage: string }
  >;
  mutantRun(options: {
    activeMutant: { id: string };
    testFilter?: string[];
    hitLimit?: number;
    disableBail: boolean;
    mutantActivation: 'runtime' | 'static';
  }): Promise<
    | { status: 'killed'; killedBy: string[]; failureMessage: string; nrOfTests: number }
    | { status: 'survived'; nrOfTests: number }
    | { status: 'timeout'; reason?: string }
    | { status: 'error'; errorMessage: string }
  >;
}

/** The project a Stryker sandbox (`<project>/<tempDirName>/sandbox-…`) was copied from; else the directory itself. */
export declare function projectOfSandbox(sandbox: string, tempDirName?: string): string;

/** Starts the failure message of a mutant only advisory results saw (a kill of `--strict` runs only). */
export declare const advisoryOnlyPrefix: string;

/** The plugin declaration Stryker loads. */
export declare const strykerPlugins: unknown[];
