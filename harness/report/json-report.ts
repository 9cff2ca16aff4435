/**
 * `report.json`: the run as data, for tools (CI dashboards, baselines, diffs between runs).
 *
 * The document is the {@link RunReport} itself, valid against `report.schema.json` next to this file.
 * To keep it small, exchanges are kept only for cases that failed or errored unless asked otherwise.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { CodedError } from '../../lib/coded-error.ts';
import { withoutTranscripts, type Reporter, type RunReport, type TranscriptPolicy } from './model.ts';

/** Options of {@link toReportJson}. */
export interface JsonReportOptions {
  /** Default `failures`: only failed, errored and advisory cases keep their transcripts. */
  transcripts?: TranscriptPolicy;
}

/** Renders a run as the `report.json` document (indented, newline-terminated). */
export function toReportJson(report: RunReport, options: JsonReportOptions = {}): string {
  const keepAll = options.transcripts === 'all';
  const results = report.results.map((result) =>
    keepAll || result.status === 'failed' || result.status === 'errored' || result.status === 'advisory'
      ? result
      : withoutTranscripts(result),
  );
  return `${JSON.stringify({ ...report, results }, null, 2)}\n`;
}

/** A reporter writing {@link toReportJson} to a file when the run ends. */
export function jsonReporter(path: string, options: JsonReportOptions = {}): Reporter {
  return { onRunEnd: (report) => writeFile(path, toReportJson(report, options), 'utf8') };
}

/** Path of the JSON Schema of `report.json`. */
export const reportSchemaUrl = new URL('./report.schema.json', import.meta.url);

let validator: ValidateFunction<RunReport> | undefined;

/** The compiled schema (compiled once). */
function reportValidator(): ValidateFunction<RunReport> {
  if (validator === undefined) {
    const schema: unknown = JSON.parse(readFileSync(reportSchemaUrl, 'utf8'));
    const ajv = new Ajv({ allErrors: true, strict: true });
    addFormats.default(ajv);
    if (typeof schema !== 'object' || schema === null) throw new Error('report.schema.json is not an object');
    validator = ajv.compile<RunReport>(schema);
  }
  return validator;
}

/** Error codes of {@link parseReport}. */
export type ReportErrorCode = 'ERR_REPORT_INVALID';

/**
 * Parses a `report.json` document (already JSON-decoded) into a {@link RunReport}, checking it against
 * the schema; throws `ERR_REPORT_INVALID` listing what is wrong.
 */
export function parseReport(value: unknown): RunReport {
  const validate = reportValidator();
  if (validate(value)) return value;
  const problems = (validate.errors ?? []).map(
    (e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`,
  );
  throw new CodedError<ReportErrorCode>('ERR_REPORT_INVALID', `not a valid report: ${problems.join('; ')}`, {
    hint: 'Give a report.json written by `stet-harness run --out DIR`.',
  });
}
