/**
 * The conformance suites as the test that kills StrykerJS's mutants (docs/mutation.md).
 *
 * One vitest test per case, so Stryker's perTest coverage runs only the cases that reach a mutant.
 * The reference runs in this process (mutants are switched on in this process's copy of its code),
 * one per set-up of the selftest (sandbox, calendar, live), started lazily by the first case that
 * needs it: its start-up code is then covered by a case rather than counted as static, and a mutant
 * that breaks start-up fails that case. Cases run one after the other, as the selftest would in one
 * cell each. Not part of `vitest run` (vitest.mutation.config.ts includes only this folder).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  selftestEnvironments,
  suitesFor,
  type SelftestEnvironment,
} from '../../cli/selftest/selftest-environments.ts';
import { loadSuites, runSuites, specRuleCatalogue, type Target } from '../../harness/index.ts';
import type { CaseResult } from '../../harness/report/model.ts';
import { startReference, type RunningReference } from '../../reference-aspsp/index.ts';
import { schemaValidator } from '../../spec/lib/index.ts';

const suitesDir = join(import.meta.dirname, '..', '..', 'suites');
// One PKI per Stryker worker, kept between runs: generating keys would dominate every mutant's run.
const pkiDir = join(tmpdir(), `stet-mutation-pki-${process.env.STRYKER_MUTATOR_WORKER ?? 'local'}`);
const silent = { onRunEnd: async (): Promise<void> => undefined };
const tool = { name: 'stet-harness mutation', version: '0' };

interface Started {
  reference: RunningReference;
  target: Target;
}

const started = new Map<string, Promise<Started>>();

async function start(environment: SelftestEnvironment): Promise<Started> {
  const reference = await startReference({
    port: 0,
    store: { kind: 'memory' },
    pkiDir,
    ...environment.reference,
    log: () => undefined,
  });
  return { reference, target: environment.target(reference.info, `mutant (${environment.name})`) };
}

function referenceFor(environment: SelftestEnvironment): Promise<Started> {
  let running = started.get(environment.name);
  if (running === undefined) {
    running = start(environment);
    started.set(environment.name, running);
  }
  return running;
}

afterAll(async () => {
  for (const running of started.values()) await (await running.catch(() => undefined))?.reference.close();
});

function problems(results: readonly CaseResult[]): string[] {
  return results
    .filter((r) => r.status === 'failed' || r.status === 'errored')
    .map((r) => `${r.version} ${r.institution}: ${r.status}: ${r.failure?.message ?? ''}`);
}

const suites = loadSuites([suitesDir], specRuleCatalogue);

for (const environment of selftestEnvironments) {
  describe(environment.name, () => {
    for (const suite of suitesFor(suites, environment.name)) {
      describe(suite.suite, () => {
        for (const definition of suite.cases) {
          it(definition.id, async () => {
            const { target } = await referenceFor(environment);
            const { report } = await runSuites({
              suites: [{ ...suite, cases: [definition] }],
              target,
              reporter: silent,
              schemas: schemaValidator,
              tool,
              ...(environment.calendar === undefined ? {} : { calendar: environment.calendar }),
            });
            expect(report.summary.total).toBeGreaterThan(0);
            expect(problems(report.results)).toEqual([]);
          });
        }
      });
    }
  });
}
