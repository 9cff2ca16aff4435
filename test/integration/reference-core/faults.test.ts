import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRule } from '../../../spec/lib/index.ts';
import { faultCatalogue } from '../../../reference-aspsp/faults/catalogue.ts';
import { isRecord } from '../../../reference-aspsp/lib/is-record.ts';
import { startCore, tokenForm, type Core } from './fixture.ts';

const coreFaults = [
  'request-id-not-echoed',
  'signature-not-checked',
  'code-reusable',
  'refresh-keeps-old-access-token',
  'token-never-expires',
];
const probe = '/stet/psd2/v1.6.2/core-probe';

let core: Core;
beforeAll(async () => {
  core = await startCore({ faults: coreFaults });
}, 60_000);
afterAll(async () => core.close());

describe('faults of the core', () => {
  it('name rules that exist in spec/rules.yaml', () => {
    for (const fault of faultCatalogue)
      for (const rule of fault.rules) expect(getRule(rule), `${fault.name}: ${rule}`).toBeDefined();
  });

  it('deviate where they say: no X-Request-ID echo, no Signature check, no expiry', async () => {
    const tokens = await core.tokens();
    const unsigned = await core.client.call({
      path: probe,
      token: tokens.access_token,
      sign: false,
      headers: { 'x-request-id': 'rid' },
    });
    expect(unsigned.status).toBe(200);
    expect(unsigned.headers['x-request-id']).toBeUndefined();
    await core.travel(2 * 3600 * 1000);
    expect((await core.client.call({ path: probe, token: tokens.access_token })).status).toBe(200);
  });

  it('deviate where they say: reusable codes, old access token kept on refresh', async () => {
    const tpp = core.reference.info.tpp;
    const code = await core.code();
    const form = {
      grant_type: 'authorization_code',
      client_id: tpp.clientId,
      code,
      redirect_uri: tpp.redirectUri,
    };
    const first = await core.client.call(tokenForm(form));
    expect((await core.client.call(tokenForm(form))).status).toBe(200);
    const refreshToken = isRecord(first.json) ? String(first.json.refresh_token) : '';
    const access = isRecord(first.json) ? String(first.json.access_token) : '';
    // The second exchange replaced the set; take the current one to refresh.
    const current = await core.tokens();
    expect(refreshToken).not.toBe(current.refresh_token);
    expect(access).not.toBe('');
    const refreshed = await core.client.call(
      tokenForm({
        grant_type: 'refresh_token',
        client_id: tpp.clientId,
        refresh_token: current.refresh_token,
      }),
    );
    expect(refreshed.status).toBe(200);
    expect((await core.client.call({ path: probe, token: current.access_token })).status).toBe(200);
  });
});
