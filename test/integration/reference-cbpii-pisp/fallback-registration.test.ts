import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartLineTpp } from '../../../reference-aspsp/index.ts';
import { isRecord } from '../../../reference-aspsp/lib/is-record.ts';
import { pick, schemaErrors } from '../reference-ais/ais-fixture.ts';
import { CbpiiPispFixture, codeOf } from './fixture.ts';

let f: CbpiiPispFixture;
beforeAll(async () => {
  f = await CbpiiPispFixture.start();
}, 60_000);
afterAll(async () => f.close());

function fallbackForm(clientId = f.tpp.clientId, scope = 'aisp'): Record<string, string> {
  return { grant_type: 'client_credentials', client_id: clientId, scope };
}

async function jwks(institution = '10101') {
  const answer = await f.client.call({
    path: '/stet/psd2/oauth/fallback/jwks',
    host: f.host(institution),
    tpp: null,
    noDigest: true,
  });
  expect(answer.status).toBe(200);
  const keys = pick(answer.json, 'keys');
  if (!Array.isArray(keys)) throw new Error('no keys');
  return createLocalJWKSet({ keys: keys.map(parseJwk) });
}

/** The string members of a published key (an EC public JWK has no other kind). */
function parseJwk(value: unknown): JWK {
  const jwk: Record<string, string> = {};
  if (isRecord(value))
    for (const [name, item] of Object.entries(value)) if (typeof item === 'string') jwk[name] = item;
  return jwk;
}

describe('fallback', () => {
  it.each(['10101', '20202', '30303'])(
    'answers 302 at %s with the online-banking login address and a JWT the bank key verifies',
    async (code) => {
      const answer = await f.token(fallbackForm(), code, { headers: { fallback: '1' } });
      expect(answer.status).toBe(302);
      expect(schemaErrors('v1.6.2', 'POST', '/stet/psd2/oauth/token', answer)).toEqual([]);
      const login = `https://online-${code}.groupbank.example/login`;
      expect(answer.headers.location).toBe(login);
      expect(pick(answer.json, 'loginUrl')).toBe(login);
      const jwt = String(pick(answer.json, 'jwt'));
      expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'ES256', typ: 'fallback+jwt' });
      const { payload } = await jwtVerify(jwt, await jwks(code), {
        issuer: `https://api-${code}.psd2.groupbank.example`,
        audience: login,
        typ: 'fallback+jwt',
      });
      expect(payload).toMatchObject({
        sub: f.tpp.clientId,
        institution: code,
        scope: 'aisp',
        fallback: true,
      });
    },
  );

  it('is active while the dedicated interface answers (both on the same host)', async () => {
    const fallback = await f.token(fallbackForm(), '10101', { headers: { fallback: '1' } });
    const dedicated = await f.token({
      grant_type: 'client_credentials',
      client_id: f.tpp.clientId,
      scope: 'pisp',
    });
    expect([fallback.status, dedicated.status]).toEqual([302, 200]);
  });

  it('does not verify under another key or with its payload changed', async () => {
    const answer = await f.token(fallbackForm(), '10101', { headers: { fallback: '1' } });
    const [header, payload, signature] = String(pick(answer.json, 'jwt')).split('.');
    const claims: unknown = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
    expect(isRecord(claims)).toBe(true);
    const forged = Buffer.from(
      JSON.stringify({ ...(isRecord(claims) ? claims : {}), sub: 'PSDFR-ACPR-99999' }),
    ).toString('base64url');
    await expect(jwtVerify(`${header}.${forged}.${signature}`, await jwks())).rejects.toThrow();
  });

  it('is refused on the dedicated interface: the JWT is not a bearer token there (401 invalid_token)', async () => {
    const answer = await f.token(fallbackForm(), '10101', { headers: { fallback: '1' } });
    const jwt = String(pick(answer.json, 'jwt'));
    for (const path of ['/stet/psd2/v1.6.2/accounts', '/stet/psd2/v1.4.2/payment-requests/x']) {
      const call = await f.call({ path, token: jwt });
      expect([call.status, codeOf(call)]).toEqual([401, 'invalid_token']);
    }
  });

  it('asks for scope aisp only (invalid_scope otherwise)', async () => {
    const answer = await f.token(fallbackForm(f.tpp.clientId, 'pisp'), '10101', {
      headers: { fallback: '1' },
    });
    expect([answer.status, codeOf(answer)]).toEqual([400, 'invalid_scope']);
  });

  it('needs the TPP QWAC: none is 401 CERT_MISSING, another CA 401 CERT_UNTRUSTED', async () => {
    const none = await f.token(fallbackForm(), '10101', { headers: { fallback: '1' }, tpp: null });
    const foreign = f.reference.info.tpps.foreignCa;
    const untrusted = await f.token(fallbackForm(foreign.clientId), '10101', {
      headers: { fallback: '1' },
      tpp: foreign,
    });
    expect([none.status, codeOf(none)]).toEqual([401, 'CERT_MISSING']);
    expect([untrusted.status, codeOf(untrusted)]).toEqual([401, 'CERT_UNTRUSTED']);
  });

  it('needs a client_id naming the QWAC (401 invalid_client)', async () => {
    const answer = await f.token(fallbackForm('PSDFR-ACPR-99999'), '10101', { headers: { fallback: '1' } });
    expect([answer.status, codeOf(answer)]).toEqual([401, 'invalid_client']);
  });
});

describe('registration', () => {
  function registration(tpp: StartLineTpp, overrides: Record<string, unknown> = {}): Record<string, unknown> {
    const x5c = new X509Certificate(readFileSync(tpp.qsealCert)).raw.toString('base64');
    return {
      redirect_uris: ['https://registered.example/cb'],
      token_endpoint_auth_method: 'tls_client_auth',
      grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
      client_name: 'Registered TPP',
      contacts: ['ops@registered.example'],
      provider_legal_id: tpp.clientId,
      scope: 'aisp pisp',
      jwks: { keys: [{ kty: 'RSA', x5c: [x5c] }] },
      ...overrides,
    };
  }

  function register(body: unknown, path = '/stet/psd2/register') {
    const tpp = f.reference.info.tpps.unenrolled;
    return f.call({ method: 'POST', path, tpp, body, headers: { 'psu-ip-address': '192.0.2.1' } });
  }

  it('returns a client_id that the token endpoint then accepts (first PISP token)', async () => {
    const tpp = f.reference.info.tpps.unenrolled;
    const answer = await register(registration(tpp));
    expect(answer.status).toBe(201);
    expect(schemaErrors('v1.6.2', 'POST', '/stet/psd2/register', answer)).toEqual([]);
    const clientId = String(pick(answer.json, 'client_id'));
    const token = await f.token(
      { grant_type: 'client_credentials', client_id: clientId, scope: 'pisp' },
      '10101',
      {
        tpp,
      },
    );
    expect([token.status, pick(token.json, 'scope')]).toEqual([200, 'pisp']);
  });

  it('is served at /register too', async () => {
    const tpp = f.reference.info.tpps.unenrolled;
    const answer = await register(registration(tpp), '/register');
    expect(answer.status).toBe(201);
  });

  it.each([
    [
      'token_endpoint_auth_method other than tls_client_auth',
      { token_endpoint_auth_method: 'client_secret_basic' },
    ],
    ['an unknown grant type', { grant_types: ['implicit'] }],
    ['a provider_legal_id not shaped as an authorisation number', { provider_legal_id: '12345' }],
    ['contacts that are not an array', { contacts: 'ops@registered.example' }],
    ['an http redirect URI', { redirect_uris: ['http://registered.example/cb'] }],
    ['no redirect URI', { redirect_uris: [] }],
    ['no client_name', { client_name: undefined }],
    ['no QSEAL in jwks', { jwks: { keys: [{ kty: 'RSA' }] } }],
  ])('refuses %s with 400 FF01', async (_name, change) => {
    const tpp = f.reference.info.tpps.unenrolled;
    const answer = await register(registration(tpp, change));
    expect([answer.status, codeOf(answer)]).toEqual([400, 'FF01']);
  });

  it('refuses a QWAC given as the QSEAL (not a seal certificate) with 400 FF01', async () => {
    const tpp = f.reference.info.tpps.unenrolled;
    const qwac = new X509Certificate(readFileSync(tpp.qwacCert)).raw.toString('base64');
    const answer = await register(registration(tpp, { jwks: { keys: [{ kty: 'RSA', x5c: [qwac] }] } }));
    expect([answer.status, codeOf(answer)]).toEqual([400, 'FF01']);
  });

  it('refuses a role the QWAC does not grant with 403 ROLE_MISSING', async () => {
    const tpp = f.reference.info.tpps.aispOnly;
    const answer = await f.call({
      method: 'POST',
      path: '/stet/psd2/register',
      tpp,
      body: registration(tpp, { scope: 'pisp' }),
    });
    expect([answer.status, codeOf(answer)]).toEqual([403, 'ROLE_MISSING']);
  });
});
