import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { issueTlsCertificate } from '../../../pki/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import { startReference, type RunningReference } from '../../../reference-aspsp/index.ts';
import { selfSigned } from '../../unit/harness/fixtures/tls-fixture.ts';
import type { StartLineTpp } from '../../../reference-aspsp/index.ts';

const root = resolve(import.meta.dirname, '../../..');
const tsx = join(root, 'node_modules/.bin/tsx');
const bin = join(root, 'bin/stet-harness.ts');
const dir = mkdtempSync(join(tmpdir(), 'stet-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `stet-harness <args>` as a user does: a child process, its streams and exit code. */
function cli(...args: string[]): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(tsx, [bin, ...args], { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** A user's mistake: exit 2, the coded error with a hint, and no stack trace. */
function expectUserError(run: CliRun, code: string): void {
  expect(run.code).toBe(2);
  expect(run.stderr).toContain(`stet-harness: error ${code}:`);
  expect(run.stderr).toContain('  hint: ');
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stderr).not.toContain('internal error');
}

/** A self-signed certificate valid between the two instants, and its key. */
function certificate(notBefore: Date, notAfter: Date): Promise<{ cert: string; key: string }> {
  return issueTlsCertificate({ commonName: 'qwac.tpp.example', validity: { notBefore, notAfter } });
}

/** A target file for a running reference's institution 10101 acting as `tpp`. */
function referenceTarget(
  name: string,
  reference: RunningReference,
  tpp: StartLineTpp,
  options: { qsealCert: boolean } = { qsealCert: true },
): string {
  const path = join(dir, `${name}.yaml`);
  const qsealCert = options.qsealCert ? `, cert: ${tpp.qsealCert}` : '';
  writeFileSync(
    path,
    `name: ${name}
baseUrl: https://api-<institution_code>.psd2.groupbank.example
connect: 127.0.0.1:${reference.port}
ca: ${reference.info.ca}
versions: [v1.6.2]
institutions: [{ code: '10101' }]
tpp:
  clientId: ${tpp.clientId}
  qwac: { cert: ${tpp.qwacCert}, key: ${tpp.qwacKey} }
  qseal: { key: ${tpp.qsealKey}${qsealCert}, keyId: ${tpp.keyId} }
  redirectUri: ${tpp.redirectUri}
capabilities: [sandbox]
`,
    'utf8',
  );
  return path;
}

describe('stet-harness --version', () => {
  it('prints the version of package.json and exits 0', async () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    const run = await cli('--version');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(pkg.version);
  });
});

describe('a faulted reference run against a baseline written from it', () => {
  const narrow = ['--suite', 'oauth-grants', '--version', 'v1.6.2', '--institution', '10101'];
  it('exits 0, counts the accepted deviations as skipped in JUnit and says "conforms to its baseline"', async () => {
    const baseline = join(dir, 'accepted.yaml');
    const first = await cli(
      'run',
      '--fault',
      'code-reusable',
      ...narrow,
      '--out',
      join(dir, 'b0'),
      '--write-baseline',
      baseline,
      '--reason',
      'code reuse fixed in release 24.3',
    );
    expect(first.code).toBe(1);
    expect(readFileSync(baseline, 'utf8')).toMatch(
      /- rule: TOK-CODE-ONE-TIME\n {4}case: oauth-grants\/[a-z0-9-]+\n {4}versions:\n {6}- v1\.6\.2\n {4}institutions:\n {6}- "10101"\n {4}reason: code reuse fixed in release 24\.3\n/,
    );

    const out = join(dir, 'b1');
    const run = await cli('run', '--fault', 'code-reusable', ...narrow, '--out', out, '--baseline', baseline);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('embedded reference: the target conforms to its baseline');
    expect(run.stdout).toMatch(
      /accepted: TOK-CODE-ONE-TIME in oauth-grants\/[a-z0-9-]+ \(v1\.6\.2; 10101\): code reuse fixed in release 24\.3/,
    );
    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuites [^>]*failures="0" errors="0"/);
    expect(junit).toMatch(
      /<skipped message="accepted: in the baseline [^"]*accepted\.yaml \(code reuse fixed in release 24\.3\): /,
    );
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    // The fault also leaves an advisory finding (a choice rule), which the verdict names after it.
    expect(html).toContain('<p class="verdict">The target conforms to its baseline');
    const json = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
      summary: { failed: number; accepted: number };
      baseline: { accepted: unknown[]; fixed: unknown[]; unexpected: unknown[] };
    };
    expect(json.summary.failed).toBe(0);
    expect(json.summary.accepted).toBeGreaterThan(0);
    expect(json.baseline.accepted).toContainEqual(
      expect.objectContaining({
        rule: 'TOK-CODE-ONE-TIME',
        institutions: ['10101'],
        reason: 'code reuse fixed in release 24.3',
      }),
    );
    expect(json.baseline.unexpected).toEqual([]);

    // The clean reference no longer deviates: the baseline lists what disappeared, and the run fails.
    const clean = await cli('run', ...narrow, '--out', join(dir, 'b2'), '--baseline', baseline);
    expect(clean.code).toBe(1);
    expect(clean.stdout).toMatch(
      /no longer deviates: TOK-CODE-ONE-TIME in oauth-grants\/[a-z0-9-]+ \(v1\.6\.2; 10101\)/,
    );
  }, 180_000);

  it('refuses --write-baseline without --reason, before anything runs', async () => {
    const refused = await cli(
      'run',
      ...narrow,
      '--out',
      join(dir, 'b3'),
      '--write-baseline',
      join(dir, 'x.yaml'),
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('error ERR_RUN_OPTION: --write-baseline needs --reason');
  });
});

describe('filters naming nothing that exists', () => {
  const out = join(dir, 'earlier');
  const earlier = '{"an earlier report": true}\n';
  beforeAll(() => {
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'report.json'), earlier);
  });

  it.each([
    ['suite', ['--suite', 'no-such-suite'], 'smoke-ais'],
    ['rule', ['--rule', 'TOK-NO-SUCH-RULE'], 'TOK-CODE-ONE-TIME'],
    ['version', ['--version', 'v9'], 'v1.6.2'],
    ['institution', ['--institution', '99999'], '10101'],
  ])(
    'an unknown %s exits 2 listing the valid ids and leaves earlier reports untouched',
    async (kind, args, valid) => {
      const run = await cli('run', ...args, '--out', out);
      expectUserError(run, 'ERR_FILTER_UNKNOWN');
      expect(run.stderr).toContain(`unknown ${kind}`);
      expect(run.stderr).toContain(valid);
      expect(readFileSync(join(out, 'report.json'), 'utf8')).toBe(earlier);
      expect(() => statSync(join(out, 'junit.xml'))).toThrow();
    },
    60_000,
  );
});

describe('merge-reports', () => {
  it('merges the shards of a run into one set of reports, and refuses a shard given twice (ERR_MERGE_DUPLICATE)', async () => {
    const shard = (i: number): Promise<CliRun> =>
      cli(
        'run',
        '--suite',
        'smoke-ais',
        '--version',
        'v1.6.2',
        '--shard',
        `${i}/2`,
        '--out',
        join(dir, `shard-${i}`),
        '--quiet',
      );
    const [one, two] = await Promise.all([shard(1), shard(2)]);
    expect([one.code, two.code]).toEqual([0, 0]);
    const totals = [1, 2].map(
      (i) =>
        (
          JSON.parse(readFileSync(join(dir, `shard-${i}`, 'report.json'), 'utf8')) as {
            summary: { total: number };
          }
        ).summary.total,
    );
    expect(Math.min(...totals)).toBeGreaterThan(0);

    const merged = join(dir, 'merged');
    const run = await cli('merge-reports', join(dir, 'shard-1'), join(dir, 'shard-2'), '--out', merged);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('the target conforms');
    const report = JSON.parse(readFileSync(join(merged, 'report.json'), 'utf8')) as {
      summary: { total: number; passed: number };
      results: unknown[];
    };
    expect(report.summary.total).toBe(totals[0]! + totals[1]!);
    expect(report.results).toHaveLength(report.summary.total);
    expect(readFileSync(join(merged, 'junit.xml'), 'utf8')).toMatch(
      new RegExp(`<testsuites [^>]*tests="${report.summary.total}" failures="0"`),
    );
    expect(readFileSync(join(merged, 'report.html'), 'utf8')).toContain('The target conforms.');

    const twice = await cli(
      'merge-reports',
      join(dir, 'shard-1'),
      join(dir, 'shard-1'),
      '--out',
      join(dir, 'merged-twice'),
    );
    expectUserError(twice, 'ERR_MERGE_DUPLICATE');
  }, 180_000);

  it('refuses a folder without report.json', async () => {
    mkdirSync(join(dir, 'empty-shard'), { recursive: true });
    expectUserError(await cli('merge-reports', join(dir, 'empty-shard')), 'ERR_MERGE_INPUT');
  });
});

describe("a user's mistakes are coded errors with exit 2 and no stack trace", () => {
  let busy: Server;
  let busyPort = 0;
  let reference: RunningReference;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done));
    const address = busy.address();
    busyPort = typeof address === 'object' && address !== null ? address.port : 0;
    reference = await startReference({ store: { kind: 'memory' }, mode: 'sandbox', log: () => undefined });
  }, 60_000);
  afterAll(async () => {
    await new Promise<void>((done) => busy.close(() => done()));
    await reference.close();
  });

  it('replay on a port in use', async () => {
    const har = join(root, 'test/unit/traffic/fixtures/ais-session.har');
    const run = await cli('replay', har, '--port', String(busyPort));
    // Each server command names its own listen error; a listen error none names is ERR_PORT_IN_USE (cli/main.ts).
    expectUserError(run, 'ERR_TRAFFIC_LISTEN');
    expect(run.stderr).toContain(`cannot listen on 127.0.0.1:${busyPort}`);
    expect(run.stderr).toContain('address already in use');
  }, 60_000);

  it('record on a port in use', async () => {
    const target = referenceTarget('record-target', reference, reference.info.tpp);
    const run = await cli(
      'record',
      '--target',
      target,
      '--out',
      join(dir, 's.har'),
      '--port',
      String(busyPort),
    );
    expectUserError(run, 'ERR_TRAFFIC_LISTEN');
    expect(run.stderr).toContain('address already in use');
  }, 60_000);

  it('serve on a port in use', async () => {
    const run = await cli('serve', '--store', 'memory', '--port', String(busyPort));
    expectUserError(run, 'ERR_LISTEN_FAILED');
    expect(run.stderr).toContain(`cannot listen on port ${busyPort}`);
  }, 60_000);

  it('har2k6 --out in a folder that does not exist', async () => {
    const har = join(root, 'test/unit/traffic/fixtures/ais-session.har');
    const run = await cli('har2k6', har, '--out', join(dir, 'no-such-folder', 'x.js'));
    expectUserError(run, 'ERR_OUTPUT_FOLDER_MISSING');
  });

  it('run --out naming a file, refused before the run starts', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder\n');
    const run = await cli('run', '--suite', 'smoke-ais', '--out', file);
    expectUserError(run, 'ERR_OUTPUT_NOT_A_FOLDER');
    expect(run.stderr).not.toContain('checking');
    expect(readFileSync(file, 'utf8')).toBe('not a folder\n');
  });

  it.each([
    ['expired', new Date(Date.now() - 3 * 86_400_000), new Date(Date.now() - 86_400_000), /expired on /],
    [
      'a not-yet-valid',
      new Date(Date.now() + 86_400_000),
      new Date(Date.now() + 3 * 86_400_000),
      /is not valid before /,
    ],
  ])('a target file with %s QWAC, checked before any request', async (_name, from, to, message) => {
    const { cert, key } = await certificate(from, to);
    const certPath = join(dir, `qwac-${from.getTime()}.pem`);
    const keyPath = join(dir, `qwac-key-${from.getTime()}.pem`);
    writeFileSync(certPath, cert);
    writeFileSync(keyPath, key);
    const target = join(dir, `dated-${from.getTime()}.yaml`);
    writeFileSync(
      target,
      `name: dated
baseUrl: https://api-<institution_code>.psd2.groupbank.example
connect: 127.0.0.1:1
versions: [v1.6.2]
institutions: [{ code: '10101' }]
tpp: { clientId: PSDFR-ACPR-12345, qwac: { cert: ${certPath}, key: ${keyPath} }, qseal: { key: ${keyPath}, keyId: PSDFR-ACPR-12345 }, redirectUri: 'https://tpp.example/cb' }
`,
    );
    const run = await cli('run', '--suite', 'smoke-ais', '--target', target, '--out', join(dir, 'out-dated'));
    expectUserError(run, 'ERR_TARGET_INVALID');
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toMatch(/dated-\d+\.yaml:6:\d+/);
  });

  it('a target file whose QWAC the bank does not trust (another CA): one error, no case run', async () => {
    const target = referenceTarget('foreign-ca', reference, reference.info.tpps.foreignCa);
    const out = join(dir, 'out-foreign');
    const run = await cli('run', '--suite', 'smoke-ais', '--target', target, '--out', out);
    expectUserError(run, 'ERR_CLIENT_CERTIFICATE');
    expect(run.stderr).toContain('CERT_UNTRUSTED');
    expect(run.stdout).not.toContain('ERRORED');
    expect(() => statSync(join(out, 'report.json'))).toThrow();
  }, 60_000);

  it('a target without the optional QSEAL certificate: registration cases are not applicable, saying why', async () => {
    const target = referenceTarget('no-qseal-cert', reference, reference.info.tpp, { qsealCert: false });
    const out = join(dir, 'out-no-qseal');
    const run = await cli('run', '--suite', 'registration', '--target', target, '--out', out);
    expect(run.code).toBe(0);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
      results: Array<{ status: string; reason?: string }>;
    };
    const missing = report.results.filter((r) => r.reason?.includes('gives no QSEAL certificate'));
    expect(missing.length).toBeGreaterThan(0);
    expect(missing.every((r) => r.status === 'not-applicable')).toBe(true);
    expect(missing[0]?.reason).toBe(
      `the target gives no QSEAL certificate for TPP ${reference.info.tpp.clientId} (tpp.qseal.cert)`,
    );
    expect(report.results.some((r) => r.status === 'errored')).toBe(false);
  }, 120_000);
});

const server = await selfSigned('api-10101.psd2.groupbank.example');

describe('a target that accepts TLS but never answers', () => {
  let silent: TlsServer;
  let port = 0;
  beforeAll(async () => {
    // Completes the handshake, then reads and never writes a byte.
    silent = createTlsServer({ cert: server.cert, key: server.key }, (socket) => socket.resume());
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const address = silent.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });
  afterAll(() => new Promise<void>((done) => silent.close(() => done())));

  it('is reported once as unreachable after --timeout, not after minutes', async () => {
    const client = await certificate(new Date(Date.now() - 60_000), new Date(Date.now() + 86_400_000));
    writeFileSync(join(dir, 'silent-ca.pem'), server.cert);
    writeFileSync(join(dir, 'silent-qwac.pem'), client.cert);
    writeFileSync(join(dir, 'silent-qwac-key.pem'), client.key);
    const target = join(dir, 'silent.yaml');
    writeFileSync(
      target,
      `name: silent
baseUrl: https://api-<institution_code>.psd2.groupbank.example
connect: 127.0.0.1:${port}
ca: silent-ca.pem
versions: [v1.6.2]
institutions: [{ code: '10101' }]
tpp: { clientId: PSDFR-ACPR-12345, qwac: { cert: silent-qwac.pem, key: silent-qwac-key.pem }, qseal: { key: silent-qwac-key.pem, keyId: PSDFR-ACPR-12345 }, redirectUri: 'https://tpp.example/cb' }
`,
    );
    const run = await cli(
      'run',
      '--suite',
      'smoke-ais',
      '--target',
      target,
      '--timeout',
      '1s',
      '--out',
      join(dir, 'out-silent'),
    );
    expectUserError(run, 'ERR_TARGET_UNREACHABLE');
    expect(run.stderr).toContain('did not answer within 1 s');
    expect(run.stderr.match(/ERR_TARGET_UNREACHABLE/g)).toHaveLength(1);
  }, 60_000);
});

describe('run for scripts: --out -, --rerun-failed, --bail, list', () => {
  const narrow = [
    '--fault',
    'code-reusable',
    '--suite',
    'oauth-grants',
    '--version',
    'v1.6.2',
    '--institution',
    '10101',
  ];
  interface Report {
    summary: { failed: number; skipped: number; total: number };
    results: Array<{ case: string; status: string; reason?: string }>;
  }

  it('writes report.json to stdout with --reporter json --out -, and reruns exactly its failures', async () => {
    const first = await cli('run', ...narrow, '--reporter', 'json', '--out', '-');
    expect(first.code).toBe(1);
    const report = JSON.parse(first.stdout) as Report;
    expect(report.summary.failed).toBeGreaterThan(0);
    // Its problems: the failures and the advisory findings (statusTraits' `problem`), both rerun.
    const failedCases = report.results
      .filter((r) => r.status === 'failed' || r.status === 'advisory')
      .map((r) => r.case)
      .sort();
    expect(report.results.filter((r) => r.status === 'errored')).toEqual([]);
    const saved = join(dir, 'earlier-report.json');
    writeFileSync(saved, first.stdout);

    const again = await cli(
      'run',
      '--fault',
      'code-reusable',
      '--rerun-failed',
      saved,
      '--reporter',
      'json',
      '--out',
      '-',
    );
    expect(again.code).toBe(1);
    const rerun = JSON.parse(again.stdout) as Report;
    expect(rerun.results.map((r) => r.case).sort()).toEqual(failedCases);
  }, 120_000);

  it('stops after the first failure with --bail and reports the rest skipped', async () => {
    const run = await cli(
      'run',
      ...narrow,
      '--bail',
      '--concurrency',
      '1',
      '--reporter',
      'json',
      '--out',
      '-',
    );
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.summary.failed).toBe(1);
    expect(report.summary.skipped).toBeGreaterThan(0);
    expect(report.results.find((r) => r.status === 'skipped')?.reason).toBe(
      'not run: --bail stopped the run after the first failure',
    );
  }, 120_000);

  it('lists case ids as JSON', async () => {
    const run = await cli('list', 'cases', '--json');
    expect(run.code).toBe(0);
    const listed = JSON.parse(run.stdout) as { cases: Array<{ id: string; detail: string[] }> };
    expect(listed.cases.map((c) => c.id)).toContain('oauth-grants/code-usable-once');
    expectUserError(await cli('list', 'everything'), 'ERR_LIST_KIND');
  });
});
