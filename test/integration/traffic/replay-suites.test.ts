/**
 * The harness's own suites against a replay of their own run: `stet-harness run` is recorded through
 * the proxy in front of the reference, then run again against `replay` of that HAR, and every case
 * must get the same verdict. The cases cover the sandbox control API (PSU clones), consent journeys,
 * tokens, links, date ranges, quotas, and the PISP journey with PKCE and the status read.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReport } from '../../../harness/report/json-report.ts';
import type { RunReport } from '../../../harness/report/model.ts';
import { startReference, type RunningReference } from '../../../reference-aspsp/index.ts';
import type { Har } from '../../../traffic/har/har.ts';
import { serializeHar } from '../../../traffic/har/har-file.ts';
import { finishRecording } from '../../../traffic/record/finish-recording.ts';
import { startRecorder } from '../../../traffic/record/recorder.ts';
import { startReplayServer } from '../../../traffic/replay/replay-server.ts';
import { issueTlsCertificate } from '../../../pki/index.ts';
import { writeReferenceTarget } from './reference-target-file.ts';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'traffic-suites-'));
const proxyCa = await issueTlsCertificate({ commonName: 'test proxy CA', usage: 'ca' });
const proxyCaPath = join(dir, 'proxy-ca.pem');
writeFileSync(proxyCaPath, proxyCa.cert);

/** The smoke suite whole and four PISP cases (full journey, PKCE refusal, status X-Request-ID, reused first token), v1.4.2. */
const selection = [
  ...['--suite', 'smoke-ais', '--suite', 'pisp-payment-initiation'],
  ...['--rule', 'TOK-*', '--rule', 'AIS-*', '--rule', 'CNS-*', '--rule', 'QTA-*'],
  ...['--rule', 'PIS-SUCCESS-CALLBACK', '--rule', 'PIS-CONFIRMATION-TOKEN-PKCE'],
  ...['--rule', 'PIS-GET-SAME-X-REQUEST-ID', '--version', 'v1.4.2', '--concurrency', '1'],
];

async function runAgainst(port: number, name: string): Promise<{ code: number; report: RunReport }> {
  const target = writeReferenceTarget(join(dir, `${name}.yaml`), reference.info, {
    name,
    connect: `127.0.0.1:${port}`,
    ca: proxyCaPath,
  });
  const out = join(dir, name);
  const { code } = await runCli('run', '--target', target, ...selection, '--reporter', 'json', '--out', out);
  return { code, report: parseReport(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'))) };
}

async function runAgainstReplay(har: Har, name: string): Promise<{ code: number; report: RunReport }> {
  const replay = await startReplayServer({ har, ca: proxyCa });
  try {
    return await runAgainst(replay.port, name);
  } finally {
    await replay.stop();
  }
}

function verdicts(report: RunReport): string[] {
  return report.results.map((r) => `${r.suite}/${r.case} ${r.version} ${r.institution}: ${r.status}`);
}

let reference: RunningReference;
let recorded: { code: number; report: RunReport };
let har: Har;

beforeAll(async () => {
  reference = await startReference({ store: { kind: 'memory' }, mode: 'sandbox', log: () => undefined });
  const recorder = await startRecorder({
    ca: proxyCa,
    upstream: {
      baseUrl: 'https://api-<institution_code>.psd2.groupbank.example',
      connect: { host: '127.0.0.1', port: reference.port },
      ca: readFileSync(reference.info.ca, 'utf8'),
      clientCertificate: {
        cert: readFileSync(reference.info.tpp.qwacCert, 'utf8'),
        key: readFileSync(reference.info.tpp.qwacKey, 'utf8'),
      },
    },
  });
  try {
    recorded = await runAgainst(recorder.port, 'recorded');
  } finally {
    har = finishRecording(await recorder.stop(), { redact: true, toolVersion: 'test' }).har;
  }
});

afterAll(async () => {
  await reference.close();
});

describe('stet-harness run replayed from a recording of itself', () => {
  it('records a run whose every case passes, sandbox calls and journeys included', () => {
    expect(recorded.code).toBe(0);
    // smoke-ais and the PISP cases the rules select (12 when written; the PISP cases that claim a TOK-*
    // rule, such as the reused first token's TOK-INVALID-TOKEN, come along as the suites name more rules).
    expect(recorded.report.results.length).toBeGreaterThanOrEqual(12);
    expect(new Set(recorded.report.results.map((r) => r.suite))).toEqual(
      new Set(['smoke-ais', 'pisp-payment-initiation']),
    );
    expect(new Set(recorded.report.results.map((r) => r.status))).toEqual(new Set(['passed']));
    const paths = har.log.entries.map((e) => new URL(e.request.url).pathname);
    expect(paths).toContain('/sandbox/v1/psus');
    expect(paths).toContain('/stet/psd2/oauth/authorize');
    expect(paths).toContain('/stet/psd2/v1.4.2/payment-requests');
  });

  it('gives every case the same verdict against the replay as against the reference', async () => {
    const replayed = await runAgainstReplay(har, 'replayed');
    expect(replayed.code).toBe(recorded.code);
    expect(verdicts(replayed.report)).toEqual(verdicts(recorded.report));
  });

  it('fails the case that checks a deviation planted in the recording, and only that case', async () => {
    const altered = structuredClone(har);
    for (const entry of altered.log.entries) {
      const text = entry.response.content.text;
      if (new URL(entry.request.url).pathname === '/stet/psd2/oauth/token' && text?.includes('refresh_token'))
        entry.response.content.text = text.replace('"expires_in":3600', '"expires_in":60');
    }
    expect(serializeHar(altered)).not.toEqual(serializeHar(har));
    const replayed = await runAgainstReplay(altered, 'altered');
    expect(replayed.code).toBe(1);
    const failed = replayed.report.results.filter((r) => r.status === 'failed').map((r) => r.case);
    expect(failed).toEqual(['token-exchange']);
  });
});
