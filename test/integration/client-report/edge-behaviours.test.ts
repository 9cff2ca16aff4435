import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, tokenForm, type Core } from '../reference-core/fixture.ts';

const probe = '/stet/psd2/v1.6.2/core-probe';

describe('edge behaviours switched on through the sandbox API', () => {
  let core: Core;

  beforeAll(async () => {
    core = await startCore();
  }, 60_000);

  afterAll(async () => {
    await core.close();
  });

  const switchOn = (body: unknown) =>
    core.client.call({
      method: 'POST',
      path: '/sandbox/v1/edge-behaviours',
      sign: false,
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });

  it('answer the next calls 429 TMRQ, then the bank answers again', async () => {
    const { access_token: token } = await core.tokens();
    expect((await switchOn({ behaviour: 'too-many-requests', calls: 2 })).status).toBe(201);
    const listed = await core.client.call({ path: '/sandbox/v1/edge-behaviours', sign: false });
    expect(listed.json).toEqual({
      behaviours: [{ name: 'too-many-requests', calls: 2 }],
    });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await core.client.call({ path: probe, token })).status);
    expect(statuses).toEqual([429, 429, 200]);
  });

  it('expire the access token of the next call for good, and a refresh gives one that works', async () => {
    const tokens = await core.tokens();
    await switchOn({ behaviour: 'expired-token' });
    const first = await core.client.call({ path: probe, token: tokens.access_token });
    expect(first.status).toBe(401);
    expect(first.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect((await core.client.call({ path: probe, token: tokens.access_token })).status).toBe(401);
    const refreshed = await core.client.call(
      tokenForm({
        grant_type: 'refresh_token',
        client_id: core.reference.info.tpp.clientId,
        refresh_token: tokens.refresh_token,
      }),
    );
    expect(refreshed.status).toBe(200);
    const fresh = (refreshed.json as { access_token: string }).access_token;
    expect((await core.client.call({ path: probe, token: fresh })).status).toBe(200);
  });

  it('make the dedicated interface unavailable for the next call (500 INTS)', async () => {
    const { access_token: token } = await core.tokens();
    await switchOn({ behaviour: 'dedicated-unavailable' });
    const answer = await core.client.call({ path: probe, token });
    expect([answer.status, (answer.json as { message: string }).message]).toEqual([500, 'INTS']);
    expect((await core.client.call({ path: probe, token })).status).toBe(200);
  });

  it('end the next journey as refused, back on the redirect URI', async () => {
    await switchOn({ behaviour: 'journey-refused' });
    const tpp = core.reference.info.tpp;
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: tpp.clientId,
      redirect_uri: tpp.redirectUri,
      scope: 'aisp',
      state: 'st-9',
    });
    const answer = await core.client.call({
      path: `/stet/psd2/oauth/authorize?${query.toString()}`,
      tpp: null,
    });
    expect(answer.status).toBe(303);
    expect(answer.headers['location']).toBe(
      `${tpp.redirectUri}?error=access_denied&error_description=refused&state=st-9`,
    );
  });

  it('refuse an unknown behaviour with 400 FF01', async () => {
    const answer = await switchOn({ behaviour: 'teapot' });
    expect(answer.status).toBe(400);
    expect((answer.json as { message: string }).message).toBe('FF01');
  });

  it('switch off with reset', async () => {
    await switchOn({ behaviour: 'many-pages', pageSize: 5 });
    const reset = await core.client.call({
      method: 'POST',
      path: '/sandbox/v1/edge-behaviours/reset',
      sign: false,
    });
    expect(reset.status).toBe(204);
    const listed = await core.client.call({ path: '/sandbox/v1/edge-behaviours', sign: false });
    expect(listed.json).toEqual({ behaviours: [] });
  });

  it('say the client report is off when the server was started without it', async () => {
    const answer = await core.client.call({ path: '/sandbox/v1/client-report', sign: false });
    expect(answer.status).toBe(404);
    expect(answer.json).toMatchObject({
      message: 'RESOURCE_UNKNOWN',
      problem: { detail: 'the client report is off: start the server with serve --client-report DIR' },
    });
  });
});

describe('the demo TPP redirect URIs', () => {
  let core: Core;

  beforeAll(async () => {
    core = await startCore({ redirectUris: ['https://my-tpp.example/cb'] });
  }, 60_000);

  afterAll(async () => {
    await core.close();
  });

  const authorize = (redirectUri: string) =>
    core.client.call({
      tpp: null,
      path: `/stet/psd2/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: core.reference.info.tpp.clientId,
        redirect_uri: redirectUri,
        scope: 'aisp',
        state: 's',
      }).toString()}`,
    });

  it('accept a loopback callback on any port (RFC 8252)', async () => {
    expect((await authorize('http://127.0.0.1:54321/callback')).status).toBe(200);
    expect((await authorize('http://localhost:8080/callback')).status).toBe(200);
  });

  it('refuse a loopback callback on another path', async () => {
    expect((await authorize('http://127.0.0.1:54321/elsewhere')).status).toBe(400);
  });

  it('accept the URI added with --redirect-uri', async () => {
    expect((await authorize('https://my-tpp.example/cb')).status).toBe(200);
    expect((await authorize('https://my-tpp.example/other')).status).toBe(400);
  });
});
