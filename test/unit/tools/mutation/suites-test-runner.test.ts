import { TestStatus } from '@stryker-mutator/api/test-runner';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  SuitesSession,
  SuiteTestOutcome,
  SuiteTestRan,
} from '../../../../test/mutation/suites-session.ts';
import {
  advisoryOnlyPrefix,
  projectOfSandbox,
  SuitesTestRunner,
} from '../../../../tools/mutation/suites-test-runner.mjs';

interface StrykerNamespace {
  activeMutant?: string;
  currentTestId?: string;
  mutantCoverage?: { static: Record<string, number>; perTest: Record<string, Record<string, number>> };
}

const ns = (): StrykerNamespace => {
  const g = globalThis as { __stryker__?: StrykerNamespace };
  g.__stryker__ ??= {};
  return g.__stryker__;
};

/**
 * Suites of three cases whose outcome a table decides; each case records, as instrumented code
 * would, that it reached mutant "7" under the current test id, and which mutant was active.
 */
function session(
  failing: ReadonlySet<string>,
  seen: Array<[string, string | undefined]>,
  advisoryOnly: ReadonlySet<string> = new Set(),
  prepared: Array<[string, string | undefined]> = [],
): SuitesSession {
  const ids = ['sandbox s a', 'sandbox s b', 'live s c'];
  const run = async (id: string): Promise<SuiteTestOutcome> => {
    const state = ns();
    seen.push([id, state.activeMutant]);
    const coverage = (state.mutantCoverage ??= { static: {}, perTest: {} });
    if (state.currentTestId !== undefined) {
      const counts = (coverage.perTest[state.currentTestId] ??= {});
      counts['7'] = (counts['7'] ?? 0) + 1;
    }
    const fails = failing.has(id) || advisoryOnly.has(id);
    return {
      passed: !fails,
      advisoryOnly: advisoryOnly.has(id),
      failureMessage: fails ? `${id} failed` : '',
      timeSpentMs: 1,
    };
  };
  return {
    tests: ids.map((id, i) => ({
      id,
      fileName: '/x/suites/s.yaml',
      startPosition: { line: 10 * (i + 1), column: 4 },
    })),
    setUpOf: (id) => (ids.includes(id) ? id.split(' ')[0] : undefined),
    startRun: () => ({
      run,
      // A set-up's start-up reaches mutant "3" (its own code), as a reference's start would.
      async prepare(setUp) {
        const state = ns();
        prepared.push([setUp, state.currentTestId]);
        const coverage = (state.mutantCoverage ??= { static: {}, perTest: {} });
        if (state.currentTestId !== undefined)
          coverage.perTest[state.currentTestId] = { '3': 1, ...(setUp === 'live' ? { '4': 2 } : {}) };
      },
      // As the session does: in order, stopping after a seed failure when bailing.
      async runMany(many, { bail }) {
        const ran: SuiteTestRan[] = [];
        for (const id of many) {
          const outcome = await run(id);
          ran.push({ id, ...outcome });
          if (bail && !outcome.passed && !outcome.advisoryOnly) break;
        }
        return ran;
      },
      async end() {},
    }),
  };
}

const log = { debug: (): void => undefined };

afterEach(() => {
  delete (globalThis as { __stryker__?: unknown }).__stryker__;
});

describe('the suites test runner of Stryker', () => {
  it('runs every case in the initial run, with each case located in its suite file and its coverage', async () => {
    const seen: Array<[string, string | undefined]> = [];
    const runner = new SuitesTestRunner(log, async () => session(new Set(), seen));
    const result = await runner.dryRun();
    expect(result.status).toBe('complete');
    if (result.status !== 'complete') return;
    expect(result.tests.map((t) => [t.id, t.status, t.fileName, t.startPosition?.line])).toEqual([
      ['sandbox s a', TestStatus.Success, '/x/suites/s.yaml', 10],
      ['sandbox s b', TestStatus.Success, '/x/suites/s.yaml', 20],
      ['live s c', TestStatus.Success, '/x/suites/s.yaml', 30],
    ]);
    expect(Object.keys((result.mutantCoverage as StrykerNamespace['mutantCoverage'])?.perTest ?? {})).toEqual(
      ['sandbox s a', 'sandbox s b', 'live s c'],
    );
    expect(seen.every(([, active]) => active === undefined)).toBe(true);
  });

  it('counts what the start-up of a set-up reached for every case of that set-up, and for no other', async () => {
    const prepared: Array<[string, string | undefined]> = [];
    const runner = new SuitesTestRunner(log, async () => session(new Set(), [], new Set(), prepared));
    const result = await runner.dryRun();
    expect(result.status).toBe('complete');
    if (result.status !== 'complete') return;
    // Started before the cases, each under a test id of its own that does not reach Stryker.
    expect(prepared).toEqual([
      ['sandbox', 'start-up of sandbox'],
      ['live', 'start-up of live'],
    ]);
    const coverage = result.mutantCoverage as StrykerNamespace['mutantCoverage'];
    expect(coverage?.perTest).toEqual({
      'sandbox s a': { '3': 1, '7': 1 },
      'sandbox s b': { '3': 1, '7': 1 },
      'live s c': { '3': 1, '4': 2, '7': 1 },
    });
  });

  it('runs only the covering cases with the mutant on, stops at the first failure, and switches it off after', async () => {
    const seen: Array<[string, string | undefined]> = [];
    const runner = new SuitesTestRunner(log, async () => session(new Set(['sandbox s b']), seen));
    const killed = await runner.mutantRun({
      activeMutant: { id: '7' },
      testFilter: ['sandbox s b', 'live s c'],
      disableBail: false,
      mutantActivation: 'runtime',
    });
    expect(killed).toMatchObject({
      status: 'killed',
      killedBy: ['sandbox s b'],
      failureMessage: 'sandbox s b failed',
    });
    expect(seen).toEqual([['sandbox s b', '7']]);
    expect(ns().activeMutant).toBeUndefined();
  });

  it('goes on after a case only advisory results failed, and names a later seed failure as the kill', async () => {
    const seen: Array<[string, string | undefined]> = [];
    const runner = new SuitesTestRunner(log, async () =>
      session(new Set(['live s c']), seen, new Set(['sandbox s a'])),
    );
    const killed = await runner.mutantRun({
      activeMutant: { id: '7' },
      testFilter: ['sandbox s a', 'sandbox s b', 'live s c'],
      disableBail: false,
      mutantActivation: 'runtime',
    });
    expect(killed).toMatchObject({
      status: 'killed',
      killedBy: ['live s c', 'sandbox s a'],
      failureMessage: 'live s c failed',
    });
    expect(seen.map(([id]) => id)).toEqual(['sandbox s a', 'sandbox s b', 'live s c']);
  });

  it('marks a kill only advisory results made, after running every covering case', async () => {
    const seen: Array<[string, string | undefined]> = [];
    const runner = new SuitesTestRunner(log, async () => session(new Set(), seen, new Set(['sandbox s a'])));
    const killed = await runner.mutantRun({
      activeMutant: { id: '7' },
      testFilter: ['sandbox s a', 'live s c'],
      disableBail: false,
      mutantActivation: 'runtime',
    });
    expect(killed).toMatchObject({
      status: 'killed',
      killedBy: ['sandbox s a'],
      failureMessage: `${advisoryOnlyPrefix}sandbox s a failed`,
    });
    expect(seen.map(([id]) => id)).toEqual(['sandbox s a', 'live s c']);
  });

  it('fails the initial run on a case only advisory results failed (the reference itself must agree)', async () => {
    const runner = new SuitesTestRunner(log, async () => session(new Set(), [], new Set(['sandbox s b'])));
    const result = await runner.dryRun();
    expect(result.status).toBe('complete');
    if (result.status !== 'complete') return;
    expect(result.tests.find((t) => t.id === 'sandbox s b')).toMatchObject({
      status: TestStatus.Failed,
      failureMessage: `${advisoryOnlyPrefix}sandbox s b failed`,
    });
  });

  it('reports a survivor when every covering case passes', async () => {
    const seen: Array<[string, string | undefined]> = [];
    const runner = new SuitesTestRunner(log, async () => session(new Set(), seen));
    const survived = await runner.mutantRun({
      activeMutant: { id: '8' },
      testFilter: ['sandbox s a', 'live s c'],
      disableBail: false,
      mutantActivation: 'runtime',
    });
    expect(survived).toMatchObject({ status: 'survived', nrOfTests: 2 });
    expect(seen).toEqual([
      ['sandbox s a', '8'],
      ['live s c', '8'],
    ]);
  });
});

describe('where the runner takes the engine from', () => {
  it('takes the project a sandbox was copied from, and a directory outside a sandbox as it is', () => {
    expect(projectOfSandbox('/work/main/.stryker-tmp/sandbox-AbC12')).toBe('/work/main');
    expect(projectOfSandbox('/work/main')).toBe('/work/main');
    expect(projectOfSandbox('/work/main/other/sandbox-AbC12')).toBe('/work/main/other/sandbox-AbC12');
  });
});
