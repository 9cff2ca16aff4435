import { describe, expect, it } from 'vitest';
import { toJunitXml } from '../../../../harness/report/junit-report.ts';
import { redactRunReport } from '../../../../harness/report/redact.ts';
import { hostileBody, planted, rawReport, registeredSecrets } from './fixture.ts';
import { checkMarkup } from './markup-check.ts';

const xml = toJunitXml(redactRunReport(rawReport(), registeredSecrets()));

function testcase(namePart: string): string {
  const start = xml.indexOf(`name="${namePart}`);
  expect(start).toBeGreaterThan(0);
  return xml.slice(start, xml.indexOf('</testcase>', start));
}

describe('JUnit XML report', () => {
  it('is well-formed and uses only JUnit elements', () => {
    const { elements } = checkMarkup(xml, { html: false });
    expect(new Set(elements)).toEqual(
      new Set([
        'testsuites',
        'testsuite',
        'testcase',
        'properties',
        'property',
        'failure',
        'error',
        'skipped',
      ]),
    );
  });

  it('has one testcase per case × version × institution, grouped by suite, with the counts', () => {
    expect(xml.match(/<testcase /g)).toHaveLength(6);
    expect(xml).toContain(
      '<testsuites name="stet-harness reference-local" tests="6" failures="1" errors="1" skipped="2" time="5.500"',
    );
    expect(xml).toContain('<testsuite name="ais-transactions" tests="5" failures="1" errors="0" skipped="2"');
    expect(xml).toContain('<testsuite name="oauth" tests="1" failures="0" errors="1" skipped="0"');
    expect(xml).toContain(
      'classname="ais-transactions" name="date-range: title of date-range [v1.6.2 · 10101]"',
    );
    expect(xml).toContain('name="date-range: title of date-range [v1.4.2 · 20202]"');
  });

  it('shows a failure with its rule, expected and actual', () => {
    const failed = testcase('date-range: title of date-range [v1.4.2 · 10101]');
    expect(failed).toContain('<failure message="bookingDate outside [dateFrom, dateTo)" type="AIS-TRX-003">');
    expect(failed).toContain('rule AIS-TRX-003 (§4.3.2): Transactions fall in [dateFrom, dateTo)');
    expect(failed).toContain('expected: before 2024-01-10\nactual:   2024-01-10');
    expect(failed).toContain(
      '<property name="rule" value="AIS-TRX-003 (§4.3.2) Transactions fall in [dateFrom, dateTo)"/>',
    );
  });

  it('reports a harness error as <error>, never as a failure', () => {
    const errored = testcase('consent-journey');
    expect(errored).toContain(
      '<error message="journey page unreachable after otp=&lt;redacted:otp#1&gt;" type="errored">',
    );
    expect(errored).not.toContain('<failure');
  });

  it('reports skipped and not-applicable as <skipped> with the status and reason', () => {
    expect(testcase('sandbox-clock')).toContain(
      '<skipped message="not-applicable: target lacks capability sandbox"/>',
    );
    expect(testcase('pagination')).toContain('<skipped message="skipped: filtered out by --tag"/>');
  });

  it('escapes markup and control characters from the target', () => {
    const report = rawReport();
    const failed = report.results[2];
    if (failed?.failure === undefined) throw new Error('fixture changed');
    failed.failure.actual = `${hostileBody}\u0000\u001b[31m`;
    const out = toJunitXml(report);
    expect(() => checkMarkup(out, { html: false })).not.toThrow();
    expect(out).toContain('&lt;/script&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;');
    expect(out).toContain(']]&gt;&lt;!--');
    expect(out).toContain('\\u0000\\u001b[31m');
    expect(out).not.toContain('\u0000');
  });

  it('contains no registered secret', () => {
    for (const secret of Object.values(planted)) expect(xml).not.toContain(secret);
  });
});
