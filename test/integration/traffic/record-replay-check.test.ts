import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServeInfo, targetFromServeInfo } from '../../../harness/targets/target-from-serve-info.ts';
import type { Target } from '../../../harness/targets/target-definition.ts';
import { startReference, type RunningReference } from '../../../reference-aspsp/index.ts';
import { checkHar } from '../../../traffic/check/check-har.ts';
import type { Har } from '../../../traffic/har/har.ts';
import { serializeHar } from '../../../traffic/har/har-file.ts';
import { parseHar } from '../../../traffic/har/parse-har.ts';
import { finishRecording } from '../../../traffic/record/finish-recording.ts';
import { startRecorder } from '../../../traffic/record/recorder.ts';
import { startReplayServer, type ReplayServer } from '../../../traffic/replay/replay-server.ts';
import { issueCertificate } from '../../../traffic/tls/issue-certificate.ts';
import { alterHar } from '../../unit/traffic/fixtures/alter-har.ts';
import { runAisSession, type Verdicts } from './ais-session.ts';

const today = new Date().toISOString().slice(0, 10);

describe('record, replay and check a full AIS session of the reference', () => {
  let reference: RunningReference;
  let target: Target;
  let har: Har;
  let recorded: { verdicts: Verdicts; secrets: string[] };
  let replay: ReplayServer;
  const proxyCa = issueCertificate({ commonName: 'test proxy CA', usage: 'ca' });

  beforeAll(async () => {
    reference = await startReference({ store: { kind: 'memory' }, log: () => undefined });
    target = targetFromServeInfo(parseServeInfo(reference.info));
    const recorder = await startRecorder({
      ca: proxyCa,
      upstream: {
        baseUrl: target.baseUrl,
        connect: target.connect,
        ca: target.ca,
        clientCertificate: target.tpp.qwac,
      },
    });
    recorded = await runAisSession(
      { ...target, connect: { host: '127.0.0.1', port: recorder.port }, ca: proxyCa.cert },
      today,
    );
    har = parseHar(
      serializeHar(finishRecording(await recorder.stop(), { redact: true, toolVersion: 'test' }).har),
    );
    replay = await startReplayServer({ har, ca: proxyCa });
  });

  afterAll(async () => {
    await replay.stop();
    await reference.close();
  });

  it('records every exchange of the session, journey pages included', () => {
    expect(recorded.verdicts.map((v) => v.status)).toEqual([201, 200, 200, 201, 200, 200, 200, 403]);
    expect(har.log.entries.length).toBeGreaterThan(recorded.verdicts.length);
  });

  it('leaves no secret of the session in the HAR', () => {
    const text = serializeHar(har);
    for (const secret of recorded.secrets)
      expect(text.includes(secret), 'a secret of the session is in the HAR').toBe(false);
    expect(text).toContain('REDACTED-ACCESS-TOKEN-');
  });

  it('checks the recording clean', () => {
    expect(
      checkHar(har)
        .filter((f) => f.verdict === 'failed')
        .map((f) => `${f.rule}: ${f.message}`),
    ).toEqual([]);
  });

  it('finds every deviation of a hand-altered copy', () => {
    const altered = alterHar(har);
    const failed = new Set(
      checkHar(altered.har)
        .filter((f) => f.verdict === 'failed')
        .map((f) => f.rule),
    );
    for (const rule of altered.rules) expect(failed.has(rule), rule).toBe(true);
  });

  it('replays the session to the same client with the same verdicts', async () => {
    const replayed = await runAisSession(
      { ...target, connect: { host: '127.0.0.1', port: replay.port }, ca: proxyCa.cert },
      today,
    );
    expect(replayed.verdicts).toEqual(recorded.verdicts);
  });
});
