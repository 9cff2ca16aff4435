/**
 * The client conformance report of `serve --client-report DIR`, rendered with the harness reporters:
 * the reference produces it as plain data, this module turns it into the `RunReport` every reporter
 * reads, writes `DIR/<client_id>/junit.xml|report.json|report.html` and prints the console summary.
 */
import { join } from 'node:path';
import { formatConsoleSummary, summarize, writeReports } from '../harness/report/index.ts';
import type { CaseResult, RunReport, StepResult } from '../harness/report/index.ts';
import type { ClientReport, ClientRuleResult } from '../reference-aspsp/client-report/client-report.ts';
import { hostName, versionCalendar } from '../spec/lib/index.ts';
import { toolVersion } from './option-values.ts';

/** The suite name the client rules appear under in reports. */
export const clientReportSuite = 'client-report';

/** A client report as the `RunReport` of the harness reporters: one case per client rule. */
export function clientRunReport(report: ClientReport, baseUrl: string): RunReport {
  const results = report.rules.map((rule) => caseOf(rule));
  return {
    tool: { name: 'stet-harness', version: toolVersion() },
    target: { name: `client ${report.clientId}`, baseUrl },
    startedAt: report.generatedAt,
    finishedAt: report.generatedAt,
    matrix: { versions: ['client'], institutions: ['all'] },
    summary: summarize(results),
    results,
  };
}

function caseOf(rule: ClientRuleResult): CaseResult {
  const base = {
    suite: clientReportSuite,
    case: rule.id,
    title: rule.title,
    version: 'client',
    institution: 'all',
    rules: [{ id: rule.id, title: rule.title, section: rule.section, basis: rule.basis }],
    durationMs: 0,
  };
  if (rule.verdict === 'not-exercised')
    return {
      ...base,
      status: 'not-applicable',
      reason: 'not exercised: the client sent no request this rule applies to',
      steps: [],
    };
  if (rule.verdict === 'passed')
    return { ...base, status: 'passed', steps: [], reason: `${rule.exercised} request(s) judged` };
  const steps = rule.violations.map(({ reason, request }): StepResult => ({
    name: `request ${request.seq}: ${request.method} ${request.path}`,
    kind: 'request',
    status: 'failed',
    durationMs: 0,
    message: reason,
    transcript: [
      {
        request: {
          method: request.method,
          url: `https://${hostName(versionCalendar(), 'live', request.institution)}${request.path}`,
          // Names only: the observer keeps no header value but the request id.
          headers: Object.fromEntries(
            request.headers.map((name) => [
              name,
              name === 'x-request-id' ? (request.requestId ?? '') : '[sent]',
            ]),
          ),
        },
        response: {
          status: request.status,
          headers: {},
          ...(request.code === undefined ? {} : { body: request.code }),
        },
      },
    ],
  }));
  return {
    ...base,
    // A rule on the reference's choice (the seed is silent) is a finding, not a failure (docs/verdicts.md).
    status: rule.basis === 'choice' ? 'advisory' : 'failed',
    failure: {
      message: `${rule.violationCount} of ${rule.exercised} request(s) broke the rule: ${rule.violations[0]?.reason ?? ''}`,
      expected: rule.quote,
      actual: rule.violations.map((v) => v.reason),
      step: 0,
    },
    steps,
  };
}

/** A client_id as one folder name: no separator, no leading dot (never `.` or `..`). */
export function clientFolder(clientId: string): string {
  return clientId.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, (dots) => '_'.repeat(dots.length)) || '_';
}

/** Options of {@link writeClientReport}. */
export interface WriteClientReportOptions {
  /** `serve --client-report DIR`. */
  readonly dir: string;
  /** The server's URL, named as the report's target. */
  readonly baseUrl: string;
  /** Where the console summary goes (serve's stderr: stdout holds only the start line). */
  readonly console: { write(text: string): unknown };
}

/** Writes one TPP's client report in every format; returns the file paths. */
export async function writeClientReport(
  report: ClientReport,
  options: WriteClientReportOptions,
): Promise<string[]> {
  const runReport = clientRunReport(report, options.baseUrl);
  const outDir = join(options.dir, clientFolder(report.clientId));
  const written = await writeReports(runReport, { outDir });
  options.console.write(
    `client report of ${report.clientId} (${report.requests} requests):\n${formatConsoleSummary(runReport)}\nwritten to ${outDir}\n`,
  );
  return written;
}
