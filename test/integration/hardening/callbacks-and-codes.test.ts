import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CbpiiPispFixture, codeOf, paymentBody, type ClonedPsu } from '../reference-cbpii-pisp/fixture.ts';
import { PsuBrowser } from '../reference-core/psu-journey.ts';
import { pick } from '../reference-ais/ais-fixture.ts';

let f: CbpiiPispFixture;

beforeAll(async () => {
  f = await CbpiiPispFixture.start();
});

afterAll(async () => {
  await f.close();
});

function supplementary(urls: { ok: string; ko?: string }) {
  return {
    acceptedAuthenticationApproach: ['REDIRECT'],
    successfulReportUrl: urls.ok,
    ...(urls.ko === undefined ? {} : { unsuccessfulReportUrl: urls.ko }),
  };
}

/** An AISP authorization code of the demo TPP for a fresh PSU. */
async function aispCode(psu: ClonedPsu): Promise<string> {
  const browser = new PsuBrowser(f.client, f.host(psu.institution));
  const page = await browser.open({
    response_type: 'code',
    client_id: f.tpp.clientId,
    redirect_uri: f.tpp.redirectUri,
    scope: 'aisp',
    state: 'st',
    login_hint: psu.identifier,
  });
  const consent = await browser.submit(page, { otp: '12345678' });
  const code = PsuBrowser.redirectOf(await browser.submit(consent, { decision: 'accept' }))?.searchParams.get(
    'code',
  );
  if (typeof code !== 'string') throw new Error('the journey gave no code');
  return code;
}

function exchange(code: string, tpp = f.tpp) {
  return f.token(
    { grant_type: 'authorization_code', client_id: tpp.clientId, code, redirect_uri: f.tpp.redirectUri },
    '10101',
    { tpp },
  );
}

const accounts = '/stet/psd2/v1.6.2/accounts';

describe('payment callbacks bound to the enrolment', () => {
  it('refuses a successfulReportUrl or unsuccessfulReportUrl on a host of no enrolled redirect URI with 400 FF01', async () => {
    for (const urls of [
      { ok: 'https://evil.example/pay/ok' },
      { ok: 'https://tpp.example/pay/ok', ko: 'https://evil.example/pay/ko' },
      { ok: 'https://tpp.example.evil.example/pay/ok' },
    ]) {
      const initiated = await f.initiate({ body: paymentBody({ supplementaryData: supplementary(urls) }) });
      expect([JSON.stringify(urls), initiated.answer.status, codeOf(initiated.answer)]).toEqual([
        JSON.stringify(urls),
        400,
        'FF01',
      ]);
    }
    const fine = await f.initiate({
      body: paymentBody({ supplementaryData: supplementary({ ok: 'https://TPP.example/other/path' }) }),
    });
    expect(fine.answer.status).toBe(201);
  });
});

describe('authorization codes', () => {
  it("does not burn the owner's code when another TPP presents it", async () => {
    const psu = await f.psu('alice');
    const code = await aispCode(psu);
    const stolen = await exchange(code, f.reference.info.tpps.aispOnly);
    expect([stolen.status, pick(stolen.json, 'error')]).toEqual([400, 'invalid_grant']);
    const owner = await exchange(code);
    expect(owner.status).toBe(200);
  });

  it('revokes the tokens issued from a code when the code is replayed (RFC 6749 §4.1.2)', async () => {
    const psu = await f.psu('alice');
    const code = await aispCode(psu);
    const first = await exchange(code);
    const token = pick(first.json, 'access_token');
    const refresh = pick(first.json, 'refresh_token');
    if (typeof token !== 'string' || typeof refresh !== 'string') throw new Error(first.text);
    expect((await f.call({ path: accounts, token })).status).toBe(200);
    const replay = await exchange(code);
    expect([replay.status, pick(replay.json, 'error')]).toEqual([400, 'invalid_grant']);
    const after = await f.call({ path: accounts, token });
    expect([after.status, codeOf(after)]).toEqual([401, 'invalid_token']);
    const refreshed = await f.token({
      grant_type: 'refresh_token',
      client_id: f.tpp.clientId,
      refresh_token: refresh,
    });
    expect(refreshed.status).toBe(400);
  });
});
