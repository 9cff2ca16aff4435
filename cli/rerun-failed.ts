/**
 * `run --rerun-failed REPORT`: the cells that failed or errored in an earlier `report.json`.
 */
import { readFileSync } from 'node:fs';
import { CodedError } from '../lib/coded-error.ts';
import { parseReport } from '../harness/report/json-report.ts';
import { cellKey, statusTraits } from '../harness/report/model.ts';

/** Reads `file` (a `report.json`) and returns the cell keys of its failed and errored results. */
export function readRerunCells(file: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CodedError(
      'ERR_REPORT_INVALID',
      `cannot read ${file} as JSON: ${error instanceof Error ? error.message : String(error)}`,
      { hint: 'give --rerun-failed the report.json of an earlier run' },
    );
  }
  const report = parseReport(value);
  const cells = report.results.filter((r) => statusTraits[r.status].problem).map(cellKey);
  if (cells.length === 0) {
    throw new CodedError('ERR_RUN_EMPTY', `${file} has no failed or errored case to run again`, {
      hint: 'the earlier run passed: run without --rerun-failed',
    });
  }
  return cells;
}
