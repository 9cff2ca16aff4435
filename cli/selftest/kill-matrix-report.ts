import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  matrixOf,
  summarize,
  type CaseResult,
  type RunReport,
  type ToolInfo,
} from '../../harness/report/model.ts';
import { writeReports } from '../../harness/report/write-reports.ts';
import { CodedError } from '../../lib/coded-error.ts';
import { getRule } from '../../spec/lib/index.ts';
import { killMatrixHtml } from './kill-matrix-html.ts';
import type { FaultVerdict, KillMatrix } from './kill-matrix.ts';

/**
 * The selftest as a {@link RunReport} (contracts §10): one result per fault, passed when killed,
 * failed when it survived or no case covers it, errored when only harness errors were seen.
 */
export function selftestRunReport(matrix: KillMatrix, tool: ToolInfo): RunReport {
  const results = matrix.faults.map((verdict) => faultResult(verdict));
  return {
    tool,
    target: { name: 'embedded reference with faults', baseUrl: 'embedded' },
    startedAt: matrix.startedAt,
    finishedAt: matrix.finishedAt,
    matrix: matrixOf(results),
    summary: summarize(results),
    results,
    wording: {
      conforms: 'all faults killed',
      doesNotConform: 'some faults are not killed (survived or uncovered)',
    },
  };
}

function faultResult(verdict: FaultVerdict): CaseResult {
  const rules = verdict.rules.map((id) => {
    const rule = getRule(id);
    return { id, title: rule?.title ?? id, section: rule?.section ?? '' };
  });
  const base = {
    suite: 'selftest',
    case: verdict.fault,
    title: verdict.description,
    version: 'all',
    institution: 'all',
    rules,
    durationMs: verdict.durationMs,
    steps: [],
  };
  switch (verdict.outcome) {
    case 'killed':
      return { ...base, status: 'passed' };
    case 'errored':
      return {
        ...base,
        status: 'errored',
        failure: { message: `no case killed the fault and ${verdict.errors.length} case(s) errored` },
      };
    case 'uncovered':
      return {
        ...base,
        status: 'failed',
        failure: { message: 'no case checks the rules of this fault', expected: verdict.rules, actual: [] },
      };
    case 'survived':
      return {
        ...base,
        status: 'failed',
        failure: {
          message: `the fault survived: all ${verdict.cases} case(s) checking its rules passed`,
          expected: 'at least one failing case',
          actual: `${verdict.cases} passed or not applicable`,
        },
      };
  }
}

/**
 * Writes `kill-matrix.json` and `kill-matrix.html`, the selftest run report (junit, json, html) and
 * the clean run's reports under `clean/`; returns the paths written.
 */
export async function writeSelftestReports(options: {
  outDir: string;
  matrix: KillMatrix;
  clean: RunReport;
  tool: ToolInfo;
}): Promise<string[]> {
  const { outDir, matrix } = options;
  const json = join(outDir, 'kill-matrix.json');
  const html = join(outDir, 'kill-matrix.html');
  try {
    await mkdir(outDir, { recursive: true });
    await writeFile(json, `${JSON.stringify(matrix, null, 2)}\n`, 'utf8');
    await writeFile(html, killMatrixHtml(matrix), 'utf8');
  } catch (cause) {
    throw new CodedError('ERR_REPORT_WRITE', `cannot write the kill matrix in ${outDir}`, {
      cause,
      hint: 'Choose an --out directory you can write to.',
    });
  }
  const run = await writeReports(selftestRunReport(matrix, options.tool), { outDir });
  const clean = await writeReports(options.clean, { outDir: join(outDir, 'clean') });
  return [json, html, ...run, ...clean];
}
