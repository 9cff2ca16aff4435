/**
 * Replay server throughput: requests per second of `stet-harness replay` (a recording of 7 exchanges,
 * structural matching) next to a bare mockttp server answering one fixed response (the issue's
 * yardstick), and next to a bare node:https server answering it (the replay's own stack, so the cost of
 * matching shows), in the same run, same client (undici, keep-alive, 16 in flight) and same TLS set-up.
 *
 *   npm run bench:replay [-- --seconds 5]
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { getLocal } from 'mockttp';
import { Agent, request } from 'undici';
import { parseHar } from '../traffic/har/parse-har.ts';
import { startReplayServer } from '../traffic/replay/replay-server.ts';
import { issueTlsCertificate } from '../pki/index.ts';

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 5;
const host = 'api-10101.psd2.groupbank.example';
const har = parseHar(
  readFileSync(new URL('../test/unit/traffic/fixtures/ais-session.har', import.meta.url), 'utf8'),
);
// The recording's transactions read (in the version it was recorded in), replayed over and over.
const recorded = har.log.entries.find((entry) =>
  new URL(entry.request.url).pathname.endsWith('/transactions'),
);
if (recorded === undefined) throw new Error('the fixture HAR has no transactions request');
const { pathname, search } = new URL(recorded.request.url);
const path = `${pathname}${search}`;
const ca = await issueTlsCertificate({ commonName: 'bench CA', usage: 'ca' });

/** One measurement: requests per second, requests done, TLS connections opened. */
interface Run {
  rate: number;
  requests: number;
  connections: number;
}

/** Requests per second over `seconds`, and the TLS connections opened (keep-alive: about 16). */
async function measure(url: string): Promise<Run> {
  const agent = new Agent({ connect: { ca: ca.cert, servername: host }, connections: 16, pipelining: 1 });
  let connections = 0;
  agent.on('connect', () => {
    connections += 1;
  });
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  const worker = async (): Promise<void> => {
    while (performance.now() < until) {
      const response = await request(`${url}${path}`, {
        headers: { host, 'x-request-id': `b-${done}` },
        dispatcher: agent,
      });
      await response.body.dump();
      if (response.statusCode === 200) done += 1;
      else failed += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: 16 }, worker));
  const elapsed = (performance.now() - started) / 1000;
  await agent.close();
  if (failed > 0) throw new Error(`${failed} request(s) did not get 200`);
  return { rate: done / elapsed, requests: done, connections };
}

const fixed = readFileSync(new URL('../test/unit/traffic/fixtures/ais-session.har', import.meta.url), 'utf8');
const fixedBody = fixed.slice(0, 1000);
const bare = getLocal({ https: { key: ca.key, cert: ca.cert }, http2: false, recordTraffic: false });
await bare.start(0);
// mockttp sends the headers it is given as they are: without Content-Length the body ends with the
// connection, and every request would pay a new TLS handshake (the ~50 req/s this bench once showed).
await bare.forAnyRequest().thenReply(200, fixedBody, {
  'content-type': 'application/json',
  'content-length': String(Buffer.byteLength(fixedBody)),
});
const replay = await startReplayServer({ har, ca });
const leaf = await issueTlsCertificate({ ca, commonName: host, hosts: [host] });
const node = createServer({ key: leaf.key, cert: `${leaf.cert}${ca.cert}` }, (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(fixedBody) });
  res.end(fixedBody);
});
await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
const nodeUrl = `https://127.0.0.1:${(node.address() as AddressInfo).port}`;

// Warm both up (TLS sessions, JIT), then alternate two rounds so neither side gains from going second.
await measure(`https://127.0.0.1:${bare.port}`);
await measure(nodeUrl);
await measure(replay.url);
const rounds: Array<{ bare: Run; node: Run; replay: Run }> = [];
for (let round = 0; round < 2; round += 1)
  rounds.push({
    bare: await measure(`https://127.0.0.1:${bare.port}`),
    node: await measure(nodeUrl),
    replay: await measure(replay.url),
  });
await replay.stop();
await bare.stop();
await new Promise<void>((resolve) => node.close(() => resolve()));
const total = (runs: Run[]): Run => ({
  rate: runs.reduce((sum, r) => sum + r.rate, 0) / runs.length,
  requests: runs.reduce((sum, r) => sum + r.requests, 0),
  connections: runs.reduce((sum, r) => sum + r.connections, 0),
});
const bareRun = total(rounds.map((r) => r.bare));
const nodeRun = total(rounds.map((r) => r.node));
const replayRun = total(rounds.map((r) => r.replay));

const line = (label: string, run: Run): string =>
  `  ${label}: ${run.rate.toFixed(0)} req/s (${run.requests} requests on ${run.connections} TLS connections)`;
process.stdout.write(
  [
    `bench:replay (3 servers in 2 alternating rounds of ${seconds} s each, 16 concurrent, HTTPS keep-alive)`,
    line('bare mockttp, fixed response   ', bareRun),
    line('bare node:https, fixed response', nodeRun),
    line('stet-harness replay            ', replayRun),
    `  replay / bare                  : ${((replayRun.rate / bareRun.rate) * 100).toFixed(0)}%`,
    `  replay / bare node:https       : ${((replayRun.rate / nodeRun.rate) * 100).toFixed(0)}%`,
    '',
  ].join('\n'),
);
