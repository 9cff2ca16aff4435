import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { baselineYaml, compareWithBaseline, loadBaseline } from '../../../../harness/baseline/baseline.ts';
import type { CaseResult, Status } from '../../../../harness/report/model.ts';

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
