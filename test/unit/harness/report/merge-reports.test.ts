import { describe, expect, it } from 'vitest';
import { isCodedError } from '../../../../lib/coded-error.ts';
import { mergeReports } from '../../../../harness/report/merge-reports.ts';
import { summarize, type RunReport } from '../../../../harness/report/model.ts';
import { rawReport } from './fixture.ts';

/** The fixture split into two shards, as `--shard 1/2` and `2/2` would have written it. */
function shards(): [RunReport, RunReport] {
  const whole = rawReport();
  const part = (index: number, startedAt: string, finishedAt: string): RunReport => {
    const results = whole.results.filter((_r, i) => i % 2 === index);
    return { ...whole, results, summary: summarize(results), startedAt, finishedAt };
  };
  return [
    part(0, '2025-03-01T10:00:01.000Z', '2025-03-01T10:00:04.000Z'),
    part(1, '2025-03-01T10:00:00.000Z', '2025-03-01T10:00:03.000Z'),
  ];
}

describe('mergeReports', () => {
  it('puts the shards side by side and counts the summary and the matrix again', () => {
    const [one, two] = shards();
    const merged = mergeReports([
      { source: 'a', report: one },
      { source: 'b', report: two },
    ]);
    expect(merged.results).toHaveLength(one.results.length + two.results.length);
    expect(merged.summary).toEqual(rawReport().summary);
    expect(merged.matrix).toEqual(rawReport().matrix);
    expect([merged.startedAt, merged.finishedAt]).toEqual([
      '2025-03-01T10:00:00.000Z',
      '2025-03-01T10:00:04.000Z',
    ]);
  });

  it('refuses a shard given twice and shards of another target', () => {
    const [one, two] = shards();
    const twice = (): RunReport =>
      mergeReports([
        { source: 'a', report: one },
        { source: 'a2', report: one },
      ]);
    expect(twice).toThrow(/is in both a and a2/);
    const other = { ...two, target: { name: 'another bank', baseUrl: 'https://elsewhere' } };
    let error: unknown;
    try {
      mergeReports([
        { source: 'a', report: one },
        { source: 'b', report: other },
      ]);
    } catch (e) {
      error = e;
    }
    expect(isCodedError(error, 'ERR_MERGE_MISMATCH')).toBe(true);
  });

  it('keeps a deviation accepted when one shard saw it and another found the rule held elsewhere', () => {
    const [one, two] = shards();
    const deviation = { rule: 'AIS-TRX-003', institution: '10101' };
    const merged = mergeReports([
      {
        source: 'a',
        report: { ...one, baseline: { file: 'b.yaml', accepted: [deviation], fixed: [], unexpected: [] } },
      },
      {
        source: 'b',
        report: { ...two, baseline: { file: 'b.yaml', accepted: [], fixed: [deviation], unexpected: [] } },
      },
    ]);
    expect(merged.baseline).toEqual({ file: 'b.yaml', accepted: [deviation], fixed: [], unexpected: [] });
  });
});
