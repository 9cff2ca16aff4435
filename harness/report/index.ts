/**
 * The reports of a run: the result model, redaction of secrets, and the console, JUnit, JSON and HTML
 * reporters. The engine, `traffic check` and `selftest` import from here.
 */
export * from './model.ts';
export * from './redact.ts';
export { ConsoleReporter, formatConsoleSummary } from './console-reporter.ts';
export type { ConsoleReporterOptions, ConsoleStream, SummaryFormatOptions } from './console-reporter.ts';
export { junitReporter, toJunitXml } from './junit-report.ts';
export { jsonReporter, parseReport, reportSchemaUrl, toReportJson } from './json-report.ts';
export type { JsonReportOptions, ReportErrorCode } from './json-report.ts';
export type { TranscriptPolicy } from './model.ts';
export { htmlReporter, toHtml } from './html-report.ts';
export { filesReporter, reportFiles, reportFormats, writeReports } from './write-reports.ts';
export type { ReportFormat, WriteReportsErrorCode, WriteReportsOptions } from './write-reports.ts';
export { combineReporters } from './combine-reporters.ts';
export { curlCommand, shellQuote } from './curl.ts';
export type { CurlOptions } from './curl.ts';
