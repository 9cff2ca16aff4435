import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSelftest, type SelftestOutcome } from '../../../cli/selftest/run-selftest.ts';
import { loadSuites } from '../../../harness/index.ts';
import { findFault, type Fault } from '../../../reference-aspsp/faults/catalogue.ts';
import { getRule } from '../../../spec/lib/index.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const smoke = join(root, 'suites', 'smoke');
const fault = (name: string): Fault => {
  const found = findFault(name);
  if (found === undefined) throw new Error(`no fault ${name}`);
  return found;
};

let outcome: SelftestOutcome;
let out: string;

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'selftest-test-'));
  outcome = await runSelftest({
    suites: loadSuites([smoke], { has: (id) => getRule(id) !== undefined }),
    // code-reusable is checked by the smoke suite; valu-during-batch by no smoke case.
    faults: [fault('code-reusable'), fault('valu-during-batch')],
    filter: { suites: [], rules: [], versions: ['v1.6.2'], institutions: ['10101'], tags: [] },
    cleanOnlyFaultRules: true,
    concurrency: 4,
    parallelFaults: 2,
    tool: { name: 'stet-harness', version: 'test' },
  });
}, 180_000);

afterAll(async () => rm(out, { recursive: true, force: true }));

describe('the kill matrix', () => {
  it('passes every selected case on the clean reference', () => {
    expect(outcome.matrix.clean.summary.failed).toBe(0);
    expect(outcome.matrix.clean.summary.errored).toBe(0);
    expect(outcome.matrix.clean.summary.passed).toBeGreaterThan(0);
  });

  it('kills a planted fault with the case that checks its rule', () => {
    const verdict = outcome.matrix.faults.find((v) => v.fault === 'code-reusable');
    expect(verdict?.outcome).toBe('killed');
    expect(verdict?.killers.map((k) => `${k.suite}/${k.case}`)).toContain('smoke-ais/code-used-once');
  });

  it('reports a fault no case covers as not killed', () => {
    const verdict = outcome.matrix.faults.find((v) => v.fault === 'valu-during-batch');
    expect(verdict?.outcome).toBe('uncovered');
    expect(verdict?.killers).toEqual([]);
    expect(outcome.matrix.totals).toEqual({ killed: 1, survived: 0, uncovered: 1, errored: 0 });
  });
});

describe('stet-harness selftest', () => {
  it('exits 1 and writes the matrix when a fault survives', async () => {
    const run = promisify(execFile);
    const dir = join(out, 'cli');
    const child = run(
      process.execPath,
      [
        '--import',
        'tsx',
        join(root, 'bin', 'stet-harness.ts'),
        'selftest',
        '--suites',
        smoke,
        '--fault',
        'valu-during-batch',
        '--version',
        'v1.6.2',
        '--institution',
        '10101',
        '--out',
        dir,
      ],
      { cwd: root },
    );
    const failure: unknown = await child.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: 1 });
    const matrix: unknown = JSON.parse(await readFile(join(dir, 'kill-matrix.json'), 'utf8'));
    expect(matrix).toMatchObject({ faults: [{ fault: 'valu-during-batch', outcome: 'uncovered' }] });
    const html = await readFile(join(dir, 'kill-matrix.html'), 'utf8');
    expect(html).toContain('valu-during-batch');
  }, 120_000);
});

describe('a fault killed by the versions check', () => {
  it('is judged by the deprecation calendar check, which the clean reference passes', async () => {
    const versionOutcome = await runSelftest({
      suites: loadSuites([smoke], { has: (id) => getRule(id) !== undefined }),
      faults: [fault('version-not-decommissioned')],
      filter: { suites: [], rules: [], versions: [], institutions: [], tags: [] },
      cleanOnlyFaultRules: true,
      concurrency: 4,
      parallelFaults: 1,
      tool: { name: 'stet-harness', version: 'test' },
    });
    // The clean run is the calendar check alone: every institution × version where v1 is gone.
    const clean = versionOutcome.clean.results;
    expect(clean.every((r) => r.suite === 'versions' && r.status === 'passed')).toBe(true);
    expect(clean.filter((r) => r.version === 'v1').length).toBeGreaterThan(0);
    const verdict = versionOutcome.matrix.faults[0];
    expect(verdict?.outcome).toBe('killed');
    expect(new Set(verdict?.killers.map((k) => `${k.suite}/${k.case}@${k.version}`))).toEqual(
      new Set(['versions/deprecation-calendar@v1']),
    );
  }, 180_000);
});
