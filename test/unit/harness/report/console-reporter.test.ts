import { describe, expect, it } from 'vitest';
import { ConsoleReporter, formatConsoleSummary } from '../../../../harness/report/console-reporter.ts';
import { emptySummary, type RunReport } from '../../../../harness/report/model.ts';
import { redactRunReport } from '../../../../harness/report/redact.ts';
import { planted, rawReport, registeredSecrets } from './fixture.ts';

class Capture {
  text = '';
  constructor(
    readonly isTTY: boolean,
    readonly columns?: number,
  ) {}
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

async function play(reporter: ConsoleReporter, report: RunReport): Promise<void> {
  reporter.onRunStart({
    tool: report.tool,
    target: report.target,
    matrix: report.matrix,
    total: report.results.length,
    startedAt: report.startedAt,
  });
  for (const result of report.results) {
    reporter.onCaseStart(result);
    reporter.onCaseEnd(result);
  }
  await reporter.onRunEnd(report);
}

describe('console reporter', () => {
  it('on a terminal rewrites one progress line with the counts', async () => {
    const stream = new Capture(true, 200);
    await play(
      new ConsoleReporter({ stream, color: false, verbose: true }),
      redactRunReport(rawReport(), registeredSecrets()),
    );
    const progress = stream.text.split('\r\x1b[2K').filter((line) => line.startsWith('['));
    expect(progress).toContain(
      '[6/6] ✓ 2  ✗ 1  ! 1  ≈ 0  ? 0  - 1  ∅ 1  ais-transactions/pagination [v1.4.2 · 10101]',
    );
    expect(progress.every((line) => !line.includes('\n'))).toBe(true);
    expect(stream.text).toContain(
      '✗ FAILED ais-transactions/date-range [v1.4.2 · 10101]\n    rules: AIS-TRX-003\n    bookingDate outside [dateFrom, dateTo)\n',
    );
  });

  it('without a terminal prints some twenty progress lines for a long run when not told how often', async () => {
    const report = rawReport();
    const [passed] = report.results;
    if (passed === undefined) throw new Error('fixture changed');
    report.results = Array.from({ length: 1000 }, (_v, i) => ({ ...passed, case: `case-${i}` }));
    const stream = new Capture(false);
    await play(new ConsoleReporter({ stream }), report);
    const lines = stream.text.split('\n').filter((line) => line.startsWith('['));
    expect(lines).toHaveLength(20);
    expect(lines[0]).toMatch(/^\[50\/1000\] /);
  });

  it('without a terminal prints a progress line every N cases and no control characters', async () => {
    const stream = new Capture(false);
    await play(new ConsoleReporter({ stream, every: 2 }), redactRunReport(rawReport(), registeredSecrets()));
    const lines = stream.text.split('\n').filter((line) => line.startsWith('['));
    expect(lines).toEqual([
      '[2/6] ✓ 2  ✗ 0  ! 0  ≈ 0  ? 0  - 0  ∅ 0',
      '[4/6] ✓ 2  ✗ 1  ! 1  ≈ 0  ? 0  - 0  ∅ 0',
      '[6/6] ✓ 2  ✗ 1  ! 1  ≈ 0  ? 0  - 1  ∅ 1',
    ]);
    expect(stream.text).not.toContain('\r');
    expect(stream.text).not.toContain('\x1b');
  });

  it('prints a line per suite, then one line per failing case under its rule, the harness errors first', () => {
    const text = formatConsoleSummary(redactRunReport(rawReport(), registeredSecrets()));
    const lines = text.split('\n');
    expect(text).not.toContain('FAILED');
    expect(text).toContain(
      '\nSuites\n  ✗ ais-transactions [2 passed, 1 failed, 1 skipped, 1 not-applicable]\n  ! oauth [1 errored]\n',
    );
    const findings = lines.indexOf(
      'Findings by rule, most serious first: 2 unrated rules (2 cells) (details: --verbose, report.html)',
    );
    expect(findings).toBeGreaterThan(0);
    expect(lines.slice(findings + 1, findings + 5)).toEqual([
      expect.stringMatching(
        /^ {2}! \(harness error\) \[1 case, 1 cell\] The harness could not check/,
      ) as string,
      '    ! oauth/consent-journey [v1.6.2 × 20202: 1 of 1 cells] journey page unreachable after otp=<redacted:otp#1>',
      '  ✗ AIS-TRX-003 [1 case, 1 cell] Transactions fall in [dateFrom, dateTo)',
      '    ✗ ais-transactions/date-range [v1.4.2 × 10101: 1 of 3 cells] bookingDate outside [dateFrom, dateTo)',
    ]);
    expect(text).not.toContain('Rules not met');
    expect(text).toContain(
      '6 results: 2 passed, 1 failed, 1 errored, 0 accepted, 0 advisory, 1 skipped, 1 not-applicable in 5.5 s',
    );
    expect(text).toContain('reference-local: the harness could not check everything');
  });

  it('summarises the cells of a one-fault case on its line, under the rule that judged it and its severity', () => {
    const report = rawReport();
    const failed = report.results.find((r) => r.status === 'failed');
    if (failed?.failure === undefined) throw new Error('fixture changed');
    report.matrix = { versions: ['v1', 'v1.4.2', 'v1.6.2'], institutions: ['10101', '20202', '30303'] };
    report.results = report.matrix.versions.flatMap((version) =>
      report.matrix.institutions.map((institution) => ({
        ...failed,
        version,
        institution,
        failure: {
          ...failed.failure,
          message: 'status is 200',
          rules: ['ERR-STET-BODY', 'AIS-ACC-NOT-CONSENTED-NGAC'],
        },
      })),
    );
    report.summary = { ...emptySummary(), failed: 9, total: 9 };
    const lines = formatConsoleSummary(report).split('\n');
    expect(lines.filter((l) => l.includes('date-range'))).toEqual([
      '    ✗ ais-transactions/date-range [every version × every institution: 9 of 9 cells] status is 200',
    ]);
    expect(lines).toContain(
      '  ✗ SECURITY AIS-ACC-NOT-CONSENTED-NGAC [1 case, 9 cells] A call for an account or card not consented for the function is rejected with NGAC (the 403 is ours).',
    );
    expect(lines.filter((l) => l.includes('ERR-STET-BODY'))).toEqual([]);
    expect(lines).toContain(
      'Findings by rule, most serious first: 1 security rule (9 cells) (details: --verbose, report.html)',
    );
    expect(lines.length).toBeLessThan(20);
  });

  it('prints each failure in full with expected vs actual with --verbose', () => {
    const text = formatConsoleSummary(redactRunReport(rawReport(), registeredSecrets()), { verbose: true });
    const lines = text.split('\n');
    const failed = lines.indexOf('✗ FAILED ais-transactions/date-range [v1.4.2 · 10101]');
    expect(failed).toBeGreaterThan(0);
    expect(lines.slice(failed + 1, failed + 5)).toEqual([
      '    rules: AIS-TRX-003',
      '    bookingDate outside [dateFrom, dateTo)',
      '    expected: before 2024-01-10',
      '    actual:   2024-01-10',
    ]);
    expect(lines.filter((l) => l.includes('FAILED ais-transactions/date-range'))).toHaveLength(1);
  });

  it('lists every rule with --verbose, passing ones too', () => {
    const text = formatConsoleSummary(rawReport(), { verbose: true });
    expect(text).toContain('\nRules\n');
    expect(text).toContain('(no rule) [1 skipped]\n');
  });

  it('leaves the failures out of the summary when the live reporter printed them', () => {
    const text = formatConsoleSummary(rawReport(), { verbose: true, failures: false });
    expect(text).not.toContain('FAILED');
    expect(text).toContain('✗ ais-transactions/date-range [v1.4.2 × 10101: 1 of 3 cells]');
  });

  it('prints only failures and the summary when quiet', async () => {
    const stream = new Capture(false);
    await play(new ConsoleReporter({ stream, every: 1, quiet: true }), rawReport());
    expect(stream.text).not.toMatch(/^\[\d+\/6\]/m);
    expect(stream.text).not.toContain('cases over');
    expect(stream.text).not.toContain('FAILED');
    expect(stream.text).toContain('✗ ais-transactions/date-range [v1.4.2 × 10101: 1 of 3 cells]');
    expect(stream.text).toContain('reference-local: the harness could not check everything');
  });

  it('indents multi-line expected values under their label', () => {
    const report = rawReport();
    const failed = report.results[2];
    if (failed?.failure === undefined) throw new Error('fixture changed');
    failed.failure.expected = { status: 200 };
    expect(formatConsoleSummary(report, { verbose: true })).toContain(
      '    expected: {\n                "status": 200\n              }',
    );
  });

  it('says the target conforms when nothing failed', () => {
    const report = rawReport();
    report.summary = { ...emptySummary(), passed: 1, total: 1 };
    report.results = report.results.slice(0, 1);
    expect(formatConsoleSummary(report)).toContain('reference-local: the target conforms');
  });

  it('redacts registered secrets from everything it prints, even from an unredacted report', async () => {
    const stream = new Capture(false);
    await play(new ConsoleReporter({ stream, secrets: registeredSecrets() }), rawReport());
    expect(stream.text).toContain('otp=<redacted:otp#1>');
    for (const secret of Object.values(planted)) expect(stream.text).not.toContain(secret);
  });
});

describe('console reporter while waiting', () => {
  it('says which case the run waits on when none finished for a while', async () => {
    const stream = new Capture(false);
    const reporter = new ConsoleReporter({ stream, heartbeatMs: 150 });
    const report = rawReport();
    const first = report.results[0];
    if (first === undefined) throw new Error('fixture changed');
    reporter.onRunStart({
      tool: report.tool,
      target: report.target,
      matrix: report.matrix,
      total: 1,
      startedAt: report.startedAt,
    });
    reporter.onCaseStart(first);
    await new Promise((done) => setTimeout(done, 400));
    reporter.onCaseEnd(first);
    await reporter.onRunEnd({ ...report, results: [first] });
    expect(stream.text).toMatch(
      /… waiting: 1 case\(s\) running, ais-transactions\/\S+ \[[^\]]+\] for \d+ ms/,
    );
  });

  it('stays silent when cases keep finishing', async () => {
    const stream = new Capture(false);
    await play(new ConsoleReporter({ stream, heartbeatMs: 10_000 }), rawReport());
    expect(stream.text).not.toContain('waiting');
  });
});
