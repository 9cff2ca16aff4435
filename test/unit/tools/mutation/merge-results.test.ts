import { describe, expect, it } from 'vitest';
import { mergeResults } from '../../../../tools/mutation/merge-results.ts';
import { parseMutationReport, type MutationReport } from '../../../../tools/mutation/mutation-report.ts';

interface MutantSpec {
  id: string;
  status: string;
  line?: number;
  coveredBy?: string[];
  killedBy?: string[];
}

function mutant({
  id,
  status,
  line = 1,
  coveredBy = [],
  killedBy = [],
}: MutantSpec): Record<string, unknown> {
  return {
    id,
    mutatorName: 'EqualityOperator',
    status,
    replacement: 'a <= b',
    coveredBy,
    killedBy,
    location: { start: { line, column: 1 }, end: { line, column: 5 } },
  };
}

/** A report; `tests` maps a suite file to its test names, numbered from 0 in that order. */
function report(
  files: Record<string, MutantSpec[]>,
  tests: Record<string, { names: string[]; source?: string }> = {},
  name = 'report',
): MutationReport {
  let next = 0;
  const testFiles = Object.fromEntries(
    Object.entries(tests).map(([path, { names, source }]) => [
      path,
      { source, tests: names.map((n) => ({ id: String(next++), name: n })) },
    ]),
  );
  return parseMutationReport(
    JSON.stringify({
      schemaVersion: '2',
      files: Object.fromEntries(
        Object.entries(files).map(([path, mutants]) => [path, { mutants: mutants.map(mutant) }]),
      ),
      testFiles,
    }),
    name,
  );
}

/** The names of the tests a merged mutant names, through the merged report's own numbering. */
function namesOf(merged: Record<string, unknown>, file: string, field: 'coveredBy' | 'killedBy'): string[] {
  const names = new Map<string, string>();
  for (const [path, entry] of Object.entries(
    merged['testFiles'] as Record<string, { tests: Array<{ id: string; name: string }> }>,
  )) {
    for (const t of entry.tests) names.set(t.id, `${path} ${t.name}`);
  }
  const files = merged['files'] as Record<string, { mutants: Array<Record<string, string[]>> }>;
  return (files[file]?.mutants[0]?.[field] ?? []).map((id) => names.get(id) ?? `dangling ${id}`);
}

describe('mergeResults', () => {
  it('keeps the files of earlier runs and takes the newer run for the files it mutated', () => {
    const base = report({
      'protocol/a.ts': [{ id: '1', status: 'Survived' }],
      'protocol/b.ts': [{ id: '2', status: 'Killed' }],
    });
    const update = report({ 'protocol/a.ts': [{ id: '1', status: 'Killed' }] });
    const merged = parseMutationReport(JSON.stringify(mergeResults(base, update)), 'merged');
    expect([...merged.files.keys()]).toEqual(['protocol/a.ts', 'protocol/b.ts']);
    expect(merged.files.get('protocol/a.ts')?.[0]?.status).toBe('Killed');
  });

  it('drops the files of earlier runs that are gone from the tree', () => {
    const base = report({
      'protocol/a.ts': [{ id: '1', status: 'Survived' }],
      'protocol/gone.ts': [{ id: '2', status: 'NoCoverage' }],
    });
    const update = report({ 'protocol/b.ts': [{ id: '3', status: 'Killed' }] });
    const exists = (path: string): boolean => path !== 'protocol/gone.ts';
    const merged = parseMutationReport(JSON.stringify(mergeResults(base, update, { exists })), 'merged');
    expect([...merged.files.keys()]).toEqual(['protocol/a.ts', 'protocol/b.ts']);
  });

  it('keeps the earlier result of a mutant an interrupted run left pending or out', () => {
    const base = report({
      'protocol/a.ts': [
        { id: '1', status: 'Killed', line: 3 },
        { id: '2', status: 'Survived', line: 4 },
        { id: '3', status: 'Killed', line: 6 },
      ],
    });
    const partial = report({
      'protocol/a.ts': [
        { id: '7', status: 'Pending', line: 3 },
        { id: '8', status: 'Killed', line: 4 },
        { id: '9', status: 'Pending', line: 5 },
      ],
    });
    const merged = parseMutationReport(
      JSON.stringify(mergeResults(base, partial, { partial: true })),
      'merged',
    );
    expect(merged.files.get('protocol/a.ts')?.map((m) => [m.line, m.status])).toEqual([
      [3, 'Killed'],
      [4, 'Killed'],
      [5, 'Pending'],
      [6, 'Killed'],
    ]);
    const complete = parseMutationReport(JSON.stringify(mergeResults(base, partial)), 'complete');
    expect(complete.files.get('protocol/a.ts')?.length).toBe(3);
  });

  it('translates the test numbers of an earlier run when a new case shifts them', () => {
    // The earlier run knew two cases; the newer one has a case inserted before them, so "0" and "1" moved.
    const base = report(
      { 'protocol/old.ts': [{ id: '1', status: 'Killed', coveredBy: ['0', '1'], killedBy: ['1'] }] },
      { 'suites/a.yaml': { names: ['sandbox a first', 'sandbox a second'] } },
    );
    const update = report(
      { 'protocol/new.ts': [{ id: '1', status: 'Killed', coveredBy: ['0'], killedBy: ['0'] }] },
      { 'suites/a.yaml': { names: ['sandbox a inserted', 'sandbox a first', 'sandbox a second'] } },
    );
    const merged = mergeResults(base, update);
    expect(namesOf(merged, 'protocol/old.ts', 'coveredBy')).toEqual([
      'suites/a.yaml sandbox a first',
      'suites/a.yaml sandbox a second',
    ]);
    expect(namesOf(merged, 'protocol/old.ts', 'killedBy')).toEqual(['suites/a.yaml sandbox a second']);
    expect(namesOf(merged, 'protocol/new.ts', 'killedBy')).toEqual(['suites/a.yaml sandbox a inserted']);
  });

  it('drops a reference to a case that no longer exists, so the mutant is tested again', () => {
    const base = report(
      { 'protocol/old.ts': [{ id: '1', status: 'Killed', coveredBy: ['0', '1'], killedBy: ['0'] }] },
      { 'suites/a.yaml': { names: ['sandbox a deleted', 'sandbox a kept'] } },
    );
    const update = report({}, { 'suites/a.yaml': { names: ['sandbox a kept'] } });
    const merged = mergeResults(base, update);
    expect(namesOf(merged, 'protocol/old.ts', 'coveredBy')).toEqual(['suites/a.yaml sandbox a kept']);
    expect(namesOf(merged, 'protocol/old.ts', 'killedBy')).toEqual([]);
  });

  it('after a git merge, takes each suite file from the side whose recorded source is the file now', () => {
    // Branch A changed suites/a.yaml (and measured a.ts); branch B changed suites/b.yaml (and b.ts).
    const ours = report(
      { 'protocol/a.ts': [{ id: '1', status: 'Killed', killedBy: ['1'] }] },
      {
        'suites/a.yaml': { names: ['s a one', 's a two'], source: 'A-new' },
        'suites/b.yaml': { names: ['s b one'], source: 'B-old' },
      },
    );
    const theirs = report(
      { 'protocol/b.ts': [{ id: '1', status: 'Killed', killedBy: ['2'] }] },
      {
        'suites/a.yaml': { names: ['s a one'], source: 'A-old' },
        'suites/b.yaml': { names: ['s b one', 's b two'], source: 'B-new' },
      },
    );
    const now: Record<string, string> = { 'suites/a.yaml': 'A-new', 'suites/b.yaml': 'B-new' };
    const merged = mergeResults(ours, theirs, {
      takeFile: (path) => path.startsWith('protocol/b'),
      currentSource: (path) => now[path],
    });
    expect(namesOf(merged, 'protocol/a.ts', 'killedBy')).toEqual(['suites/a.yaml s a two']);
    expect(namesOf(merged, 'protocol/b.ts', 'killedBy')).toEqual(['suites/b.yaml s b two']);
  });

  it('takes only the files takeFile accepts from the other report', () => {
    const ours = report({ 'protocol/a.ts': [{ id: '1', status: 'Survived' }] });
    const theirs = report({
      'protocol/a.ts': [{ id: '1', status: 'Killed' }],
      'protocol/b.ts': [{ id: '2', status: 'Killed' }],
    });
    const merged = parseMutationReport(
      JSON.stringify(mergeResults(ours, theirs, { takeFile: (path) => path === 'protocol/b.ts' })),
      'merged',
    );
    expect(merged.files.get('protocol/a.ts')?.[0]?.status).toBe('Survived');
    expect(merged.files.get('protocol/b.ts')?.[0]?.status).toBe('Killed');
  });
});
