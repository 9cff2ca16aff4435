/**
 * Benchmark of the reference bank: requests per second and p50/p99 latency of a signed,
 * token-checked `GET /stet/psd2/v1.6.2/accounts` over mTLS with keep-alive, next to a bare
 * node:https server answering a fixed JSON body on the same machine in the same run, and the
 * start-up time of the reference with the embedded store (first start, then a restart).
 *
 * Run: `npm run bench:reference` (options: `--seconds N`, `--connections N`, `--pipelining N`).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, Pool, request } from 'undici';
import { computeDigest } from '../protocol/digest.ts';
import { signRequest } from '../protocol/sign-request.ts';
import { startReference, type RunningReference } from '../reference-aspsp/index.ts';
import { isRecord } from '../reference-aspsp/lib/is-record.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '8' },
    concurrency: { type: 'string', default: '32' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const concurrency = Number(values.concurrency);
const host = 'api-10101.psd2.groupbank.example';
const path = '/stet/psd2/v1.6.2/accounts';

interface Figures {
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly failures: number;
}

/** Keeps `concurrency` requests in flight for `seconds`, recording each latency. */
async function load(pool: Pool, headers: Record<string, string>): Promise<Figures> {
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  async function worker(): Promise<void> {
    while (performance.now() < end) {
      const start = performance.now();
      const response = await pool.request({ method: 'GET', path, headers });
      await response.body.dump();
      latencies.push(performance.now() - start);
      if (response.statusCode !== 200) failures++;
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number): number =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    failures,
  };
}

async function accessToken(reference: RunningReference, agent: Agent): Promise<string> {
  const tpp = reference.info.tpp;
  const call = async (method: string, target: string, body?: string, type?: string) => {
    const response = await request(`${reference.url}${target}`, {
      method,
      dispatcher: agent,
      headers: { host, ...(type === undefined ? {} : { 'content-type': type }) },
      body,
    });
    return {
      status: response.statusCode,
      location: response.headers.location,
      text: await response.body.text(),
    };
  };
  const personas: unknown = JSON.parse((await call('GET', '/sandbox/v1/personas')).text);
  const list = isRecord(personas) && Array.isArray(personas.personas) ? personas.personas : [];
  const alice: unknown = list.find((p: unknown) => isRecord(p) && p.name === 'alice');
  const identifier = isRecord(alice) && typeof alice.identifier === 'string' ? alice.identifier : '';
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: tpp.clientId,
    redirect_uri: tpp.redirectUri,
    scope: 'aisp',
    state: 's',
    login_hint: identifier,
  });
  const form = (text: string): string => /action="([^"]+)"/.exec(text)?.[1] ?? '';
  const otpPage = await call('GET', `/stet/psd2/oauth/authorize?${query.toString()}`);
  const consentPage = await call(
    'POST',
    form(otpPage.text),
    'otp=12345678',
    'application/x-www-form-urlencoded',
  );
  const redirect = await call(
    'POST',
    form(consentPage.text),
    'decision=accept',
    'application/x-www-form-urlencoded',
  );
  const code = new URL(String(redirect.location)).searchParams.get('code') ?? '';
  const tokenForm = new URLSearchParams({
    grant_type: 'authorization_code',
    client_id: tpp.clientId,
    code,
    redirect_uri: tpp.redirectUri,
  });
  const token: unknown = JSON.parse(
    (await call('POST', '/stet/psd2/oauth/token', tokenForm.toString(), 'application/x-www-form-urlencoded'))
      .text,
  );
  if (!isRecord(token) || typeof token.access_token !== 'string') throw new Error('no access token');
  return token.access_token;
}

async function benchReference(reference: RunningReference): Promise<Figures> {
  const tpp = reference.info.tpp;
  const [ca, cert, key, qsealKey] = await Promise.all([
    readFile(reference.info.ca, 'utf8'),
    readFile(tpp.qwacCert, 'utf8'),
    readFile(tpp.qwacKey, 'utf8'),
    readFile(tpp.qsealKey, 'utf8'),
  ]);
  const connect = { ca, cert, key, servername: host };
  const agent = new Agent({ connect });
  const token = await accessToken(reference, agent);
  await agent.close();
  // PSU-IP-Address: the PSU is connected, so batch quotas do not cap the run. One signature serves
  // every request (same X-Request-ID) so the client's signing does not eat the server's CPU.
  const headers: Record<string, string> = {
    host,
    authorization: `Bearer ${token}`,
    'x-request-id': randomUUID(),
    'psu-ip-address': '192.0.2.1',
    digest: computeDigest(''),
  };
  headers.signature = signRequest({
    method: 'GET',
    path,
    headers,
    keyId: tpp.keyId,
    privateKey: qsealKey,
    headerNames: ['(request-target)', 'digest', 'x-request-id', 'psu-ip-address'],
  });
  const pool = new Pool(reference.url, { connections, connect });
  const probe = await pool.request({ method: 'GET', path, headers });
  if (probe.statusCode !== 200)
    throw new Error(`GET /accounts answered ${probe.statusCode}: ${await probe.body.text()}`);
  await probe.body.dump();
  const figures = await load(pool, headers);
  await pool.close();
  return figures;
}

async function benchBare(reference: RunningReference): Promise<Figures> {
  const [ca, cert, key] = await Promise.all(
    [reference.info.ca, reference.app.pki.serverCert, reference.app.pki.serverKey].map((f) =>
      readFile(f, 'utf8'),
    ),
  );
  const body = JSON.stringify({
    accounts: [{ resourceId: 'A', cashAccountType: 'CACC' }],
    _links: { self: { href: path } },
  });
  const server = createServer({ cert, key, keepAlive: true }, (_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const pool = new Pool(`https://127.0.0.1:${port}`, { connections, connect: { ca, servername: host } });
  const figures = await load(pool, { host });
  await pool.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return figures;
}

function row(name: string, f: Figures): string {
  return `${name.padEnd(28)} ${f.rps.toFixed(0).padStart(8)} req/s   p50 ${f.p50.toFixed(2).padStart(7)} ms   p99 ${f.p99.toFixed(2).padStart(7)} ms   (${f.requests} requests, ${f.failures} non-200)`;
}

const dir = await mkdtemp(join(tmpdir(), 'stet-bench-'));
const quiet = { log: () => undefined };
try {
  let started = performance.now();
  const first = await startReference({
    store: { kind: 'embedded', dir: join(dir, 'store') },
    pkiDir: join(dir, 'pki'),
    ...quiet,
  });
  const firstStart = performance.now() - started;
  await first.close();
  started = performance.now();
  const reference = await startReference({
    store: { kind: 'embedded', dir: join(dir, 'store') },
    pkiDir: join(dir, 'pki'),
    ...quiet,
  });
  const restart = performance.now() - started;
  try {
    const bare = await benchBare(reference);
    const ref = await benchReference(reference);
    process.stdout.write(
      `stet-harness reference benchmark: ${seconds} s per server, ${connections} connections, ${concurrency} requests in flight\n`,
    );
    process.stdout.write(`${row('bare node:https (fixed JSON)', bare)}\n`);
    process.stdout.write(`${row('reference GET /accounts', ref)}\n`);
    process.stdout.write(
      `ratio reference / bare: ${((ref.rps / bare.rps) * 100).toFixed(1)}% (target >= 40%)\n`,
    );
    process.stdout.write(
      `embedded store start-up: first start ${firstStart.toFixed(0)} ms (generates the PKI), restart ${restart.toFixed(0)} ms (target < 3000 ms)\n`,
    );
  } finally {
    await reference.close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
