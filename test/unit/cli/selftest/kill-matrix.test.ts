import { describe, expect, it } from 'vitest';
import { killMatrixHtml } from '../../../../cli/selftest/kill-matrix-html.ts';
import { selftestRunReport } from '../../../../cli/selftest/kill-matrix-report.ts';
import { formatConsoleSummary } from '../../../../harness/report/console-reporter.ts';
import { toHtml } from '../../../../harness/report/html-report.ts';
import { killedOnlyByAdvisories, totalsOf, verdictOf } from '../../../../cli/selftest/kill-matrix.ts';
import type { Fault } from '../../../../reference-aspsp/faults/catalogue.ts';
import { cellKey, emptySummary, type CaseResult, type Status } from '../../../../harness/report/model.ts';

const fault: Fault = {
  name: 'dateto-inclusive',
  description: 'dateTo <b>inclusive</b>',
  rules: ['AIS-TRX-DATETO-EXCLUSIVE'],
};

function result(kase: string, status: Status): CaseResult {
  return {
    suite: 'ranges',
    case: kase,
    title: kase,
    version: 'v1.6.2',
    institution: '10101',
    rules: [],
    status,
    durationMs: 1,
    steps: [],
    ...(status === 'errored' ? { failure: { message: 'journey page not found' } } : {}),
  };
}

const emptyMatrix = {
  startedAt: '2025-03-15T10:00:00Z',
  finishedAt: '2025-03-15T10:01:00Z',
  clean: { summary: emptySummary(), failures: [] },
  faults: [],
  totals: totalsOf([]),
};

const cleanOf = (results: CaseResult[]) => new Map(results.map((r): [string, CaseResult] => [cellKey(r), r]));

describe('fault verdicts', () => {
  it('counts as killers only cases that fail under the fault and pass on the clean reference', () => {
    const clean = cleanOf([result('a', 'passed'), result('b', 'failed')]);
    const verdict = verdictOf({
      fault,
      results: [result('a', 'failed'), result('b', 'failed')],
      clean,
      durationMs: 5,
    });
    expect(verdict.outcome).toBe('killed');
    expect(verdict.killers.map((k) => k.case)).toEqual(['a']);
  });

  it('counts an advisory finding as a kill, and says when only advisories killed the fault (--strict)', () => {
    const clean = cleanOf([result('a', 'passed'), result('b', 'passed')]);
    const advisoryOnly = verdictOf({
      fault,
      results: [result('a', 'advisory'), result('b', 'passed')],
      clean,
      durationMs: 1,
    });
    expect(advisoryOnly.outcome).toBe('killed');
    expect(advisoryOnly.killers.map((k) => [k.case, k.advisory])).toEqual([['a', true]]);
    expect(killedOnlyByAdvisories(advisoryOnly)).toBe(true);
    const mixed = verdictOf({
      fault,
      results: [result('a', 'advisory'), result('b', 'failed')],
      clean,
      durationMs: 1,
    });
    expect(killedOnlyByAdvisories(mixed)).toBe(false);
    expect(killMatrixHtml({ ...emptyMatrix, faults: [advisoryOnly] })).toContain(
      '<code>ranges/a@v1.6.2/10101</code> (advisory: --strict)',
    );
  });

  it('says survived when the cases ran and passed, uncovered when none ran, errored on harness errors', () => {
    const clean = cleanOf([result('a', 'passed')]);
    expect(verdictOf({ fault, results: [result('a', 'passed')], clean, durationMs: 1 }).outcome).toBe(
      'survived',
    );
    expect(verdictOf({ fault, results: [result('a', 'not-applicable')], clean, durationMs: 1 }).outcome).toBe(
      'uncovered',
    );
    const errored = verdictOf({ fault, results: [result('a', 'errored')], clean, durationMs: 1 });
    expect(errored.outcome).toBe('errored');
    expect(errored.errors[0]?.message).toBe('journey page not found');
  });
});

describe('kill matrix reports', () => {
  const killed = verdictOf({
    fault,
    results: [result('a', 'failed')],
    clean: cleanOf([result('a', 'passed')]),
    durationMs: 1,
  });
  const survived = { ...killed, fault: 'x<script>', outcome: 'survived' as const, killers: [] };
  const matrix = {
    startedAt: '2025-03-15T10:00:00Z',
    finishedAt: '2025-03-15T10:01:00Z',
    clean: {
      summary: { ...emptySummary(), passed: 1, total: 1 },
      failures: [],
    },
    faults: [killed, survived],
    totals: totalsOf([killed, survived]),
  };

  it('reports each fault as a result: passed when killed, failed when it survived', () => {
    const report = selftestRunReport(matrix, { name: 'stet-harness', version: 't' });
    expect(report.results.map((r) => [r.case, r.status])).toEqual([
      ['dateto-inclusive', 'passed'],
      ['x<script>', 'failed'],
    ]);
    expect(report.results[0]?.rules[0]?.title).toContain('dateTo is exclusive');
    expect(report.summary).toMatchObject({ passed: 1, failed: 1, total: 2 });
  });

  it('says "all faults killed" when every fault is killed, not that a target conforms', () => {
    const allKilled = selftestRunReport(
      { ...matrix, faults: [killed], totals: totalsOf([killed]) },
      { name: 'stet-harness', version: 't' },
    );
    expect(formatConsoleSummary(allKilled)).toContain(': all faults killed\n');
    expect(toHtml(allKilled)).toContain('<p class="verdict">All faults killed.</p>');
    const report = selftestRunReport(matrix, { name: 'stet-harness', version: 't' });
    expect(formatConsoleSummary(report)).toContain(': some faults are not killed (survived or uncovered)\n');
  });

  it('escapes fault names, descriptions and killers in the HTML page', () => {
    const html = killMatrixHtml(matrix);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>inclusive');
    expect(html).toContain('x&lt;script&gt;');
    expect(html).toContain('ranges/a@v1.6.2/10101');
  });
});
