import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServeInfo, targetFromServeInfo } from '../../../harness/targets/target-from-serve-info.ts';
import type { Target } from '../../../harness/targets/target-definition.ts';
import { startReference, type RunningReference } from '../../../reference-aspsp/index.ts';
import { checkHar } from '../../../traffic/check/check-har.ts';
import type { Har } from '../../../traffic/har/har.ts';
import { serializeHar } from '../../../traffic/har/har-file.ts';
import { parseHar } from '../../../traffic/har/parse-har.ts';
import { startReplayServer, type ReplayServer } from '../../../traffic/replay/replay-server.ts';
import { issueTlsCertificate } from '../../../pki/index.ts';
import { alterHar } from '../../unit/traffic/fixtures/alter-har.ts';
import { runAisSession, type Verdicts } from './ais-session.ts';
import { runPispSession } from './pisp-session.ts';
import { startRecordingProxy } from './recording-proxy.ts';

const today = new Date().toISOString().slice(0, 10);

const proxyCa = await issueTlsCertificate({ commonName: 'test proxy CA', usage: 'ca' });

describe('record, replay and check a full AIS and PISP session of the reference', () => {
  let reference: RunningReference;
  let target: Target;
  let har: Har;
  let recorded: { verdicts: Verdicts; secrets: string[] };
  let recordedPisp: { verdicts: Verdicts; secrets: string[] };
  let replay: ReplayServer;

  beforeAll(async () => {
    reference = await startReference({ store: { kind: 'memory' }, log: () => undefined });
    target = targetFromServeInfo(parseServeInfo(reference.info));
    const proxy = await startRecordingProxy(target, proxyCa);
    recorded = await runAisSession(proxy.through, today);
    recordedPisp = await runPispSession(proxy.through);
    har = parseHar(serializeHar(await proxy.finish()));
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

  it('records the PISP session: first token, payment, PKCE journey, second token, confirmation, status', () => {
    expect(recordedPisp.verdicts).toEqual([
      { step: 'clone alice', status: 201, code: undefined },
      { step: 'first token (client credentials)', status: 200, code: undefined, detail: 'scope pisp' },
      { step: 'payment request', status: 201, code: undefined },
      { step: 'consent journey', status: 303, code: undefined, detail: 'state returned' },
      { step: 'second token (code and code_verifier)', status: 200, code: undefined, detail: 'scope pisp' },
      { step: 'state in the token response', status: 200, code: undefined, detail: 'state returned' },
      { step: 'confirmation', status: 200, code: undefined, detail: 'PDNG' },
      {
        step: 'status with the initiation X-Request-ID',
        status: 200,
        code: undefined,
        detail: 'PDNG, X-Request-ID echoed',
      },
    ]);
    const paths = har.log.entries.map((e) => `${e.request.method} ${new URL(e.request.url).pathname}`);
    expect(paths).toContain('POST /stet/psd2/v1.4.2/payment-requests');
    expect(paths.filter((p) => p.endsWith('/confirmation'))).toHaveLength(1);
  });

  it('leaves no secret of either session in the HAR: tokens, codes, code_verifier, OTP, identifiers, IBANs', () => {
    const text = serializeHar(har);
    const secrets = [...recorded.secrets, ...recordedPisp.secrets];
    expect(secrets.length).toBe(12);
    for (const secret of secrets)
      expect(text.includes(secret), `secret #${secrets.indexOf(secret)}`).toBe(false);
    for (const placeholder of [
      'REDACTED-ACCESS-TOKEN-',
      'REDACTED-CODE-',
      'REDACTED-CODE-VERIFIER-',
      'REDACTED-OTP-',
      'REDACTED-PSU-ID-',
    ])
      expect(text).toContain(placeholder);
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

  it("replays the PISP session with the same verdicts, the client's own state and X-Request-ID echoed", async () => {
    replay.book.reset();
    const viaReplay = { ...target, connect: { host: '127.0.0.1', port: replay.port }, ca: proxyCa.cert };
    await runAisSession(viaReplay, today);
    const replayed = await runPispSession(viaReplay);
    expect(replayed.verdicts).toEqual(recordedPisp.verdicts);
  });
});
