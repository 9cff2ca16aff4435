import { describe, expect, it } from 'vitest';
import {
  folderFigures,
  folderOf,
  formatSurvivors,
  parseMutationReport,
} from '../../../../tools/mutation/mutation-report.ts';
import { advisoryOnlyPrefix } from '../../../../tools/mutation/suites-test-runner.mjs';

function mutant(id: string, status: string, line = 1): Record<string, unknown> {
  return {
    id,
    mutatorName: 'EqualityOperator',
    status,
    replacement: 'a <= b',
    location: { start: { line, column: 1 }, end: { line, column: 5 } },
  };
}

function report(files: Record<string, Array<Record<string, unknown>>>): string {
  return JSON.stringify({
    schemaVersion: '2',
    files: Object.fromEntries(Object.entries(files).map(([path, mutants]) => [path, { mutants }])),
    testFiles: {},
  });
}

describe('mutation report', () => {
  it('counts per reference domain folder and per top folder', () => {
    expect(folderOf('reference-aspsp/ais/quota.ts')).toBe('reference-aspsp/ais');
    expect(folderOf('reference-aspsp/oauth/grants/refresh-token-grant.ts')).toBe('reference-aspsp/oauth');
    expect(folderOf('protocol/digest.ts')).toBe('protocol');
  });

  it('scores detected over detected and undetected, leaving ignored and errors out', () => {
    const parsed = parseMutationReport(
      report({
        'reference-aspsp/ais/a.ts': [mutant('1', 'Killed'), mutant('2', 'Timeout'), mutant('3', 'Survived')],
        'reference-aspsp/ais/b.ts': [mutant('4', 'NoCoverage'), mutant('5', 'Ignored')],
        'protocol/digest.ts': [mutant('6', 'Killed'), mutant('7', 'CompileError')],
      }),
      'test',
    );
    const rows = folderFigures(parsed);
    expect(rows.map((r) => r.folder)).toEqual(['protocol', 'reference-aspsp/ais', 'total']);
    expect(rows[1]).toMatchObject({
      files: 2,
      killed: 1,
      timeout: 1,
      survived: 1,
      noCoverage: 1,
      excluded: 1,
    });
    expect(rows[1]?.score).toBe(50);
    expect(rows[0]?.score).toBe(100);
    expect(rows[2]?.score).toBeCloseTo(60);
  });

  it('counts a kill only advisory results made in the score, and apart in the seed-only score', () => {
    const parsed = parseMutationReport(
      report({
        'reference-aspsp/pisp/a.ts': [
          { ...mutant('1', 'Killed'), statusReason: `${advisoryOnlyPrefix}v1 10101: advisory: …` },
          { ...mutant('2', 'Killed'), statusReason: 'v1 10101: failed: …' },
          // The prefix elsewhere than at the start is a seed kill's message quoting it.
          { ...mutant('3', 'Killed'), statusReason: `v1 10101: failed: ${advisoryOnlyPrefix}` },
          mutant('4', 'Survived'),
        ],
      }),
      't',
    );
    const [pisp] = folderFigures(parsed);
    expect(pisp).toMatchObject({ killed: 3, advisoryKilled: 1, survived: 1 });
    expect(pisp?.score).toBe(75);
    expect(pisp?.seedScore).toBe(50);
  });

  it('has no score for a folder without a scored mutant', () => {
    const rows = folderFigures(
      parseMutationReport(report({ 'protocol/x.ts': [mutant('1', 'Ignored')] }), 't'),
    );
    expect(rows[0]?.score).toBeUndefined();
    expect(rows[0]?.seedScore).toBeUndefined();
  });

  it('lists survivors and uncovered mutants with their line', () => {
    const parsed = parseMutationReport(
      report({
        'protocol/a.ts': [mutant('1', 'Survived', 7), mutant('2', 'Killed'), mutant('3', 'NoCoverage', 9)],
      }),
      't',
    );
    expect(formatSurvivors(parsed).split('\n')).toEqual([
      'protocol/a.ts:7 Survived EqualityOperator → a <= b',
      'protocol/a.ts:9 NoCoverage EqualityOperator → a <= b',
    ]);
  });

  it('refuses a file that is not a mutation report with ERR_MUTATION_REPORT', () => {
    expect(() => parseMutationReport('{', 'x.json')).toThrow(
      expect.objectContaining({ code: 'ERR_MUTATION_REPORT' }),
    );
    expect(() =>
      parseMutationReport(
        '{"files":{"a.ts":{"mutants":[{"id":"1","mutatorName":"M","status":"Odd"}]}}}',
        'x.json',
      ),
    ).toThrow(expect.objectContaining({ code: 'ERR_MUTATION_REPORT' }));
  });
});
