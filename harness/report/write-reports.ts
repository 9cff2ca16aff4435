/**
 * Writing the report files of a run (`--out DIR`): `junit.xml`, `report.json`, `report.html`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CodedError } from '../../lib/coded-error.ts';
import { toHtml } from './html-report.ts';
import type { JsonReportOptions } from './json-report.ts';
import { toReportJson } from './json-report.ts';
import { toJunitXml } from './junit-report.ts';
import type { Reporter, RunReport } from './model.ts';
import { redactRunReport } from './redact.ts';
import { assertNoSecretLeak, SecretLeakError } from './secret-scan.ts';
import { SecretSet } from './secret-set.ts';

/** A report file format. */
export type ReportFormat = 'junit' | 'json' | 'html';

/** Every format, in the order they are written. */
export const reportFormats: readonly ReportFormat[] = ['junit', 'json', 'html'];

/** The file name each format is written to. */
export const reportFiles: Readonly<Record<ReportFormat, string>> = {
  junit: 'junit.xml',
  json: 'report.json',
  html: 'report.html',
};

/** Options of {@link writeReports}. */
export interface WriteReportsOptions extends JsonReportOptions {
  /** Directory to write into; created when missing. */
  outDir: string;
  /** Default: all three. */
  formats?: readonly ReportFormat[];
  /**
   * The run's secrets: the report is redacted with them first (a safety net: results should arrive
   * redacted). Without, the structural rules still apply (a `traffic check` of a raw HAR carries its
   * tokens into the transcripts).
   */
  secrets?: SecretSet;
}

/** Error codes of {@link writeReports}. */
export type WriteReportsErrorCode = 'ERR_REPORT_WRITE';

/** Writes the chosen report files and returns their paths, in the order of `formats`. */
export async function writeReports(original: RunReport, options: WriteReportsOptions): Promise<string[]> {
  const secrets = options.secrets ?? new SecretSet();
  const report = redactRunReport(original, secrets);
  const formats = options.formats ?? reportFormats;
  const render: Record<ReportFormat, () => string> = {
    junit: () => toJunitXml(report),
    json: () => toReportJson(report, options),
    html: () => toHtml(report),
  };
  const written: string[] = [];
  try {
    await mkdir(options.outDir, { recursive: true });
    for (const format of formats) {
      const path = join(options.outDir, reportFiles[format]);
      const text = render[format]();
      assertNoSecretLeak(text, reportFiles[format], secrets);
      await writeFile(path, text, 'utf8');
      written.push(path);
    }
  } catch (cause) {
    if (cause instanceof SecretLeakError) throw cause;
    throw new CodedError<WriteReportsErrorCode>(
      'ERR_REPORT_WRITE',
      `cannot write the reports in ${options.outDir}: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause, hint: 'Choose an --out directory you can write to.' },
    );
  }
  return written;
}

/** A reporter calling {@link writeReports} when the run ends. */
export function filesReporter(options: WriteReportsOptions): Reporter {
  return {
    onRunEnd: async (report) => {
      await writeReports(report, options);
    },
  };
}
