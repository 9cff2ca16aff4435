import { describe, expect, it } from 'vitest';
import {
  classifyRun,
  failedCasesOf,
  formatTable,
  summarise,
  type BlindVerdict,
} from '../../../../tools/mutation/blind-verdict.ts';

const report = (results: readonly object[]): string => JSON.stringify({ summary: {}, results });

describe('blind mutant run classification', () => {
  it('counts a run that exits 1 with a failed case as a kill, naming the cases', () => {
    const verdict = classifyRun({ kind: 'exited', exitCode: 1, failedCases: ['quotas/a', 'quotas/b'] });
    expect(verdict).toEqual({ outcome: 'killed', detail: 'quotas/a, quotas/b' });
  });

  it('names three failed cases and counts the rest', () => {
    const failedCases = ['s/a', 's/b', 's/c', 's/d', 's/e'];
    expect(classifyRun({ kind: 'exited', exitCode: 1, failedCases }).detail).toBe('s/a, s/b, s/c and 2 more');
  });

  it('counts a run that exits 0 as a survivor, advisory findings included', () => {
    expect(classifyRun({ kind: 'exited', exitCode: 0, failedCases: [] }).outcome).toBe('survived');
  });

  it('counts exit 2, an exit 1 without a failed case and a run without report as errored', () => {
    expect(classifyRun({ kind: 'exited', exitCode: 2, failedCases: [] }).outcome).toBe('errored');
    expect(classifyRun({ kind: 'exited', exitCode: 1, failedCases: [] })).toEqual({
      outcome: 'errored',
      detail: 'exit 1 with 0 failed case(s)',
    });
    expect(classifyRun({ kind: 'exited', exitCode: 1, failedCases: undefined }).outcome).toBe('errored');
    expect(classifyRun({ kind: 'exited', exitCode: null, failedCases: undefined }).detail).toBe(
      'exit null, no report',
    );
    expect(
      classifyRun({ kind: 'exited', exitCode: 1, failedCases: undefined, lastError: 'ERR_PKI_FILE_DAMAGED' })
        .detail,
    ).toBe('exit 1, no report: ERR_PKI_FILE_DAMAGED');
  });

  it('counts a timeout as errored', () => {
    expect(classifyRun({ kind: 'timeout', seconds: 300 })).toEqual({
      outcome: 'errored',
      detail: 'no verdict within 300 s',
    });
  });

  it('names the file of a patch that does not apply', () => {
    const verdict = classifyRun({
      kind: 'patch-does-not-apply',
      files: ['reference-aspsp/ais/quota.ts'],
      message: 'error: patch failed: reference-aspsp/ais/quota.ts:71',
    });
    expect(verdict.outcome).toBe('patch-does-not-apply');
    expect(verdict.detail).toMatch(/^reference-aspsp\/ais\/quota\.ts: /);
  });
});

describe('failed cases of a report', () => {
  it('lists each failed suite/case once, whatever the versions and institutions', () => {
    const text = report([
      { suite: 'quotas', case: 'fifth', status: 'failed', version: 'v1' },
      { suite: 'quotas', case: 'fifth', status: 'failed', version: 'v1.6.2' },
      { suite: 'quotas', case: 'fourth', status: 'passed' },
      { suite: 'quotas', case: 'advisory', status: 'advisory' },
      { suite: 'tokens', case: 'expiry', status: 'failed' },
    ]);
    expect(failedCasesOf(text)).toEqual(['quotas/fifth', 'tokens/expiry']);
  });

  it('finds no failed case in a report without failures', () => {
    expect(failedCasesOf(report([{ suite: 's', case: 'c', status: 'passed' }]))).toEqual([]);
  });

  it('reads no report from text that is not one', () => {
    expect(failedCasesOf('{')).toBeUndefined();
    expect(failedCasesOf('{"summary":{}}')).toBeUndefined();
    expect(failedCasesOf('{"results":{}}')).toBeUndefined();
  });
});

describe('blind kill rate', () => {
  const verdicts: BlindVerdict[] = [
    { id: '01-a', outcome: 'killed', detail: 's/a', durationMs: 30_000 },
    { id: '02-b', outcome: 'killed', detail: 's/b', durationMs: 31_000 },
    { id: '03-c', outcome: 'survived', detail: 'exit 0', durationMs: 29_000 },
    { id: '04-d', outcome: 'errored', detail: 'no verdict within 300 s', durationMs: 300_000 },
    { id: '05-e', outcome: 'patch-does-not-apply', detail: 'x.ts: patch failed', durationMs: 10 },
    { id: '06-f', outcome: 'killed', detail: 's/f', durationMs: 28_000 },
  ];

  it('counts every mutant measured, errors included, in the denominator', () => {
    expect(summarise(verdicts)).toEqual({
      total: 6,
      killed: 3,
      survived: 1,
      errored: 1,
      patchDoesNotApply: 1,
      killRate: 50,
    });
  });

  it('rounds the rate to one decimal and gives 0 for an empty set', () => {
    expect(summarise(verdicts.slice(0, 3)).killRate).toBe(66.7);
    expect(summarise([]).killRate).toBe(0);
  });

  it('prints one line per mutant, then the rate with what is shown apart', () => {
    const table = formatTable(verdicts);
    expect(table.split('\n')[0]).toMatch(/^01-a {2}killed +30 s {2}s\/a$/);
    expect(table).toMatch(/kill rate: 3\/6 = 50\.0 % \(1 survived, 1 errored, 1 patch\(es\) do not apply\)$/);
    expect(formatTable(verdicts.slice(0, 2))).toMatch(/kill rate: 2\/2 = 100\.0 %$/);
  });
});
