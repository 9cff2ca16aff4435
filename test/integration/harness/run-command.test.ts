import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { issueTlsCertificate } from '../../../pki/index.ts';
import { main } from '../../../cli/main.ts';

const dir = mkdtempSync(join(tmpdir(), 'stet-run-'));

function suiteFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text, 'utf8');
  return path;
}

async function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  process.exitCode = undefined;
  let stderr = '';
  let stdout = '';
  const text = (chunk: string | Uint8Array): string =>
    typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += text(chunk);
    return true;
  });
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += text(chunk);
    return true;
  });
  try {
    const code = await main(['node', 'stet-harness', ...args]);
    return { code, stdout, stderr };
  } finally {
    spy.mockRestore();
    out.mockRestore();
    process.exitCode = undefined;
  }
}

const failingSuite = `suite: failing
title: A failing expectation
versions: [v1.4.2]
roles: [aisp]
cases:
  - id: wrong-status
    title: GET /accounts is expected (wrongly) to answer 299
    rules: [AIS-ACC-NO-CONSENT-LISTS-ALL]
    given: { login: true }
    steps:
      - request:
          path: /stet/psd2/{{version}}/accounts
        expect:
          status: 299
`;

describe('stet-harness run', () => {
  let closedPort = 0;
  let server: Server;
  beforeAll(async () => {
    // A port that was free a moment ago and is closed now: nothing listens there.
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    closedPort = typeof address === 'object' && address !== null ? address.port : 0;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('exits 2 with file:line when a target file names a file that is not PEM', async () => {
    writeFileSync(join(dir, 'not-pem.txt'), 'hello\n');
    const target = join(dir, 'bad-pem.yaml');
    writeFileSync(
      target,
      `name: bad
baseUrl: https://api-<institution_code>.psd2.groupbank.example
versions: [v1.4.2]
institutions: [{ code: '10101' }]
tpp: { clientId: PSDFR-ACPR-12345, qwac: { cert: not-pem.txt, key: not-pem.txt }, qseal: { key: not-pem.txt, keyId: x }, redirectUri: 'https://tpp.example/cb' }
`,
    );
    const file = suiteFile('for-bad-pem.yaml', failingSuite);
    const { code, stderr } = await runCli([
      'run',
      '--suites',
      file,
      '--target',
      target,
      '--out',
      join(dir, 'out-bad-pem'),
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain('ERR_TARGET_INVALID');
    expect(stderr).toMatch(/bad-pem\.yaml:5:\d+: .*not a PEM certificate/);
  });

  it('exits 2 with file:line:col for a malformed suite file', async () => {
    const file = suiteFile('malformed.yaml', 'suite: broken\ntitle: x\nversions: [v1\nroles: [aisp]\n');
    const { code, stderr } = await runCli(['run', '--suites', file, '--out', join(dir, 'out-malformed')]);
    expect(code).toBe(2);
    expect(stderr).toContain('ERR_SUITE_INVALID');
    expect(stderr).toMatch(/malformed\.yaml:\d+:\d+/);
  });

  it('refuses a suite naming an unknown rule id, with its line', async () => {
    const file = suiteFile(
      'unknown-rule.yaml',
      failingSuite.replace('AIS-ACC-NO-CONSENT-LISTS-ALL', 'AIS-NO-SUCH-RULE'),
    );
    const { code, stderr } = await runCli(['run', '--suites', file, '--out', join(dir, 'out-unknown')]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown-rule\.yaml:8:\d+: unknown rule id "AIS-NO-SUCH-RULE"/);
  });

  it('exits 2 naming the host when the target is unreachable', async () => {
    const { cert, key } = await issueTlsCertificate({ commonName: 'tpp.example', validDays: 1 });
    writeFileSync(join(dir, 'cert.pem'), cert);
    writeFileSync(join(dir, 'key.pem'), key);
    const target = join(dir, 'unreachable.yaml');
    writeFileSync(
      target,
      `name: nowhere
baseUrl: https://api-<institution_code>.psd2.groupbank.example
connect: 127.0.0.1:${closedPort}
versions: [v1.4.2]
institutions: [{ code: '10101' }]
tpp: { clientId: PSDFR-ACPR-12345, qwac: { cert: cert.pem, key: key.pem }, qseal: { key: key.pem, keyId: PSDFR-ACPR-12345 }, redirectUri: 'https://tpp.example/cb' }
`,
    );
    const file = suiteFile('for-unreachable.yaml', failingSuite);
    const { code, stderr } = await runCli([
      'run',
      '--suites',
      file,
      '--target',
      target,
      '--out',
      join(dir, 'out-unreachable'),
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain('ERR_TARGET_UNREACHABLE');
    expect(stderr).toContain('api-10101.psd2.groupbank.example');
  });

  it('exits 1 on a failing expectation, with expected and actual in all three reports', async () => {
    const file = suiteFile('failing.yaml', failingSuite);
    const out = join(dir, 'out-failing');
    const { code } = await runCli([
      'run',
      '--suites',
      file,
      '--institution',
      '10101',
      '--out',
      out,
      '--reporter',
      'junit,json,html',
    ]);
    expect(code).toBe(1);
    const json: unknown = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    expect(json).toMatchObject({
      summary: { failed: 1, total: 1 },
      results: [{ case: 'wrong-status', status: 'failed', failure: { expected: 299, actual: 200 } }],
    });
    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(junit).toContain('<failure');
    expect(junit).toMatch(/299/);
    expect(junit).toMatch(/200/);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('wrong-status');
    expect(html).toMatch(/299/);
  }, 60_000);

  it('passes with a baseline accepting the deviation, and fails when the baseline lists a rule that now holds', async () => {
    const file = suiteFile('failing-for-baseline.yaml', failingSuite);
    const accepting = join(dir, 'accepting.yaml');
    writeFileSync(
      accepting,
      "accepted:\n  - { rule: AIS-ACC-NO-CONSENT-LISTS-ALL, case: failing/wrong-status, institutions: ['10101'], reason: the suite expects 299 }\n",
    );
    const accepted = await runCli([
      'run',
      '--suites',
      file,
      '--institution',
      '10101',
      '--baseline',
      accepting,
      '--reporter',
      'json',
      '--out',
      join(dir, 'b1'),
    ]);
    expect(accepted.code).toBe(0);

    const empty = join(dir, 'empty.yaml');
    writeFileSync(empty, 'accepted: []\n');
    const newFailure = await runCli([
      'run',
      '--suites',
      file,
      '--institution',
      '10101',
      '--baseline',
      empty,
      '--reporter',
      'json',
      '--out',
      join(dir, 'b2'),
    ]);
    expect(newFailure.code).toBe(1);
    expect(newFailure.stderr).toContain(
      'new deviation: AIS-ACC-NO-CONSENT-LISTS-ALL in failing/wrong-status (v1.4.2; 10101)',
    );

    const passing = suiteFile(
      'passing-for-baseline.yaml',
      failingSuite.replace('status: 299', 'status: 200'),
    );
    const fixed = await runCli([
      'run',
      '--suites',
      passing,
      '--institution',
      '10101',
      '--baseline',
      accepting,
      '--reporter',
      'json',
      '--out',
      join(dir, 'b3'),
    ]);
    expect(fixed.code).toBe(1);
    expect(fixed.stderr).toContain(
      'no longer deviates: AIS-ACC-NO-CONSENT-LISTS-ALL in failing/wrong-status (10101): the suite expects 299 — remove it from the baseline',
    );
  }, 180_000);

  it('runs the smoke suite against the embedded reference and exits 0', async () => {
    const out = join(dir, 'out-smoke');
    const { code, stdout } = await runCli(['run', '--suites', 'suites/smoke', '--out', out]);
    expect(stdout).toContain('0 failed, 0 errored');
    expect(code).toBe(0);
    const json: unknown = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    expect(json).toMatchObject({ summary: { failed: 0, errored: 0 } });
  }, 120_000);

  it('holds the embedded reference to --calendar on the --at day: passes clean, fails a bank still serving v1', async () => {
    const calendar = join(dir, 'calendar.yaml');
    writeFileSync(calendar, "v1.4.2: '2026-01-01'\n");
    const args = ['run', '--suite', 'versions', '--rule', 'VER-DECOMMISSION-T0-3M', '--institution', '10101'];
    const cells = (out: string): Record<string, string> => {
      const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
        results: Array<{ case: string; version: string; status: string }>;
      };
      return Object.fromEntries(
        report.results
          .filter((r) => r.case === 'version-follows-the-deprecation-calendar')
          .map((r) => [r.version, r.status]),
      );
    };
    const clean = join(dir, 'out-calendar');
    const passed = await runCli([...args, '--calendar', calendar, '--at', '2026-04-02', '--out', clean]);
    expect(passed.code).toBe(0);
    expect(cells(clean)).toEqual({ v1: 'passed', 'v1.4.2': 'passed', 'v1.6.2': 'passed' });

    const faulty = join(dir, 'out-calendar-fault');
    const failed = await runCli([
      ...args,
      ...['--calendar', calendar, '--at', '2026-04-02', '--fault', 'version-not-decommissioned'],
      ...['--out', faulty],
    ]);
    expect(failed.code).toBe(1);
    expect(cells(faulty)).toMatchObject({ v1: 'failed', 'v1.4.2': 'passed' });
  }, 180_000);

  it('reports the live-host case not applicable against the sandbox reference, with the reason', async () => {
    const out = join(dir, 'out-live');
    const { code } = await runCli(['run', '--rule', 'TRN-SANDBOX-DATA-NOT-LIVE', '--out', out]);
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
      results: Array<{ case: string; institution: string; status: string; reason?: string }>;
    };
    const cell = report.results.find(
      (r) => r.case === 'sandbox-data-refused-on-live' && r.institution === '10101',
    );
    expect(cell).toMatchObject({
      status: 'not-applicable',
      reason: expect.stringMatching(/not a live host/) as string,
    });
  }, 120_000);

  it('exits 2 with ERR_RUN_OPTION for an --at that is not a date', async () => {
    const { code, stderr } = await runCli(['run', '--at', '2026-02-30', '--out', join(dir, 'out-at')]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/ERR_RUN_OPTION.*--at 2026-02-30 is not a date/s);
  });
});
