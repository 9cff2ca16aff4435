/**
 * The load engine's own ceiling: signed mTLS requests per second per core that `stet-harness load`
 * can send (autocannon, one fresh X-Request-ID, Date, Digest and RSA-2048 Signature per request, TLS
 * client certificate) against a bare HTTPS server on loopback that answers at once. The server runs
 * in another process, so the figure is the engine's, not the bank's: when a target must be loaded
 * beyond it, spread the load over machines with the k6 export (docs/load.md).
 *
 *   npm run bench:load [-- --seconds 5 --connections 1,8,32]
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:https';
import { createInterface } from 'node:readline';
import { cpuUsage } from 'node:process';
import type { PlanContext } from '../load/connection-plan.ts';
import { KpiRecorder } from '../load/kpi-recorder.ts';
import { FindingBook } from '../load/load-finding.ts';
import { QuotaLedger } from '../load/quota-ledger.ts';
import { loadOneHost } from '../load/run-load.ts';
import type { SingleScenario } from '../load/scenario-definition.ts';
import { signHeaders } from '../harness/client/request-signer.ts';
import { bareTarget } from '../harness/targets/bare-target.ts';
import { generateTestPki } from '../pki/index.ts';
import { newestApiVersion } from '../spec/lib/index.ts';

const host = 'api-10101.psd2.groupbank.example';
const version = newestApiVersion;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

if (process.argv.includes('--server')) {
  // The bare server: mTLS, echoes X-Request-ID, answers a small JSON body.
  const server = createServer(
    {
      cert: process.env['BENCH_SERVER_CERT'],
      key: process.env['BENCH_SERVER_KEY'],
      ca: process.env['BENCH_CA'],
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'x-request-id': String(req.headers['x-request-id'] ?? ''),
        });
        res.end('{"accounts":[]}');
      });
    },
  );
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`${typeof address === 'object' && address !== null ? address.port : 0}\n`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  await main();
}

async function main(): Promise<void> {
  const seconds = Number(arg('--seconds', '5'));
  const connectionCounts = arg('--connections', '1,8,32').split(',').map(Number);
  process.stderr.write('generating the test PKI…\n');
  const pki = await generateTestPki({ organizationIdentifier: 'PSDFR-ACPR-12345', roles: ['PSP_AI'] });
  if (pki.server === undefined) throw new Error('no server certificate');
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, '--server'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      BENCH_SERVER_CERT: pki.server.certPem,
      BENCH_SERVER_KEY: pki.server.keyPem,
      BENCH_CA: pki.ca.certPem,
    },
  });
  const port = await new Promise<number>((resolve) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve(Number(line)));
  });
  const tpp = {
    clientId: 'PSDFR-ACPR-12345',
    qwac: { cert: pki.qwac.certPem, key: pki.qwac.keyPem },
    qseal: { key: pki.qseal.keyPem, cert: pki.qseal.certPem, keyId: 'PSDFR-ACPR-12345' },
    redirectUri: 'https://tpp.example/cb',
  };
  const target = bareTarget({
    name: 'bare HTTPS server',
    baseUrl: `https://${host}`,
    connect: { host: '127.0.0.1', port },
    ca: pki.ca.certPem,
    versions: [version],
    tpp,
  });
  const scenario: SingleScenario = {
    kind: 'single',
    name: 'bench',
    title: 'one signed GET per round',
    file: '',
    role: 'aisp',
    persona: 'alice',
    version,
    consent: false,
    psuConnected: true,
    psus: 1,
    connections: undefined,
    rate: undefined,
    institutions: undefined,
    steps: [
      { kind: 'request', method: 'GET', path: '/accounts', body: undefined, expect: [200], follow: [] },
    ],
    thresholds: [],
  };
  const psu = {
    institution: '10101',
    psuId: 'p',
    fresh: false,
    tokens: { access: 'a'.repeat(40), refresh: 'r' },
    iban: undefined,
    issued: [],
  };
  const policy = ['(request-target)', 'date', 'digest', 'x-request-id'];

  // Signing alone, for scale: what one core spends per request before any I/O.
  const signings = 2000;
  const sign = (i: number): Record<string, string> =>
    signHeaders({
      method: 'GET',
      path: `/stet/psd2/${version}/accounts`,
      headers: { 'x-request-id': String(i), 'psu-ip-address': '192.0.2.1' },
      body: '',
      key: { keyId: tpp.qseal.keyId, privateKey: tpp.qseal.key },
      policy,
      signing: {},
    });
  for (let i = 0; i < 200; i += 1) sign(i);
  // CPU time, not wall time: on a shared machine the process is not always on a core.
  const signCpu = cpuUsage();
  for (let i = 0; i < signings; i += 1) sign(i);
  const spent = cpuUsage(signCpu);
  const perSignature = (spent.user + spent.system) / 1000 / signings;
  process.stdout.write(
    `signing alone (Digest + RSA-2048 Signature): ${(1000 / perSignature).toFixed(0)} signatures/s on one core (${perSignature.toFixed(3)} ms each)\n\n`,
  );
  process.stdout.write(
    'connections  requests/s  engine CPU (cores)  signed mTLS requests/s per core  p50 ms  p99 ms\n',
  );
  try {
    for (const connections of connectionCounts) {
      const kpis = new KpiRecorder();
      const ctx: PlanContext = {
        scenario,
        version,
        institution: '10101',
        host,
        signaturePolicy: policy,
        tpp,
        kpis,
        findings: new FindingBook(),
        quotas: new QuotaLedger(),
        startedAt: performance.now(),
      };
      // Warm the connections and the JIT before measuring.
      await loadOneHost({
        target,
        connections,
        rate: undefined,
        psus: [psu],
        durationMs: 1000,
        ctx: { ...ctx, kpis: new KpiRecorder() },
      });
      const cpuBefore = cpuUsage();
      const started = performance.now();
      await loadOneHost({
        target,
        connections,
        rate: undefined,
        psus: [psu],
        durationMs: seconds * 1000,
        ctx,
      });
      const wallSeconds = (performance.now() - started) / 1000;
      const cpu = cpuUsage(cpuBefore);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      const total = kpis.total(wallSeconds * 1000);
      const ok = total.ok;
      if (total.failures > 0)
        process.stderr.write(`  ${total.failures} request(s) failed: ${JSON.stringify(total.statuses)}\n`);
      process.stdout.write(
        `${String(connections).padStart(11)}  ${(ok / wallSeconds).toFixed(0).padStart(10)}  ${(cpuSeconds / wallSeconds).toFixed(2).padStart(18)}  ${(ok / cpuSeconds).toFixed(0).padStart(31)}  ${total.latency.p50.toFixed(2).padStart(6)}  ${total.latency.p99.toFixed(2).padStart(6)}\n`,
      );
    }
  } finally {
    child.kill('SIGTERM');
  }
  process.stdout.write(
    '\nThe last column is the ceiling of one machine per core: beyond it, run the k6 export on several machines.\n',
  );
}
