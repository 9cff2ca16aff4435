/**
 * Benchmark of the reference bank: requests per second and p50/p99 latency of a signed,
 * token-checked `GET /stet/psd2/v1.6.2/accounts` over mTLS with keep-alive, next to a bare
 * node:https server answering a fixed JSON body on the same machine in the same run, and the
 * start-up time of the reference with the embedded store (first start on a new directory, then a
 * restart). The first new store on a machine runs PGlite's initdb and writes the template every later
 * new store starts from (reference-aspsp/store/pglite-template.ts); that one-off is timed apart.
 *
 * The bare server is the reference minus the bank: same certificate, same mutual-TLS handshake
 * (it asks for the client certificate), and it answers the very body the reference sends, so the
 * ratio measures what the bank's checks and logic cost, not a smaller payload. Rounds alternate
 * (bare, reference, bare, reference) and the better round of each counts, which evens out a noisy
 * shared machine. The CPU steal of the run (time the hypervisor gave to other guests) is printed
 * from /proc/stat where there is one: with high steal, every figure is low.
 *
 * Run: `npm run bench:reference` (options: `--seconds N` per round, `--connections N`,
 * `--concurrency N` requests in flight, `--rounds N`, `--cpu-profile FILE` to write a V8 CPU profile
 * of the reference rounds only, to open in Chrome DevTools' Performance panel; `--cpu-profile-bare FILE`
 * the same of the bare rounds).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:https';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Session } from 'node:inspector/promises';
import { writeFile } from 'node:fs/promises';
import { Agent, Pool, request } from 'undici';
import { computeDigest } from '../protocol/digest.ts';
import { signRequest } from '../protocol/sign-request.ts';
import { startReference, type RunningReference } from '../reference-aspsp/index.ts';
import { isRecord } from '../reference-aspsp/lib/is-record.ts';
import { createPglite } from '../reference-aspsp/store/pglite-template.ts';
import { newestApiVersion } from '../spec/lib/index.ts';
import { describeSteal, readCpuTimes } from './cpu-steal.ts';

const usage = `usage: npm run bench:reference -- [--seconds N] [--connections N] [--concurrency N] [--rounds N] [--cpu-profile FILE]

  --seconds N        length of a round, per server (default 5)
  --connections N    TLS connections of the client (default 8)
  --concurrency N    requests in flight (default 32)
  --rounds N         rounds per server, alternating; the better one counts (default 2)
  --cpu-profile FILE write a V8 CPU profile of the reference rounds
  --cpu-profile-bare FILE  the same of the bare server's rounds, to compare part by part`;

/** The options, or the usage and exit 2 (exit 0 for --help): a bad option is not a stack trace. */
function readOptions() {
  try {
    const parsed = parseArgs({
      options: {
        seconds: { type: 'string', default: '5' },
        connections: { type: 'string', default: '8' },
        concurrency: { type: 'string', default: '32' },
        rounds: { type: 'string', default: '2' },
        'cpu-profile': { type: 'string' },
        'cpu-profile-bare': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (parsed.values.help === true) {
      process.stdout.write(`${usage}\n`);
      process.exit(0);
    }
    for (const name of ['seconds', 'connections', 'concurrency', 'rounds'] as const) {
      const value = Number(parsed.values[name]);
      if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number >= 1`);
    }
    return parsed;
  } catch (error) {
    process.stderr.write(
      `bench:reference: ${error instanceof Error ? error.message : String(error)}\n${usage}\n`,
    );
    process.exit(2);
  }
}

const { values } = readOptions();
const rounds = Number(values['rounds']);
const seconds = Number(values['seconds']);
const connections = Number(values['connections']);
const concurrency = Number(values['concurrency']);
const host = 'api-10101.psd2.groupbank.example';
const path = `/stet/psd2/${newestApiVersion}/accounts`;

interface Figures {
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly failures: number;
  /** Event-loop busy time per request (client and server share the loop), microseconds. */
  readonly busyUs: number;
  /** Process CPU time (every thread, user and system) per request, microseconds: unlike rates, not
   * lowered by CPU steal. */
  readonly cpuUs: number;
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
  const loop = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const busy = performance.eventLoopUtilization(loop).active;
  const used = process.cpuUsage(cpu);
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
    busyUs: (busy * 1000) / Math.max(1, latencies.length),
    cpuUs: (used.user + used.system) / Math.max(1, latencies.length),
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

/** What a round against the reference needs: the client's TLS material, signed headers, the body. */
interface ReferenceClient {
  readonly connect: { ca: string; cert: string; key: string; servername: string };
  readonly headers: Record<string, string>;
  /** The body the reference answers, which the bare server sends too. */
  readonly body: string;
}

async function prepareClient(reference: RunningReference): Promise<ReferenceClient> {
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
  const probe = await request(`${reference.url}${path}`, { dispatcher: agent, headers });
  const body = await probe.body.text();
  await agent.close();
  if (probe.statusCode !== 200) throw new Error(`GET /accounts answered ${probe.statusCode}: ${body}`);
  return { connect, headers, body };
}

async function benchReference(reference: RunningReference, client: ReferenceClient): Promise<Figures> {
  const pool = new Pool(reference.url, { connections, connect: client.connect });
  const figures = await profiled(values['cpu-profile'], () => load(pool, client.headers));
  await pool.close();
  return figures;
}

/** Runs fn under the V8 profiler when `file` is named (the last round's profile is kept). */
async function profiled<T>(file: string | undefined, fn: () => Promise<T>): Promise<T> {
  if (file === undefined) return fn();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
  }
}

async function benchBare(reference: RunningReference, client: ReferenceClient): Promise<Figures> {
  const [cert, key] = await Promise.all(
    [reference.app.pki.serverCert, reference.app.pki.serverKey].map((f) => readFile(f, 'utf8')),
  );
  const body = client.body;
  // The reference's TLS set-up: ask for the client certificate, answer even without a trusted one.
  const server = createServer(
    { cert, key, ca: client.connect.ca, requestCert: true, rejectUnauthorized: false, keepAlive: true },
    (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const pool = new Pool(`https://127.0.0.1:${port}`, { connections, connect: client.connect });
  const figures = await profiled(values['cpu-profile-bare'], () => load(pool, client.headers));
  await pool.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return figures;
}

/** The round with the higher rate. */
function best(a: Figures | undefined, b: Figures): Figures {
  return a === undefined || b.rps > a.rps ? b : a;
}

function row(name: string, f: Figures): string {
  return `${name.padEnd(32)} ${f.rps.toFixed(0).padStart(8)} req/s   p50 ${f.p50.toFixed(2).padStart(7)} ms   p99 ${f.p99.toFixed(2).padStart(7)} ms   CPU ${f.cpuUs.toFixed(0).padStart(4)} µs/request   (${f.requests} requests, ${f.failures} non-200)`;
}

const dir = await mkdtemp(join(tmpdir(), 'stet-bench-'));
const quiet = { log: () => undefined };
try {
  let started = performance.now();
  const warm = await createPglite(join(dir, 'template-warm-up'));
  await warm.db.close();
  const warmUp =
    warm.start === 'initdb'
      ? `first store on this machine: ${(performance.now() - started).toFixed(0)} ms (PGlite initdb, writes the template)`
      : 'PGlite template already on this machine';
  started = performance.now();
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
    const client = await prepareClient(reference);
    const before = readCpuTimes();
    const loadBefore = loadavg()[0] ?? 0;
    let bare: Figures | undefined;
    let ref: Figures | undefined;
    for (let round = 0; round < rounds; round++) {
      bare = best(bare, await benchBare(reference, client));
      ref = best(ref, await benchReference(reference, client));
    }
    const steal = describeSteal(before, readCpuTimes());
    if (bare === undefined || ref === undefined) throw new Error('--rounds must be at least 1');
    const lines = [
      `stet-harness reference benchmark: ${rounds} rounds of ${seconds} s per server, ${connections} connections, ${concurrency} requests in flight, ${Buffer.byteLength(client.body)}-byte body`,
      row('bare node:https (same TLS, body)', bare),
      row('reference GET /accounts', ref),
      `ratio reference / bare: ${((ref.rps / bare.rps) * 100).toFixed(1)}% (target >= 50%)`,
      // The same comparison by CPU per request: less moved by other processes than rates are.
      `CPU per request, bare / reference: ${((bare.cpuUs / ref.cpuUs) * 100).toFixed(1)}%`,
      `embedded store start-up: first start ${firstStart.toFixed(0)} ms (new directory: generates the PKI, cluster from the template), restart ${restart.toFixed(0)} ms (target < 3000 ms); ${warmUp}`,
      steal,
      // Other processes on the machine take CPU from both servers alike, but not in equal measure:
      // compare figures only between runs at a similar load.
      `machine load (1-minute average) ${loadBefore.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end, on ${availableParallelism()} CPUs`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await reference.close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
