import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { defaultInstitutionsFile } from '../../../reference-aspsp/institutions/load-institutions.ts';
import { errorCode, startAisFixture, type AisFixture, type TestPsu } from '../reference-ais/ais-fixture.ts';

const accounts = '/stet/psd2/v1.6.2/accounts';
const dir = mkdtempSync(join(tmpdir(), 'stet-freshness-'));

/** The shipped institutions with 10101 checking signature freshness. */
function institutionsWithFreshness(): string {
  const document = parse(readFileSync(defaultInstitutionsFile, 'utf8')) as {
    institutions: Array<Record<string, unknown>>;
  };
  for (const institution of document.institutions) {
    if (institution.code === '10101')
      institution.signatureFreshness = { windowSeconds: 60, replayCache: true };
  }
  const file = join(dir, 'institutions.yaml');
  writeFileSync(file, stringify(document));
  return file;
}

/** One signed AIS call with a fixed Date and X-Request-ID, so sending it twice sends the same signature. */
function signedCall(
  fixture: AisFixture,
  psu: TestPsu,
  options: { date: Date; requestId: string; sign?: string[] },
) {
  return fixture.client.call({
    path: accounts,
    token: psu.token,
    headers: {
      date: options.date.toUTCString(),
      'x-request-id': options.requestId,
      'psu-ip-address': '192.0.2.10',
    },
    sign: options.sign ?? ['(request-target)', 'date', 'digest', 'x-request-id', 'psu-ip-address'],
  });
}

describe('signature freshness, off by default', () => {
  let fixture: AisFixture;
  beforeAll(async () => {
    fixture = await startAisFixture();
  });
  afterAll(async () => fixture.close());

  it('accepts an old Date and the same signature twice', async () => {
    const psu = await fixture.psu('alice');
    const old = { date: new Date(Date.now() - 3_600_000), requestId: 'fixed-off-1' };
    expect((await signedCall(fixture, psu, old)).status).toBe(200);
    expect((await signedCall(fixture, psu, old)).status).toBe(200);
  });
});

describe('signature freshness as an institution option', () => {
  let fixture: AisFixture;
  beforeAll(async () => {
    fixture = await startAisFixture({ institutionsFile: institutionsWithFreshness() });
  });
  afterAll(async () => {
    await fixture.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a signed Date outside the window with 401 SIGNATURE_INVALID', async () => {
    const psu = await fixture.psu('alice');
    for (const shift of [-120_000, 120_000]) {
      const answer = await signedCall(fixture, psu, {
        date: new Date(Date.now() + shift),
        requestId: `skew-${shift}`,
      });
      expect([shift, answer.status, errorCode(answer)]).toEqual([shift, 401, 'SIGNATURE_INVALID']);
    }
    expect((await signedCall(fixture, psu, { date: new Date(), requestId: 'fresh-1' })).status).toBe(200);
  });

  it('refuses a signature that covers neither date nor (created)', async () => {
    const psu = await fixture.psu('alice');
    const answer = await signedCall(fixture, psu, {
      date: new Date(),
      requestId: 'no-date-1',
      sign: ['(request-target)', 'digest', 'x-request-id', 'psu-ip-address'],
    });
    expect([answer.status, errorCode(answer)]).toEqual([401, 'SIGNATURE_INVALID']);
  });

  it('refuses the same signature a second time (replay cache)', async () => {
    const psu = await fixture.psu('alice');
    const call = { date: new Date(), requestId: 'replayed-1' };
    expect((await signedCall(fixture, psu, call)).status).toBe(200);
    const replay = await signedCall(fixture, psu, call);
    expect([replay.status, errorCode(replay)]).toEqual([401, 'SIGNATURE_INVALID']);
  });
});
