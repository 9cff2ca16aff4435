/**
 * Replay server throughput: requests per second of `stet-harness replay` (a recording of 7 exchanges,
 * structural matching) next to a bare mockttp server answering one fixed response, in the same run,
 * same client (undici, keep-alive, 16 in flight) and same TLS set-up.
 *
 *   npm run bench:replay [-- --seconds 5]
 */
import { readFileSync } from 'node:fs';
import { getLocal } from 'mockttp';
import { Agent, request } from 'undici';
import { parseHar } from '../traffic/har/parse-har.ts';
import { startReplayServer } from '../traffic/replay/replay-server.ts';
import { issueCertificate } from '../traffic/tls/issue-certificate.ts';

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 5;
const host = 'api-10101.psd2.groupbank.example';
const path = '/stet/psd2/v1.4.2/accounts/acc-a/transactions?dateFrom=2025-05-01&dateTo=2025-05-03';
const har = parseHar(
  readFileSync(new URL('../test/unit/traffic/fixtures/ais-session.har', import.meta.url), 'utf8'),
);
const ca = issueCertificate({ commonName: 'bench CA', usage: 'ca' });

async function measure(url: string): Promise<number> {
  const agent = new Agent({ connect: { ca: ca.cert, servername: host }, connections: 16, pipelining: 1 });
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
  return done / elapsed;
}

const fixed = readFileSync(new URL('../test/unit/traffic/fixtures/ais-session.har', import.meta.url), 'utf8');
const bare = getLocal({ https: { key: ca.key, cert: ca.cert }, http2: false, recordTraffic: false });
await bare.start(0);
await bare.forAnyRequest().thenReply(200, fixed.slice(0, 1000), { 'content-type': 'application/json' });
const replay = await startReplayServer({ har, ca });

// Warm both up (TLS sessions, JIT) before measuring.
await measure(`https://127.0.0.1:${bare.port}`);
await measure(replay.url);
const bareRate = await measure(`https://127.0.0.1:${bare.port}`);
const replayRate = await measure(replay.url);
await replay.stop();
await bare.stop();

process.stdout.write(
  [
    `bench:replay (${seconds} s each, 16 concurrent, HTTPS keep-alive)`,
    `  bare mockttp, fixed response : ${bareRate.toFixed(0)} req/s`,
    `  stet-harness replay          : ${replayRate.toFixed(0)} req/s (${((replayRate / bareRate) * 100).toFixed(0)}% of bare)`,
    '',
  ].join('\n'),
);
