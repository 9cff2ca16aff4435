import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  applyBaseline,
  baselineYaml,
  compareWithBaseline,
  loadBaseline,
} from '../../../../harness/baseline/baseline.ts';
import {
  runVerdict,
  summarize,
  verdictText,
  type CaseResult,
  type RunReport,
  type Status,
} from '../../../../harness/report/model.ts';

function result(rule: string, institution: string, status: Status): CaseResult {
  return {
    suite: 's',
    case: `${rule}-${institution}`,
    title: 't',
    version: 'v1.4.2',
    institution,
    rules: [{ id: rule, title: rule, section: '' }],
    status,
    durationMs: 1,
    steps: [],
  };
}

describe('compareWithBaseline', () => {
  const baseline = { accepted: [{ rule: 'AIS-TRX-DATETO-EXCLUSIVE', institution: '20202' }] };

  it('accepts a baselined deviation that still occurs', () => {
    const c = compareWithBaseline(
      [result('AIS-TRX-DATETO-EXCLUSIVE', '20202', 'failed'), result('TOK-A', '20202', 'passed')],
      baseline,
    );
    expect(c).toEqual({ unexpected: [], fixed: [], accepted: baseline.accepted });
  });

  it('reports a failure the baseline does not list, even for the same rule at another institution', () => {
    const c = compareWithBaseline(
      [
        result('AIS-TRX-DATETO-EXCLUSIVE', '20202', 'failed'),
        result('AIS-TRX-DATETO-EXCLUSIVE', '10101', 'failed'),
      ],
      baseline,
    );
    expect(c.unexpected).toEqual([{ rule: 'AIS-TRX-DATETO-EXCLUSIVE', institution: '10101' }]);
  });

  it('reports a baselined deviation that now holds', () => {
    expect(
      compareWithBaseline([result('AIS-TRX-DATETO-EXCLUSIVE', '20202', 'passed')], baseline).fixed,
    ).toEqual(baseline.accepted);
  });

  it('says nothing about a baselined rule the run did not check', () => {
    expect(compareWithBaseline([result('TOK-A', '20202', 'passed')], baseline)).toEqual({
      unexpected: [],
      fixed: [],
      accepted: [],
    });
    expect(
      compareWithBaseline([result('AIS-TRX-DATETO-EXCLUSIVE', '20202', 'not-applicable')], baseline).fixed,
    ).toEqual([]);
  });

  it('writes a baseline that accepts exactly the run it came from', () => {
    const results = [result('A-B', '10101', 'failed'), result('C-D', '20202', 'passed')];
    const written: unknown = parse(baselineYaml(results));
    expect(written).toEqual({ accepted: [{ rule: 'A-B', institution: '10101' }] });
  });
});

describe('loadBaseline', () => {
  it('refuses an invalid file with its line', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'baseline-')), 'b.yaml');
    writeFileSync(file, "accepted:\n  - { rule: AIS-X, institution: '1' }\n");
    expect(() => loadBaseline(file)).toThrow(/b\.yaml:2:/);
    expect(() => loadBaseline(file)).toThrow(expect.objectContaining({ code: 'ERR_BASELINE_INVALID' }));
  });
});

describe('applyBaseline', () => {
  const report = (results: CaseResult[]): RunReport => ({
    tool: { name: 'stet-harness', version: '0' },
    target: { name: 't', baseUrl: 'https://x' },
    startedAt: '2025-03-01T10:00:00.000Z',
    finishedAt: '2025-03-01T10:00:01.000Z',
    matrix: { versions: ['v1.4.2'], institutions: ['10101', '20202'] },
    summary: summarize(results),
    results,
  });
  const baseline = {
    accepted: [{ rule: 'AIS-TRX-DATETO-EXCLUSIVE', institution: '20202', reason: 'fix in 24.3' }],
  };

  it('turns a failure whose every rule is accepted into accepted, keeping its failure and giving the reason', () => {
    const failed = {
      ...result('AIS-TRX-DATETO-EXCLUSIVE', '20202', 'failed'),
      failure: { message: 'dateTo included' },
    };
    const seen = applyBaseline(
      report([failed, result('TOK-A', '20202', 'passed')]),
      baseline,
      'accepted.yaml',
    );
    expect(seen.results[0]).toMatchObject({
      status: 'accepted',
      reason: 'in the baseline accepted.yaml (fix in 24.3): dateTo included',
      failure: { message: 'dateTo included' },
    });
    expect(seen.summary).toMatchObject({ failed: 0, accepted: 1, passed: 1, total: 2 });
    expect(seen.baseline).toEqual({
      file: 'accepted.yaml',
      accepted: baseline.accepted,
      fixed: [],
      unexpected: [],
    });
    expect(runVerdict(seen)).toBe('conforms-to-baseline');
    expect(verdictText(seen)).toBe('the target conforms to its baseline');
  });

  it('keeps a failure failed when one of its rules is not accepted, and the run does not conform', () => {
    const both: CaseResult = {
      ...result('AIS-TRX-DATETO-EXCLUSIVE', '20202', 'failed'),
      rules: [
        { id: 'AIS-TRX-DATETO-EXCLUSIVE', title: '', section: '' },
        { id: 'AIS-TRX-DATEFROM-INCLUSIVE', title: '', section: '' },
      ],
    };
    const seen = applyBaseline(report([both]), baseline, 'accepted.yaml');
    expect(seen.results[0]?.status).toBe('failed');
    expect(seen.baseline?.unexpected).toEqual([{ rule: 'AIS-TRX-DATEFROM-INCLUSIVE', institution: '20202' }]);
    expect(runVerdict(seen)).toBe('does-not-conform');
  });

  it('lists a baselined deviation that disappeared as fixed, and the run differs from its baseline', () => {
    const seen = applyBaseline(
      report([result('AIS-TRX-DATETO-EXCLUSIVE', '20202', 'passed')]),
      baseline,
      'accepted.yaml',
    );
    expect(seen.baseline?.fixed).toEqual(baseline.accepted);
    expect(verdictText(seen)).toBe('the target does not conform: it differs from its baseline');
  });
});
