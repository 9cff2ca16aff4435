import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRecord } from '../../../reference-aspsp/lib/is-record.ts';
import type { StartLineTpp } from '../../../reference-aspsp/index.ts';
import { startCore, tokenForm, type Core } from './fixture.ts';

let core: Core;
beforeAll(async () => {
  core = await startCore();
}, 60_000);
afterAll(async () => core.close());

function registration(tpp: StartLineTpp, overrides: Record<string, unknown> = {}): string {
  const x5c = new X509Certificate(readFileSync(tpp.qsealCert)).raw.toString('base64');
  return JSON.stringify({
    redirect_uris: ['https://registered.example/cb'],
    token_endpoint_auth_method: 'tls_client_auth',
    grant_types: ['authorization_code', 'refresh_token'],
    client_name: 'Registered TPP',
    contacts: ['ops@registered.example'],
    provider_legal_id: tpp.clientId,
    scope: 'aisp',
    jwks: { keys: [{ kty: 'RSA', x5c: [x5c] }] },
    ...overrides,
  });
}

function register(tpp: StartLineTpp, body: string) {
  return core.client.call({
    method: 'POST',
    path: '/register',
    tpp,
    body,
    headers: { 'content-type': 'application/json' },
  });
}

describe('POST /register', () => {
  it('enrols a TPP with a trusted certificate and returns a client_id bound to its QWAC', async () => {
    const tpp = core.reference.info.tpps.unenrolled;
    const answer = await register(tpp, registration(tpp));
    expect(answer.status).toBe(201);
    const clientId = isRecord(answer.json) ? answer.json.client_id : undefined;
    expect(clientId).toMatch(/^reg-[0-9a-f]{16}$/);
    // The register-issued client_id now names this QWAC at the token endpoint: the form is read
    // (invalid_request for a missing code), no longer refused for enrolment or client.
    const token = await core.client.call({
      ...tokenForm({ grant_type: 'authorization_code', client_id: String(clientId) }),
      tpp,
    });
    expect([token.status, isRecord(token.json) ? token.json.error : undefined]).toEqual([
      400,
      'invalid_request',
    ]);
    // The authorization number of the QWAC names it too ("directly or indirectly").
    const direct = await core.client.call({
      ...tokenForm({ grant_type: 'authorization_code', client_id: tpp.clientId }),
      tpp,
    });
    expect(direct.status).toBe(400);
    // Its redirect URI is enrolled: the authorize page opens.
    const page = await core.browser().open({
      response_type: 'code',
      client_id: String(clientId),
      redirect_uri: 'https://registered.example/cb',
      scope: 'aisp',
    });
    expect(page.status).toBe(200);
  });

  it('replaces the https redirect URIs of a TPP registering again and keeps its loopback callbacks', async () => {
    const tpp = core.reference.info.tpp;
    const opens = async (redirectUri: string): Promise<number> =>
      (
        await core
          .browser()
          .open({ response_type: 'code', client_id: tpp.clientId, redirect_uri: redirectUri, scope: 'aisp' })
      ).status;
    const again = registration(tpp, { redirect_uris: [tpp.redirectUri], scope: undefined });
    expect(
      (
        await register(
          tpp,
          registration(tpp, {
            redirect_uris: [tpp.redirectUri, 'https://tpp.example/old'],
            scope: undefined,
          }),
        )
      ).status,
    ).toBe(201);
    expect(await opens('https://tpp.example/old')).toBe(200);
    expect((await register(tpp, again)).status).toBe(201);
    expect([await opens('https://tpp.example/old'), await opens(tpp.redirectUri)]).toEqual([400, 200]);
    expect(await opens('http://127.0.0.1:50123/callback')).toBe(200);
  });

  it('refuses a certificate of another CA with CERT_UNTRUSTED', async () => {
    const tpp = core.reference.info.tpps.foreignCa;
    const answer = await register(tpp, registration(tpp));
    expect([answer.status, isRecord(answer.json) ? answer.json.message : undefined]).toEqual([
      401,
      'CERT_UNTRUSTED',
    ]);
  });

  it('refuses a body without the required fields with 400 FF01', async () => {
    const tpp = core.reference.info.tpps.unenrolled;
    const answer = await register(tpp, JSON.stringify({ client_name: 'x' }));
    expect([answer.status, isRecord(answer.json) ? answer.json.message : undefined]).toEqual([400, 'FF01']);
  });

  it('refuses a provider_legal_id that is not the QWAC organizationIdentifier', async () => {
    const tpp = core.reference.info.tpps.unenrolled;
    const answer = await register(tpp, registration(tpp, { provider_legal_id: 'PSDFR-ACPR-99999' }));
    expect(answer.status).toBe(400);
  });

  it('refuses roles the QWAC does not grant with ROLE_MISSING', async () => {
    const tpp = core.reference.info.tpps.aispOnly;
    const answer = await register(tpp, registration(tpp, { scope: 'aisp pisp' }));
    expect([answer.status, isRecord(answer.json) ? answer.json.message : undefined]).toEqual([
      403,
      'ROLE_MISSING',
    ]);
  });

  it('refuses an unsigned registration with SIGNATURE_INVALID', async () => {
    const tpp = core.reference.info.tpps.unenrolled;
    const answer = await core.client.call({
      method: 'POST',
      path: '/register',
      tpp,
      body: registration(tpp),
      sign: false,
      headers: { 'content-type': 'application/json' },
    });
    expect([answer.status, isRecord(answer.json) ? answer.json.message : undefined]).toEqual([
      401,
      'SIGNATURE_INVALID',
    ]);
  });
});
