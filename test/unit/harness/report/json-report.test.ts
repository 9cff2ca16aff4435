import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { isCodedError } from '../../../../lib/coded-error.ts';
import { parseReport, reportSchemaUrl, toReportJson } from '../../../../harness/report/json-report.ts';
import { redactRunReport } from '../../../../harness/report/redact.ts';
import { planted, rawReport, registeredSecrets } from './fixture.ts';

const text = toReportJson(redactRunReport(rawReport(), registeredSecrets()));
const document: unknown = JSON.parse(text);

function validator(): (value: unknown) => boolean {
  const schema: unknown = JSON.parse(readFileSync(reportSchemaUrl, 'utf8'));
  if (typeof schema !== 'object' || schema === null) throw new Error('schema is not an object');
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats.default(ajv);
  return ajv.compile(schema);
}

describe('report.json', () => {
  it('is valid against report.schema.json', () => {
    const validate = validator();
    expect(validate(document)).toBe(true);
  });

  it('the schema refuses a document with an unknown status', () => {
    const validate = validator();
    const bad = JSON.parse(text) as { results: Array<{ status: string }> };
    bad.results[0] = { ...bad.results[0], status: 'broken' };
    expect(validate(bad)).toBe(false);
  });

  it('has the summary and one result per cell with rule ids and status', () => {
    const report = parseReport(document);
    expect(report.summary).toEqual({
      passed: 2,
      failed: 1,
      errored: 1,
      accepted: 0,
      advisory: 0,
      skipped: 1,
      'not-applicable': 1,
      total: 6,
    });
    expect(report.matrix).toEqual({ versions: ['v1.4.2', 'v1.6.2'], institutions: ['10101', '20202'] });
    expect(
      report.results.map((r) => [
        r.suite,
        r.case,
        r.version,
        r.institution,
        r.status,
        r.rules.map((x) => x.id),
      ]),
    ).toEqual([
      ['ais-transactions', 'date-range', 'v1.6.2', '10101', 'passed', ['AIS-TRX-003']],
      ['ais-transactions', 'date-range', 'v1.4.2', '20202', 'passed', ['AIS-TRX-003']],
      ['ais-transactions', 'date-range', 'v1.4.2', '10101', 'failed', ['AIS-TRX-003']],
      ['oauth', 'consent-journey', 'v1.6.2', '20202', 'errored', ['TOK-001']],
      ['ais-transactions', 'sandbox-clock', 'v1.4.2', '20202', 'not-applicable', ['AIS-TRX-003']],
      ['ais-transactions', 'pagination', 'v1.4.2', '10101', 'skipped', []],
    ]);
  });

  it('keeps expected, actual and the failing transcript of a failure', () => {
    const failed = parseReport(document).results[2];
    expect(failed?.failure).toEqual({
      message: 'bookingDate outside [dateFrom, dateTo)',
      expected: 'before 2024-01-10',
      actual: '2024-01-10',
      step: 1,
    });
    expect(failed?.steps[1]?.transcript[0]?.request.headers.authorization).toBe(
      'Bearer <redacted:access_token#1>',
    );
  });

  it('drops transcripts of passed cases unless asked to keep them all', () => {
    const report = rawReport();
    const passed = report.results[0];
    if (passed === undefined) throw new Error('fixture changed');
    passed.steps = [
      {
        name: 'list',
        kind: 'request',
        status: 'passed',
        durationMs: 1,
        transcript: [{ request: { method: 'GET', url: 'https://h/accounts', headers: {} } }],
        curl: 'curl https://h/accounts',
      },
    ];
    const pruned = parseReport(JSON.parse(toReportJson(report)));
    expect(pruned.results[0]?.steps[0]).toEqual({
      name: 'list',
      kind: 'request',
      status: 'passed',
      durationMs: 1,
      transcript: [],
    });
    const full = parseReport(JSON.parse(toReportJson(report, { transcripts: 'all' })));
    expect(full.results[0]?.steps[0]?.transcript).toHaveLength(1);
  });

  it('parseReport refuses a document that is not a report, with a code', () => {
    let caught: unknown;
    try {
      parseReport({ tool: { name: 'x' } });
    } catch (error) {
      caught = error;
    }
    expect(isCodedError(caught, 'ERR_REPORT_INVALID')).toBe(true);
    expect(String(caught)).toContain("must have required property 'version'");
  });

  it('contains no registered secret', () => {
    for (const secret of Object.values(planted)) expect(text).not.toContain(secret);
  });
});
