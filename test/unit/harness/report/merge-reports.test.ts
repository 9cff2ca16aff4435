import { describe, expect, it } from 'vitest';
import { isCodedError } from '../../../../lib/coded-error.ts';
import { mergeReports, type ShardReport } from '../../../../harness/report/merge-reports.ts';
import { runVerdict, summarize, verdictText, type RunReport } from '../../../../harness/report/model.ts';
import { rawReport } from './fixture.ts';

const runId = '0123456789abcdef';

/** The fixture split into `count` shards, as `--shard i/count` would have written them. */
function shards(count: number, id = runId): RunReport[] {
  const whole = rawReport();
  return Array.from({ length: count }, (_x, i) => {
    const results = whole.results.filter((_r, j) => j % count === i);
    return {
      ...whole,
      run: { id, shard: { index: i + 1, count } },
      results,
      summary: summarize(results),
      startedAt: `2025-03-01T10:00:0${count - i}.000Z`,
      finishedAt: `2025-03-01T10:00:1${i}.000Z`,
    };
  });
}

function sources(reports: readonly RunReport[]): ShardReport[] {
  return reports.map((report, i) => ({ source: `shard-${i + 1}`, report }));
}

function codeOf(merge: () => unknown): string | undefined {
  try {
    merge();
  } catch (error) {
    return isCodedError(error) ? error.code : 'not coded';
  }
  return undefined;
}

describe('mergeReports', () => {
  it('puts the shards side by side and counts the summary and the matrix again', () => {
    const parts = shards(2);
    const merged = mergeReports(sources(parts));
    expect(merged.results).toHaveLength(rawReport().results.length);
    expect(merged.summary).toEqual(rawReport().summary);
    expect(merged.matrix).toEqual(rawReport().matrix);
    expect([merged.startedAt, merged.finishedAt]).toEqual([
      '2025-03-01T10:00:01.000Z',
      '2025-03-01T10:00:11.000Z',
    ]);
    expect(merged.run).toEqual({ id: runId, shard: { index: 1, count: 1 } });
  });

  it('refuses 3 shards out of 4, naming the missing one', () => {
    const parts = shards(4);
    let error: unknown;
    try {
      mergeReports(sources(parts.slice(0, 3)));
    } catch (e) {
      error = e;
    }
    expect(isCodedError(error, 'ERR_MERGE_INCOMPLETE')).toBe(true);
    expect(String(error)).toContain('incomplete: shard 4/4 missing');
  });

  it('merges 3 shards out of 4 with allowPartial, and every verdict says incomplete', () => {
    const parts = shards(4);
    const merged = mergeReports(sources([parts[0], parts[2], parts[3]].flatMap((p) => (p ? [p] : []))), {
      allowPartial: true,
    });
    expect(merged.run?.missing).toEqual([{ index: 2, count: 4 }]);
    expect(runVerdict(merged)).toBe('incomplete');
    expect(verdictText(merged)).toBe('incomplete: shard 2/4 missing');
    // A partial merge merged again stays incomplete: what it missed is carried on.
    expect(() => mergeReports(sources([merged]))).toThrow(/shard 2\/4 missing/);
    expect(runVerdict(mergeReports(sources([merged]), { allowPartial: true }))).toBe('incomplete');
  });

  it('refuses a shard given twice, even with allowPartial', () => {
    const parts = shards(2);
    const one = parts[0];
    if (one === undefined) throw new Error('no shard');
    expect(codeOf(() => mergeReports(sources([one, one]), { allowPartial: true }))).toBe(
      'ERR_MERGE_DUPLICATE',
    );
  });

  it('refuses a shard of another run or of another split, and a report naming no run', () => {
    const [one, two] = shards(2);
    const [foreign] = shards(2, 'fedcba9876543210').slice(1);
    const [, , thirdOfThree] = shards(3);
    if (one === undefined || two === undefined || foreign === undefined || thirdOfThree === undefined)
      throw new Error('no shard');
    expect(codeOf(() => mergeReports(sources([one, foreign])))).toBe('ERR_MERGE_FOREIGN');
    expect(codeOf(() => mergeReports(sources([one, two, thirdOfThree])))).toBe('ERR_MERGE_FOREIGN');
    const { run: _run, ...unnamed } = two;
    expect(codeOf(() => mergeReports(sources([one, unnamed])))).toBe('ERR_MERGE_UNIDENTIFIED');
    const other = { ...two, target: { name: 'another bank', baseUrl: 'https://elsewhere' } };
    expect(codeOf(() => mergeReports(sources([one, other])))).toBe('ERR_MERGE_MISMATCH');
  });

  it('keeps an entry accepted when one shard saw it deviate and another found it held elsewhere', () => {
    const [one, two] = shards(2);
    if (one === undefined || two === undefined) throw new Error('no shard');
    const entry = { rule: 'AIS-TRX-003', case: 'ais-transactions/date-range', reason: 'fix in 24.3' };
    const merged = mergeReports(
      sources([
        { ...one, baseline: { file: 'b.yaml', accepted: [entry], fixed: [], unexpected: [] } },
        { ...two, baseline: { file: 'b.yaml', accepted: [], fixed: [entry], unexpected: [] } },
      ]),
    );
    expect(merged.baseline).toEqual({ file: 'b.yaml', accepted: [entry], fixed: [], unexpected: [] });
  });

  it('joins the cells of a new deviation two shards saw', () => {
    const [one, two] = shards(2);
    if (one === undefined || two === undefined) throw new Error('no shard');
    const seen = (versions: string[], institutions: string[]): RunReport['baseline'] => ({
      file: 'b.yaml',
      accepted: [],
      fixed: [],
      unexpected: [{ rule: 'AIS-TRX-003', case: 'ais-transactions/date-range', versions, institutions }],
    });
    const merged = mergeReports(
      sources([
        { ...one, baseline: seen(['v1.6.2'], ['10101']) },
        { ...two, baseline: seen(['v1.4.2'], ['10101', '20202']) },
      ]),
    );
    expect(merged.baseline?.unexpected).toEqual([
      {
        rule: 'AIS-TRX-003',
        case: 'ais-transactions/date-range',
        versions: ['v1.4.2', 'v1.6.2'],
        institutions: ['10101', '20202'],
      },
    ]);
  });
});
