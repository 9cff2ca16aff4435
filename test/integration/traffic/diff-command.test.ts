/**
 * `stet-harness diff` end to end: a session recorded through the proxy in front of one reference is
 * re-sent to a second reference started fresh (no difference, exit 0), then to a reference started
 * with a fault (the difference is reported, exit 1).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServeInfo, targetFromServeInfo } from '../../../harness/targets/target-from-serve-info.ts';
import { startReference, type RunningReference } from '../../../reference-aspsp/index.ts';
import { serializeHar } from '../../../traffic/har/har-file.ts';
import { finishRecording } from '../../../traffic/record/finish-recording.ts';
import { startRecorder } from '../../../traffic/record/recorder.ts';
import { issueCertificate } from '../../../traffic/tls/issue-certificate.ts';
import { runAisSession } from './ais-session.ts';
import { runPispSession } from './pisp-session.ts';
import { writeReferenceTarget } from './reference-target-file.ts';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'traffic-diff-'));
/** One PKI for every reference of the file: the same TPP is enrolled everywhere, started once. */
const pkiDir = join(dir, 'pki');
const harPath = join(dir, 'session.har');
const today = new Date().toISOString().slice(0, 10);
const references: RunningReference[] = [];

async function reference(faults: string[] = []): Promise<RunningReference> {
  const started = await startReference({ store: { kind: 'memory' }, pkiDir, faults, log: () => undefined });
  references.push(started);
  return started;
}

function targetFile(running: RunningReference, name: string): string {
  return writeReferenceTarget(join(dir, `${name}.yaml`), running.info, {
    name,
    connect: `127.0.0.1:${running.port}`,
    ca: running.info.ca,
  });
}

beforeAll(async () => {
  const recordedOn = await reference();
  const target = targetFromServeInfo(parseServeInfo(recordedOn.info));
  const proxyCa = issueCertificate({ commonName: 'test proxy CA', usage: 'ca' });
  const recorder = await startRecorder({
    ca: proxyCa,
    upstream: {
      baseUrl: target.baseUrl,
      connect: target.connect,
      ca: target.ca,
      clientCertificate: target.tpp.qwac,
    },
  });
  try {
    const throughProxy = { ...target, connect: { host: '127.0.0.1', port: recorder.port }, ca: proxyCa.cert };
    await runAisSession(throughProxy, today);
    await runPispSession(throughProxy);
  } finally {
    const { har } = finishRecording(await recorder.stop(), { redact: true, toolVersion: 'test' });
    writeFileSync(harPath, serializeHar(har));
  }
});

afterAll(async () => {
  await Promise.all(references.map((r) => r.close()));
});

describe('stet-harness diff against a real target', () => {
  it('finds no difference against a second reference started fresh, and exits 0', async () => {
    const result = await runCli('diff', harPath, '--against', targetFile(await reference(), 'fresh'));
    expect(result.stdout).not.toContain('DIFF');
    // The AIS session, then the PISP one: journeys, PKCE exchange, confirmation, status read.
    expect(result.stdout).toMatch(/^22 exchange\(s\), 0 with differences$/m);
    expect(result.stdout).toMatch(/^same +#21 GET \S+\/payment-requests\/\w+$/m);
    expect(result.code).toBe(0);
  });

  it('reports the difference of a reference started with a fault, and exits 1', async () => {
    const result = await runCli(
      'diff',
      harPath,
      '--against',
      targetFile(await reference(['consent-not-checked']), 'faulty'),
    );
    expect(result.stdout).toMatch(
      /^DIFF +#11 GET \S+\/balances\n +status: recorded 403, now 200\n +error code: recorded NGAC, now none\n/m,
    );
    expect(result.stdout).toMatch(/^22 exchange\(s\), 1 with differences$/m);
    expect(result.code).toBe(1);
  });
});
