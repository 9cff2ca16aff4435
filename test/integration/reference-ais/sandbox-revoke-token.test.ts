import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, pick, startAisFixture, type AisFixture, type TestPsu } from './ais-fixture.ts';

let fixture: AisFixture;

beforeAll(async () => {
  fixture = await startAisFixture();
});

afterAll(async () => {
  await fixture.close();
});

async function refresh(psu: TestPsu) {
  const answer = await fixture.client.call({
    method: 'POST',
    path: '/stet/psd2/oauth/token',
    host: fixture.client.host(psu.institution),
    sign: false,
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: psu.refreshToken,
      client_id: fixture.reference.info.tpp.clientId,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  // OAuth error body (RFC 6749): the code is in `error`.
  return { status: answer.status, error: pick(answer.json, 'error') };
}

const accounts = '/stet/psd2/v1.6.2/accounts';

describe('sandbox revoke-token', () => {
  it('revokes the access token and, with it, the refresh token of the set', async () => {
    const psu = await fixture.psu('alice');
    const other = await fixture.psu('alice');
    const revoked = await fixture.sandbox(`/psus/${psu.psuId}/revoke-token`, { body: { token: 'access' } });
    expect(revoked.status).toBe(204);
    const call = await fixture.ais(psu, accounts);
    expect([call.status, errorCode(call)]).toEqual([401, 'invalid_token']);
    expect(await refresh(psu)).toEqual({ status: 400, error: 'invalid_grant' });
    // Another PSU's set is untouched.
    expect((await fixture.ais(other, accounts)).status).toBe(200);
    expect((await refresh(other)).status).toBe(200);
  });

  it('revokes the refresh token and, with it, the access token of the set', async () => {
    const psu = await fixture.psu('alice');
    const revoked = await fixture.sandbox(`/psus/${psu.psuId}/revoke-token`, { body: { token: 'refresh' } });
    expect(revoked.status).toBe(204);
    expect(await refresh(psu)).toEqual({ status: 400, error: 'invalid_grant' });
    const call = await fixture.ais(psu, accounts);
    expect([call.status, errorCode(call)]).toEqual([401, 'invalid_token']);
  });

  it('refuses a body other than {"token": "access" | "refresh"} with 400 FF01 and revokes nothing', async () => {
    const psu = await fixture.psu('alice');
    for (const body of [{ token: 'both' }, { token: 'access', extra: 1 }, {}]) {
      const answer = await fixture.sandbox(`/psus/${psu.psuId}/revoke-token`, { body });
      expect([answer.status, errorCode(answer)]).toEqual([400, 'FF01']);
    }
    expect((await fixture.ais(psu, accounts)).status).toBe(200);
  });

  it('answers 404 RESOURCE_UNKNOWN for an unknown PSU', async () => {
    const answer = await fixture.sandbox('/psus/nobody/revoke-token', { body: { token: 'access' } });
    expect([answer.status, errorCode(answer)]).toEqual([404, 'RESOURCE_UNKNOWN']);
  });
});
