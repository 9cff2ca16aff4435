/**
 * `stet-harness diff` end to end: sessions recorded through the proxy in front of one reference (AIS,
 * PISP, and a session probing deviations) are re-sent to a second reference started fresh (no
 * difference, exit 0), then to references started each with one fault of the catalogue: the
 * difference is reported under a rule the fault breaks (exit 1).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServeInfo, targetFromServeInfo } from '../../../harness/targets/target-from-serve-info.ts';
import { findFault } from '../../../reference-aspsp/faults/catalogue.ts';
import { startReference, type RunningReference } from '../../../reference-aspsp/index.ts';
import { parseHar } from '../../../traffic/har/parse-har.ts';
import { serializeHar } from '../../../traffic/har/har-file.ts';
import { issueTlsCertificate } from '../../../pki/index.ts';
import { runAisSession } from './ais-session.ts';
import { runPispSession } from './pisp-session.ts';
import { runProbeSession } from './probe-session.ts';
import { startRecordingProxy } from './recording-proxy.ts';
import { writeReferenceTarget } from './reference-target-file.ts';
import { parisDay } from '../../../spec/lib/index.ts';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'traffic-diff-'));
/** One PKI for every reference of the file: the same TPP is enrolled everywhere, started once. */
const pkiDir = join(dir, 'pki');
const harPath = join(dir, 'session.har');
const probePath = join(dir, 'probe.har');
// The bank's day is the Paris day (its 90-day history and quotas count in it), not the UTC one.
const today = parisDay(new Date());
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

async function record(
  path: string,
  sessions: (target: ReturnType<typeof targetFromServeInfo>) => Promise<void>,
): Promise<void> {
  const recordedOn = await reference();
  const target = targetFromServeInfo(parseServeInfo(recordedOn.info));
  const proxy = await startRecordingProxy(
    target,
    await issueTlsCertificate({ commonName: 'test proxy CA', usage: 'ca' }),
  );
  try {
    await sessions(proxy.through);
  } finally {
    writeFileSync(path, serializeHar(await proxy.finish()));
  }
}

beforeAll(async () => {
  await record(harPath, async (target) => {
    await runAisSession(target, today);
    await runPispSession(target);
  });
  await record(probePath, (target) => runProbeSession(target, today));
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

  it('reports the difference of a reference started with a fault under its rule, and exits 1', async () => {
    const result = await runCli(
      'diff',
      harPath,
      '--against',
      targetFile(await reference(['consent-not-checked']), 'faulty'),
    );
    expect(result.stdout).toMatch(
      /^DIFF +#11 GET \S+\/balances\n +AIS-ACC-NOT-CONSENTED-NGAC: status: recorded 403 NGAC, now 200\n/m,
    );
    expect(result.stdout).toMatch(/^22 exchange\(s\), 1 with differences$/m);
    expect(result.code).toBe(1);
  });

  it('finds no difference in the probing session against a clean reference: a wrong code_verifier stays wrong', async () => {
    const result = await runCli('diff', probePath, '--against', targetFile(await reference(), 'probe-clean'));
    expect(result.stdout).not.toContain('DIFF');
    expect(result.stdout).toMatch(/^\d+ exchange\(s\), 0 with differences$/m);
    expect(result.code).toBe(0);
  });

  /** Each fault, and the rule (one of the fault's own) its difference must be reported under. */
  const faults: Array<[string, string]> = [
    ['request-id-not-echoed', 'TRN-XREQUESTID-ECHO'],
    ['error-code-missing', 'ERR-CODE-CARRIED'],
    ['consent-not-checked', 'AIS-ACC-NOT-CONSENTED-NGAC'],
    ['transactions-link-for-balances-consent', 'AIS-ACC-LINK-TRANSACTIONS'],
    ['balances-embedded-unconsented', 'AIS-ACC-BALANCES-WHEN-CONSENTED'],
    ['trusted-beneficiaries-link', 'AIS-ACC-NO-TRUSTED-BENEFICIARIES-LINK'],
    ['identity-link-without-consent', 'AIS-ACC-LINK-IDENTITY'],
    ['dateto-inclusive', 'AIS-TRX-DATETO-EXCLUSIVE'],
    ['period-91-days-accepted', 'AIS-TRX-PERIOD-OVER-90-ENDE'],
    ['history-beyond-90-days', 'AIS-TRX-HISTORY-90-DAYS'],
    ['malformed-date-ignored', 'AIS-TRX-DATE-FORMAT-ENDE'],
    ['fifth-batch-call-allowed', 'QTA-EXCEEDED-TMRQ'],
    ['code-reusable', 'TOK-CODE-ONE-TIME'],
    ['pkce-not-checked', 'PIS-CONFIRMATION-TOKEN-PKCE'],
    ['first-token-confirms', 'PIS-CONFIRMATION-NEEDS-SECOND-TOKEN'],
    ['payment-request-id-not-compared', 'PIS-GET-SAME-X-REQUEST-ID'],
  ];

  it.each(faults)('detects the fault %s and names %s', async (fault, rule) => {
    expect(findFault(fault)?.rules).toContain(rule);
    const result = await runCli('diff', probePath, '--against', targetFile(await reference([fault]), fault));
    const named = result.stdout
      .split('\n')
      .filter((l) => /^ {8}\S/.test(l))
      .flatMap((l) => (/^ +([A-Z0-9, -]+): /.exec(l)?.[1] ?? '').split(', '));
    expect(named, result.stdout).toContain(rule);
    expect(result.code).toBe(1);
  });

  it('obtains a fresh token for calls whose token was issued before the recording started', async () => {
    const full = parseHar(readFileSync(harPath, 'utf8'));
    // From the first resource call of the AIS session: its token, journey and exchange are not in the file.
    const first = full.log.entries.findIndex((e) => e.request.url.endsWith('/v1.4.2/accounts'));
    const last = full.log.entries.findIndex((e, i) => i > first && e.request.url.includes('/sandbox/'));
    const sliced = join(dir, 'sliced.har');
    writeFileSync(
      sliced,
      serializeHar({ log: { ...full.log, entries: full.log.entries.slice(first, last) } }),
    );
    const result = await runCli('diff', sliced, '--against', targetFile(await reference(), 'sliced'));
    expect(result.stdout).not.toContain('DIFF');
    expect(result.stdout).toMatch(/^6 exchange\(s\), 0 with differences$/m);
    expect(result.code).toBe(0);
  });

  it('says why when the target cannot give a fresh token, and reports what the old token gets', async () => {
    const full = parseHar(readFileSync(harPath, 'utf8'));
    const first = full.log.entries.findIndex((e) => e.request.url.endsWith('/v1.4.2/accounts'));
    const sliced = join(dir, 'sliced-live.har');
    writeFileSync(
      sliced,
      serializeHar({ log: { ...full.log, entries: full.log.entries.slice(first, first + 1) } }),
    );
    // No sandbox to clone a PSU from, and no persona: nobody to authenticate.
    const path = targetFile(await reference(), 'no-psu');
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace('capabilities: [sandbox]', 'capabilities: [live]'),
    );
    const result = await runCli('diff', sliced, '--against', path);
    expect(result.stderr).toContain(
      'diff: no fresh aisp token at 10101: the target has no sandbox to clone a PSU and no persona with an identifier and OTP',
    );
    expect(result.stdout).toMatch(/status: recorded 200, now 401 invalid_token/);
    expect(result.code).toBe(1);
  });

  it('refuses an empty HAR and a HAR of another API with exit 2', async () => {
    const empty = join(dir, 'empty.har');
    writeFileSync(
      empty,
      serializeHar({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [] } }),
    );
    const fresh = targetFile(await reference(), 'refusing');
    const none = await runCli('diff', empty, '--against', fresh);
    expect(none.stderr).toContain('ERR_HAR_NOT_STET');
    expect(none.code).toBe(2);
    const full = parseHar(readFileSync(harPath, 'utf8'));
    const other = join(dir, 'other.har');
    writeFileSync(
      other,
      serializeHar({
        log: { ...full.log, entries: full.log.entries.filter((e) => e.request.url.includes('/sandbox/')) },
      }),
    );
    const foreign = await runCli('diff', other, '--against', fresh);
    expect(foreign.stderr).toContain('ERR_HAR_NOT_STET');
    expect(foreign.code).toBe(2);
  });
});
