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
  type Baseline,
} from '../../../../harness/baseline/baseline.ts';
import {
  runVerdict,
  summarize,
  verdictText,
  type CaseResult,
  type RunReport,
  type Status,
} from '../../../../harness/report/model.ts';

const today = '2026-03-01';

function result(
  rule: string,
  status: Status,
  cell: { case?: string; version?: string; institution?: string } = {},
): CaseResult {
  return {
    suite: 's',
    case: cell.case ?? 'c',
    title: 't',
    version: cell.version ?? 'v1.4.2',
    institution: cell.institution ?? '20202',
    rules: [{ id: rule, title: rule, section: '' }],
    status,
    durationMs: 1,
    steps: [],
  };
}

const entry = {
  rule: 'AIS-TRX-DATETO-EXCLUSIVE',
  case: 's/c',
  institutions: ['20202'],
  reason: 'fix in 24.3',
};
const baseline: Baseline = { accepted: [entry] };

describe('compareWithBaseline', () => {
  it('accepts a baselined deviation that still occurs in its case', () => {
    const c = compareWithBaseline(
      [result('AIS-TRX-DATETO-EXCLUSIVE', 'failed'), result('TOK-A', 'passed')],
      baseline,
      today,
    );
    expect(c).toEqual({ unexpected: [], fixed: [], accepted: [entry] });
  });

  it('does not accept the same rule failing in another case, or at an institution the entry does not list', () => {
    const c = compareWithBaseline(
      [
        result('AIS-TRX-DATETO-EXCLUSIVE', 'failed'),
        result('AIS-TRX-DATETO-EXCLUSIVE', 'failed', { case: 'other' }),
        result('AIS-TRX-DATETO-EXCLUSIVE', 'failed', { institution: '10101' }),
      ],
      baseline,
      today,
    );
    expect(c.unexpected).toEqual([
      { rule: 'AIS-TRX-DATETO-EXCLUSIVE', case: 's/c', versions: ['v1.4.2'], institutions: ['10101'] },
      { rule: 'AIS-TRX-DATETO-EXCLUSIVE', case: 's/other', versions: ['v1.4.2'], institutions: ['20202'] },
    ]);
    expect(c.accepted).toEqual([entry]);
  });

  it('accepts nothing after the entry’s until day: the deviation is new again, with the entry’s reason and end', () => {
    const ending = { ...entry, until: '2026-02-28' };
    const failed = [result('AIS-TRX-DATETO-EXCLUSIVE', 'failed')];
    expect(compareWithBaseline(failed, { accepted: [ending] }, '2026-02-28').accepted).toEqual([ending]);
    const after = compareWithBaseline(failed, { accepted: [ending] }, '2026-03-01');
    expect(after.accepted).toEqual([]);
    expect(after.unexpected).toEqual([
      {
        rule: 'AIS-TRX-DATETO-EXCLUSIVE',
        case: 's/c',
        versions: ['v1.4.2'],
        institutions: ['20202'],
        reason: 'fix in 24.3',
        until: '2026-02-28',
      },
    ]);
  });

  it('reports a baselined deviation that now holds in its case', () => {
    expect(
      compareWithBaseline([result('AIS-TRX-DATETO-EXCLUSIVE', 'passed')], baseline, today).fixed,
    ).toEqual([entry]);
  });

  it('says nothing about a baselined rule the run did not check in its case', () => {
    expect(
      compareWithBaseline(
        [result('TOK-A', 'passed'), result('AIS-TRX-DATETO-EXCLUSIVE', 'passed', { case: 'other' })],
        baseline,
        today,
      ),
    ).toEqual({ unexpected: [], fixed: [], accepted: [] });
    expect(
      compareWithBaseline([result('AIS-TRX-DATETO-EXCLUSIVE', 'not-applicable')], baseline, today).fixed,
    ).toEqual([]);
  });
});

describe('baselineYaml', () => {
  it('writes one entry per rule × case and version set, with the reason, accepting exactly the run it came from', () => {
    const results = [
      result('A-B', 'failed', { institution: '10101' }),
      result('A-B', 'failed', { institution: '10101', version: 'v1.6.2' }),
      result('A-B', 'failed', { institution: '20202', version: 'v1.6.2' }),
      result('A-B', 'passed', { institution: '20202' }),
      result('C-D', 'passed', { institution: '20202' }),
    ];
    const text = baselineYaml(results, { reason: 'fix planned in 24.3' });
    const written: unknown = parse(text);
    expect(written).toEqual({
      accepted: [
        {
          rule: 'A-B',
          case: 's/c',
          versions: ['v1.4.2', 'v1.6.2'],
          institutions: ['10101'],
          reason: 'fix planned in 24.3',
        },
        {
          rule: 'A-B',
          case: 's/c',
          versions: ['v1.6.2'],
          institutions: ['20202'],
          reason: 'fix planned in 24.3',
        },
      ],
    });
    // Read back as a file, it passes the schema and accepts exactly those cells.
    const path = join(mkdtempSync(join(tmpdir(), 'baseline-')), 'written.yaml');
    writeFileSync(path, text);
    const back = compareWithBaseline(results, loadBaseline(path), today);
    expect(back.unexpected).toEqual([]);
    expect(back.fixed).toEqual([]);
  });
});

describe('baselineYaml over a run compared with a baseline', () => {
  it('keeps the reason and until of the entry that accepted a cell, and gives the new reason to the rest', () => {
    const previous: Baseline = { accepted: [{ ...entry, until: '2026-06-30' }] };
    const results = [
      result('AIS-TRX-DATETO-EXCLUSIVE', 'accepted'),
      result('AIS-TRX-DATETO-EXCLUSIVE', 'failed', { institution: '10101' }),
    ];
    expect(parse(baselineYaml(results, { reason: 'new in 24.2', previous }))).toEqual({
      accepted: [
        {
          rule: 'AIS-TRX-DATETO-EXCLUSIVE',
          case: 's/c',
          versions: ['v1.4.2'],
          institutions: ['20202'],
          reason: 'fix in 24.3',
          until: '2026-06-30',
        },
        {
          rule: 'AIS-TRX-DATETO-EXCLUSIVE',
          case: 's/c',
          versions: ['v1.4.2'],
          institutions: ['10101'],
          reason: 'new in 24.2',
        },
      ],
    });
  });
});

describe('loadBaseline', () => {
  const file = (name: string, text: string): string => {
    const path = join(mkdtempSync(join(tmpdir(), 'baseline-')), name);
    writeFileSync(path, text);
    return path;
  };

  it('reads an entry with its case, cells, reason and end day', () => {
    const path = file(
      'ok.yaml',
      "accepted:\n  - rule: AIS-X-Y\n    case: s/c\n    versions: [v1.4.2]\n    institutions: ['10101']\n    reason: agreed with the bank\n    until: 2026-12-31\n",
    );
    expect(loadBaseline(path)).toEqual({
      accepted: [
        {
          rule: 'AIS-X-Y',
          case: 's/c',
          versions: ['v1.4.2'],
          institutions: ['10101'],
          reason: 'agreed with the bank',
          until: '2026-12-31',
        },
      ],
    });
  });

  it('refuses an invalid file with its line', () => {
    const path = file(
      'b.yaml',
      "accepted:\n  - { rule: AIS-X, case: s/c, reason: r, institutions: ['1'] }\n",
    );
    expect(() => loadBaseline(path)).toThrow(/b\.yaml:2:/);
    expect(() => loadBaseline(path)).toThrow(expect.objectContaining({ code: 'ERR_BASELINE_INVALID' }));
  });

  it('refuses the former rule × institution form, naming each entry and saying how to migrate', () => {
    const path = file('old.yaml', "accepted:\n  - { rule: ERR-CODE-CARRIED, institution: '10101' }\n");
    expect(() => loadBaseline(path)).toThrow(
      expect.objectContaining({
        code: 'ERR_BASELINE_OLD_FORM',
        message: expect.stringMatching(/old\.yaml:2:.*ERR-CODE-CARRIED at 10101/) as unknown,
        hint: expect.stringContaining('--write-baseline FILE --reason TEXT') as unknown,
      }),
    );
  });

  it('refuses an entry without a reason or with a blank one, naming the entry', () => {
    const blank = file(
      'blank.yaml',
      "accepted:\n  - { rule: A-B, case: s/c, reason: '' }\n  - { rule: C-D, case: s/c, reason: '  ' }\n",
    );
    expect(() => loadBaseline(blank)).toThrow(
      expect.objectContaining({
        code: 'ERR_BASELINE_NO_REASON',
        message: expect.stringMatching(
          /blank\.yaml:2:.*A-B in s\/c gives no reason[^]*blank\.yaml:3:.*C-D in s\/c/,
        ) as unknown,
      }),
    );
    const missing = file('missing.yaml', 'accepted:\n  - { rule: A-B, case: s/c }\n');
    expect(() => loadBaseline(missing)).toThrow(expect.objectContaining({ code: 'ERR_BASELINE_INVALID' }));
  });

  it('refuses an until that is not a calendar day', () => {
    const path = file('day.yaml', 'accepted:\n  - { rule: A-B, case: s/c, reason: r, until: 2026-02-30 }\n');
    expect(() => loadBaseline(path)).toThrow(expect.objectContaining({ code: 'ERR_BASELINE_INVALID' }));
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
  const options = { file: 'accepted.yaml', today };

  it('turns a failure whose every rule is accepted in its case into accepted, keeping its failure and giving the reason', () => {
    const failed = {
      ...result('AIS-TRX-DATETO-EXCLUSIVE', 'failed'),
      failure: { message: 'dateTo included' },
    };
    const seen = applyBaseline(report([failed, result('TOK-A', 'passed')]), baseline, options);
    expect(seen.results[0]).toMatchObject({
      status: 'accepted',
      reason: 'in the baseline accepted.yaml (fix in 24.3): dateTo included',
      failure: { message: 'dateTo included' },
    });
    expect(seen.summary).toMatchObject({ failed: 0, accepted: 1, passed: 1, total: 2 });
    expect(seen.baseline).toEqual({ file: 'accepted.yaml', accepted: [entry], fixed: [], unexpected: [] });
    expect(runVerdict(seen)).toBe('conforms-to-baseline');
    expect(verdictText(seen)).toBe('the target conforms to its baseline');
  });

  it('keeps failed a failure of the same rule in another case, and the run does not conform', () => {
    const seen = applyBaseline(
      report([result('AIS-TRX-DATETO-EXCLUSIVE', 'failed', { case: 'other' })]),
      baseline,
      options,
    );
    expect(seen.results[0]?.status).toBe('failed');
    expect(runVerdict(seen)).toBe('does-not-conform');
  });

  it('keeps a failure failed after its entry’s until day', () => {
    const seen = applyBaseline(
      report([result('AIS-TRX-DATETO-EXCLUSIVE', 'failed')]),
      { accepted: [{ ...entry, until: '2026-02-28' }] },
      options,
    );
    expect(seen.results[0]?.status).toBe('failed');
    expect(runVerdict(seen)).toBe('does-not-conform');
  });

  it('keeps a failure failed when one of its rules is not accepted', () => {
    const both: CaseResult = {
      ...result('AIS-TRX-DATETO-EXCLUSIVE', 'failed'),
      rules: [
        { id: 'AIS-TRX-DATETO-EXCLUSIVE', title: '', section: '' },
        { id: 'AIS-TRX-DATEFROM-INCLUSIVE', title: '', section: '' },
      ],
    };
    const seen = applyBaseline(report([both]), baseline, options);
    expect(seen.results[0]?.status).toBe('failed');
    expect(seen.baseline?.unexpected).toEqual([
      { rule: 'AIS-TRX-DATEFROM-INCLUSIVE', case: 's/c', versions: ['v1.4.2'], institutions: ['20202'] },
    ]);
  });

  it('lists a baselined deviation that disappeared as fixed, and the run differs from its baseline', () => {
    const seen = applyBaseline(report([result('AIS-TRX-DATETO-EXCLUSIVE', 'passed')]), baseline, options);
    expect(seen.baseline?.fixed).toEqual([entry]);
    expect(verdictText(seen)).toBe('the target does not conform: it differs from its baseline');
  });
});
