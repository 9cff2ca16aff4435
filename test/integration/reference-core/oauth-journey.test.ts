import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPkcePair, pkceChallenge } from '../../../protocol/pkce.ts';
import { isRecord } from '../../../reference-aspsp/lib/is-record.ts';
import { psus, startCore, tokenForm, type Core } from './fixture.ts';
import { PsuBrowser } from './psu-journey.ts';

let core: Core;
beforeAll(async () => {
  core = await startCore();
}, 60_000);
afterAll(async () => core.close());

function authorizeQuery(extra: Record<string, string> = {}): Record<string, string> {
  const tpp = core.reference.info.tpp;
  return {
    response_type: 'code',
    client_id: tpp.clientId,
    redirect_uri: tpp.redirectUri,
    scope: 'aisp',
    state: 'xyz',
    ...extra,
  };
}

function oauthError(json: unknown): unknown {
  return isRecord(json) ? json.error : undefined;
}

describe('the authorize pages', () => {
  it('identifies, authenticates and redirects with code and state on consent', async () => {
    const browser = core.browser();
    const identify = await browser.open(authorizeQuery());
    expect(identify.status).toBe(200);
    expect(identify.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(identify.text).toContain('name="identifier"');
    const authenticate = await browser.submit(identify, { identifier: psus.alice.identifier });
    expect(authenticate.text).toContain('name="otp"');
    const consent = await browser.submit(authenticate, { otp: '12345678' });
    expect(consent.text).toContain('value="accept"');
    expect(consent.text).toContain('value="refuse"');
    const end = PsuBrowser.redirectOf(await browser.submit(consent, { decision: 'accept' }));
    expect(end?.origin + (end?.pathname ?? '')).toBe(core.reference.info.tpp.redirectUri);
    expect(end?.searchParams.get('state')).toBe('xyz');
    expect(end?.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('skips identification when login_hint names an active PSU', async () => {
    const browser = core.browser();
    const page = await browser.open(authorizeQuery({ login_hint: psus.alice.identifier }));
    expect(page.text).toContain('name="otp"');
    expect(page.text).not.toContain('name="identifier"');
  });

  it('redirects with access_denied and refused when the PSU refuses', async () => {
    const browser = core.browser();
    const page = await browser.open(authorizeQuery({ login_hint: psus.alice.identifier }));
    const consent = await browser.submit(page, { otp: '12345678' });
    const end = PsuBrowser.redirectOf(await browser.submit(consent, { decision: 'refuse' }));
    expect([
      end?.searchParams.get('error'),
      end?.searchParams.get('error_description'),
      end?.searchParams.get('state'),
    ]).toEqual(['access_denied', 'refused', 'xyz']);
    expect(end?.searchParams.has('code')).toBe(false);
  });

  it('shows an error on a wrong code and ends the journey after three', async () => {
    const browser = core.browser();
    const page = await browser.open(authorizeQuery({ login_hint: psus.alice.identifier }));
    const first = await browser.submit(page, { otp: '00000000' });
    expect(first.text).toContain('<p class="error"');
    const second = await browser.submit(first, { otp: '00000000' });
    expect(second.text).toContain('<p class="error"');
    const end = PsuBrowser.redirectOf(await browser.submit(second, { otp: '00000000' }));
    expect([end?.searchParams.get('error'), end?.searchParams.get('error_description')]).toEqual([
      'access_denied',
      'authentication_failed',
    ]);
  });

  it('ends the journey with timeout after 5 minutes without submission on the PSU clock', async () => {
    const browser = core.browser();
    const page = await browser.open(authorizeQuery({ login_hint: psus.alice.identifier }));
    await core.travel(5 * 60 * 1000 + 1000);
    const end = PsuBrowser.redirectOf(await browser.submit(page, { otp: '12345678' }));
    expect([
      end?.searchParams.get('error'),
      end?.searchParams.get('error_description'),
      end?.searchParams.get('state'),
    ]).toEqual(['access_denied', 'timeout', 'xyz']);
  });

  it('does not time out a journey submitted within 5 minutes', async () => {
    const browser = core.browser();
    const page = await browser.open(authorizeQuery({ login_hint: psus.alice.identifier }));
    await core.travel(4 * 60 * 1000);
    const consent = await browser.submit(page, { otp: '12345678' });
    expect(consent.text).toContain('value="accept"');
  });

  it('refuses a terminated subscription at identification with IPSU', async () => {
    const browser = core.browser();
    const identify = await browser.open(authorizeQuery());
    const refused = await browser.submit(identify, { identifier: psus.frank.identifier });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('data-code="IPSU"');
    expect(refused.text).toContain('name="identifier"');
  });

  it('answers a 400 page, never a redirect, for an unknown client_id or redirect_uri', async () => {
    const browser = core.browser();
    const unknownClient = await browser.open(authorizeQuery({ client_id: 'PSDFR-ACPR-00000' }));
    const otherRedirect = await browser.open(authorizeQuery({ redirect_uri: 'https://evil.example/cb' }));
    for (const answer of [unknownClient, otherRedirect]) {
      expect(answer.status).toBe(400);
      expect(answer.headers.location).toBeUndefined();
    }
  });

  it('redirects with invalid_scope for a scope naming no role', async () => {
    const end = PsuBrowser.redirectOf(await core.browser().open(authorizeQuery({ scope: 'openid' })));
    expect(end?.searchParams.get('error')).toBe('invalid_scope');
  });
});

describe('the authorization code', () => {
  const exchange = (code: string, extra: Record<string, string> = {}) => {
    const tpp = core.reference.info.tpp;
    return core.client.call(
      tokenForm({
        grant_type: 'authorization_code',
        client_id: tpp.clientId,
        code,
        redirect_uri: tpp.redirectUri,
        ...extra,
      }),
    );
  };

  it('gives a token response with expires_in 3600 and scope aisp offline_access', async () => {
    const answer = await exchange(await core.code());
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'aisp offline_access',
    });
    expect(isRecord(answer.json) && typeof answer.json.refresh_token === 'string').toBe(true);
  });

  it('checks the code_verifier of a code issued with an S256 challenge', async () => {
    const pkce = createPkcePair();
    const challenge = { code_challenge: pkce.challenge, code_challenge_method: 'S256' };
    const wrong = await exchange(await core.code({ extra: challenge }), {
      code_verifier: createPkcePair().verifier,
    });
    expect([wrong.status, oauthError(wrong.json)]).toEqual([400, 'invalid_grant']);
    const missing = await exchange(await core.code({ extra: challenge }));
    expect([missing.status, oauthError(missing.json)]).toEqual([400, 'invalid_grant']);
    const right = await exchange(await core.code({ extra: challenge }), { code_verifier: pkce.verifier });
    expect(right.status).toBe(200);
  });

  it('compares the code_verifier with a challenge given without a method as plain', async () => {
    const { verifier } = createPkcePair();
    const hashed = await exchange(await core.code({ extra: { code_challenge: verifier } }), {
      code_verifier: pkceChallenge(verifier),
    });
    expect([hashed.status, oauthError(hashed.json)]).toEqual([400, 'invalid_grant']);
    const plain = await exchange(await core.code({ extra: { code_challenge: verifier } }), {
      code_verifier: verifier,
    });
    expect(plain.status).toBe(200);
  });

  it('refuses a second exchange of the same authorization code', async () => {
    const code = await core.code();
    expect((await exchange(code)).status).toBe(200);
    const again = await exchange(code);
    expect([again.status, oauthError(again.json)]).toEqual([400, 'invalid_grant']);
  });

  it('refuses a redirect_uri different from the authorize one', async () => {
    const answer = await exchange(await core.code(), { redirect_uri: 'https://tpp.example/other' });
    expect([answer.status, oauthError(answer.json)]).toEqual([400, 'invalid_grant']);
  });

  it('refuses a scope field on the authorization code form', async () => {
    const answer = await exchange(await core.code(), { scope: 'aisp' });
    expect([answer.status, oauthError(answer.json)]).toEqual([400, 'invalid_request']);
  });

  it('refuses a client_id that does not match the QWAC with 401 invalid_client', async () => {
    const answer = await exchange(await core.code(), {
      client_id: core.reference.info.tpps.aispOnly.clientId,
    });
    expect([answer.status, oauthError(answer.json)]).toEqual([401, 'invalid_client']);
  });

  it('refuses a code older than 60 s on the PSU clock', async () => {
    const code = await core.code();
    await core.travel(61_000);
    const answer = await exchange(code);
    expect([answer.status, oauthError(answer.json)]).toEqual([400, 'invalid_grant']);
  });

  it('refuses a code of another institution', async () => {
    const code = await core.code({ host: core.client.host('20202') });
    const answer = await exchange(code);
    expect([answer.status, oauthError(answer.json)]).toEqual([400, 'invalid_grant']);
  });

  it('refuses an unknown grant_type', async () => {
    const answer = await core.client.call(
      tokenForm({ grant_type: 'password', client_id: core.reference.info.tpp.clientId }),
    );
    expect([answer.status, oauthError(answer.json)]).toEqual([400, 'unsupported_grant_type']);
  });
});
