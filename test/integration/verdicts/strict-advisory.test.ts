import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseReport } from '../../../harness/report/json-report.ts';
import { faultCatalogue } from '../../../reference-aspsp/faults/catalogue.ts';
import { getRule } from '../../../spec/lib/index.ts';

const bin = resolve(import.meta.dirname, '../../../bin/stet-harness.ts');
const tsx = resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
const dir = mkdtempSync(join(tmpdir(), 'strict-advisory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `stet-harness run` against the embedded reference with a fault breaking only choice rules. */
function run(
  out: string,
  extra: string[],
  fault = { name: 'code-form-scope-accepted', rules: ['TOK-NO-SCOPE-IN-CODE-FORM'] },
): Promise<{ code: number | null; output: string }> {
  const args = [
    ...['run', '--fault', fault.name, ...fault.rules.flatMap((rule) => ['--rule', rule])],
    ...['--version', 'v1.6.2', '--institution', '10101'],
    ...['--reporter', 'json,junit,console', '--out', out, ...extra],
  ];
  return new Promise((done) => {
    const child = spawn(tsx, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => done({ code, output }));
  });
}

describe('a deviation from a choice only (basis: choice)', () => {
  it('is an advisory finding: exit 0, shown in the console, JSON and JUnit reports', async () => {
    const out = join(dir, 'lenient');
    const { code, output } = await run(out, []);
    expect(code, output).toBe(0);
    const report = parseReport(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')));
    expect(report.summary).toMatchObject({ failed: 0, advisory: 1 });
    const finding = report.results.find((r) => r.status === 'advisory');
    expect(finding?.case).toBe('no-scope-in-code-form');
    expect(finding?.rules.find((r) => r.id === 'TOK-NO-SCOPE-IN-CODE-FORM')?.basis).toBe('choice');
    // One console line per case with an advisory finding, marked `?`, its cells summarised.
    expect(output).toMatch(/\? oauth-grants\/no-scope-in-code-form \[[^\]]*cells?\]/);
    expect(output).toContain('1 advisory finding on the reference');
    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(junit).not.toContain('<failure');
    expect(junit).toContain('<system-out>ADVISORY');
  }, 120_000);

  it('fails the run with --strict (exit 1)', async () => {
    const out = join(dir, 'strict');
    const { code, output } = await run(out, ['--strict']);
    expect(code, output).toBe(1);
    expect(output).toContain('the target does not conform');
    const report = parseReport(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')));
    expect(report.strict).toBe(true);
  }, 120_000);
});

// Choice-only faults that `run`'s embedded reference cannot show: its institutions check no signature
// freshness, so the freshness cases are not applicable there. They are judged where a target declares
// the option (test/integration/hardening/signature-freshness-suite.test.ts).
const judgedElsewhere = new Set(['signature-freshness-not-checked']);

// Every fault of the catalogue whose rules are all choices: each must leave the run conforming.
const choiceOnlyFaults = faultCatalogue.filter(
  (fault) =>
    fault.rules.every((rule) => getRule(rule)?.basis.kind === 'choice') && !judgedElsewhere.has(fault.name),
);

describe('every choice-only fault of the catalogue', () => {
  it('names only catalogue faults as judged elsewhere', () => {
    for (const name of judgedElsewhere) expect(faultCatalogue.map((f) => f.name)).toContain(name);
  });

  it('exists (the selftest kills each with an advisory finding)', () => {
    expect(choiceOnlyFaults.map((f) => f.name)).toEqual(
      expect.arrayContaining(['code-form-scope-accepted', 'pagination-counted']),
    );
  });

  it.each(choiceOnlyFaults.map((fault) => [fault.name, fault] as const))(
    '%s leaves the run conforming with advisory findings',
    async (name, fault) => {
      const out = join(dir, `each-${name}`);
      const { code, output } = await run(out, [], { name, rules: [...fault.rules] });
      expect(code, output).toBe(0);
      const report = parseReport(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')));
      expect(report.summary.failed).toBe(0);
      expect(report.summary.advisory).toBeGreaterThan(0);
    },
    120_000,
  );
});
