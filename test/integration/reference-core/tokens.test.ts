import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRecord } from '../../../reference-aspsp/lib/is-record.ts';
import { tokenService } from '../../../reference-aspsp/oauth/token-service.ts';
import { secretKey } from '../../../reference-aspsp/lib/secret.ts';
import { startCore, tokenForm, type Core } from './fixture.ts';

let core: Core;
beforeAll(async () => {
  core = await startCore();
}, 60_000);
afterAll(async () => core.close());

const probe = '/stet/psd2/v1.6.2/core-probe';
const day = 86_400_000;

async function status(token: string, path = probe): Promise<[number, unknown]> {
  const answer = await core.client.call({ path, token });
  return [answer.status, isRecord(answer.json) ? (answer.json.message ?? answer.json.psuId) : undefined];
}

function refresh(refreshToken: string) {
  return core.client.call(
    tokenForm({
      grant_type: 'refresh_token',
      client_id: core.reference.info.tpp.clientId,
      refresh_token: refreshToken,
    }),
  );
}

function field(json: unknown, name: string): unknown {
  return isRecord(json) ? json[name] : undefined;
}

describe('access and refresh tokens', () => {
  it('expires an access token after 3600 s on the PSU clock', async () => {
    const tokens = await core.tokens();
    await core.travel(3599 * 1000);
    expect(await status(tokens.access_token)).toEqual([200, 'core-alice']);
    await core.travel(2000);
    const answer = await core.client.call({ path: probe, token: tokens.access_token });
    expect([answer.status, field(answer.json, 'message')]).toEqual([401, 'invalid_token']);
    expect(answer.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('refreshes: new access token, old one revoked, same refresh token', async () => {
    const tokens = await core.tokens();
    const answer = await refresh(tokens.refresh_token);
    expect(answer.status).toBe(200);
    expect(field(answer.json, 'refresh_token')).toBe(tokens.refresh_token);
    expect(field(answer.json, 'expires_in')).toBe(3600);
    const access = field(answer.json, 'access_token');
    expect(typeof access === 'string' && access !== tokens.access_token).toBe(true);
    expect((await status(tokens.access_token))[0]).toBe(401);
    expect(await status(String(access))).toEqual([200, 'core-alice']);
  });

  it('refuses a refresh 180 days after the last PSU authentication', async () => {
    const tokens = await core.tokens();
    await core.travel(179 * day);
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
    await core.travel(day + 1000);
    const answer = await refresh(tokens.refresh_token);
    expect([answer.status, field(answer.json, 'error')]).toEqual([400, 'invalid_grant']);
  });

  it('revokes the previous token set when a new one is issued for the same PSU, TPP and role', async () => {
    const first = await core.tokens();
    const second = await core.tokens();
    expect((await status(first.access_token))[0]).toBe(401);
    expect((await refresh(first.refresh_token)).status).toBe(400);
    expect((await status(second.access_token))[0]).toBe(200);
  });

  it('keeps sets of different roles apart', async () => {
    const aisp = await core.tokens();
    const cbpii = await core.tokens({ scope: 'cbpii' });
    expect(cbpii.scope).toBe('cbpii offline_access');
    expect((await status(aisp.access_token))[0]).toBe(200);
    expect((await status(cbpii.access_token, '/stet/psd2/v1.4.2/core-probe-cbpii'))[0]).toBe(200);
  });

  it('refuses a token of another role with 403 BADS', async () => {
    const cbpii = await core.tokens({ scope: 'cbpii' });
    expect(await status(cbpii.access_token)).toEqual([403, 'BADS']);
  });

  it('revokes the refresh token with the access token, and the reverse', async () => {
    const a = await core.tokens();
    await core.reference.app.store.transaction((tx) =>
      tokenService.revokeByKey(tx, secretKey(a.access_token)),
    );
    expect((await refresh(a.refresh_token)).status).toBe(400);
    const b = await core.tokens();
    await core.reference.app.store.transaction((tx) =>
      tokenService.revokeByKey(tx, secretKey(b.refresh_token)),
    );
    expect((await status(b.access_token))[0]).toBe(401);
  });

  it('refuses unknown and malformed tokens with 401 invalid_token', async () => {
    expect(await status('not-a-token')).toEqual([401, 'invalid_token']);
    const none = await core.client.call({ path: probe });
    expect([none.status, field(none.json, 'message')]).toEqual([401, 'invalid_token']);
  });
});

describe('one token set per PSU, TPP and role under concurrency', () => {
  it('leaves exactly one valid access token after 20 concurrent code exchanges', async () => {
    const tpp = core.reference.info.tpp;
    const codes = await Promise.all(Array.from({ length: 20 }, () => core.code()));
    const answers = await Promise.all(
      codes.map((code) =>
        core.client.call(
          tokenForm({
            grant_type: 'authorization_code',
            client_id: tpp.clientId,
            code,
            redirect_uri: tpp.redirectUri,
          }),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const accessTokens = answers.map((a) => String(field(a.json, 'access_token')));
    const refreshTokens = answers.map((a) => String(field(a.json, 'refresh_token')));
    const valid = (await Promise.all(accessTokens.map((t) => status(t)))).filter(([s]) => s === 200);
    expect(valid).toHaveLength(1);
    const refreshable = (await Promise.all(refreshTokens.map((t) => refresh(t)))).filter(
      (a) => a.status === 200,
    );
    expect(refreshable).toHaveLength(1);
  });

  it('leaves exactly one valid access token after 20 concurrent refreshes', async () => {
    const tokens = await core.tokens();
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(tokens.refresh_token)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const accessTokens = [tokens.access_token, ...answers.map((a) => String(field(a.json, 'access_token')))];
    const valid = (await Promise.all(accessTokens.map((t) => status(t)))).filter(([s]) => s === 200);
    expect(valid).toHaveLength(1);
  });
});
