import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRecord } from '../../../reference-aspsp/lib/is-record.ts';
import { readFileSync } from 'node:fs';
import { createHash, X509Certificate } from 'node:crypto';
import { startCore, type Core } from './fixture.ts';

let core: Core;
let token: string;
const probe = '/stet/psd2/v1.6.2/core-probe';

beforeAll(async () => {
  core = await startCore();
  token = (await core.tokens()).access_token;
}, 60_000);
afterAll(async () => core.close());

function message(json: unknown): unknown {
  return isRecord(json) ? json.message : undefined;
}

describe('hosts', () => {
  it('serves a signed, token-checked call on the live host', async () => {
    const answer = await core.client.call({ path: probe, token });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ psuId: 'core-alice', role: 'aisp', version: 'v1.6.2' });
  });

  it('refuses a host matching no host form with 421 HOST_UNKNOWN', async () => {
    const answer = await core.client.call({ path: probe, token, host: 'www.groupbank.example' });
    expect([answer.status, message(answer.json)]).toEqual([421, 'HOST_UNKNOWN']);
  });

  it('refuses an unknown institution code with 404 INSTITUTION_UNKNOWN', async () => {
    const answer = await core.client.call({ path: probe, token, host: 'api-99999.psd2.groupbank.example' });
    expect([answer.status, message(answer.json)]).toEqual([404, 'INSTITUTION_UNKNOWN']);
  });

  it('refuses the sandbox host of an institution closed to the sandbox', async () => {
    const answer = await core.client.call({
      path: probe,
      token,
      host: 'sandbox-30303.psd2.groupbank.example',
    });
    expect([answer.status, message(answer.json)]).toEqual([404, 'INSTITUTION_UNKNOWN']);
  });

  it('refuses the former live host form after 2025-09-28 with 410 HOST_WITHDRAWN', async () => {
    const answer = await core.client.call({ path: probe, token, host: 'psd2-10101.groupbank.example' });
    expect([answer.status, message(answer.json)]).toEqual([410, 'HOST_WITHDRAWN']);
  });

  it('refuses a token of another institution', async () => {
    const answer = await core.client.call({ path: probe, token, host: core.client.host('20202') });
    expect([answer.status, message(answer.json)]).toEqual([401, 'invalid_token']);
  });
});

describe('client certificates and enrolment', () => {
  it('refuses a call without client certificate with 401 CERT_MISSING', async () => {
    const answer = await core.client.call({ path: probe, token, tpp: null });
    expect([answer.status, message(answer.json)]).toEqual([401, 'CERT_MISSING']);
  });

  it('refuses a certificate of another CA with 401 CERT_UNTRUSTED', async () => {
    const answer = await core.client.call({ path: probe, token, tpp: core.reference.info.tpps.foreignCa });
    expect([answer.status, message(answer.json)]).toEqual([401, 'CERT_UNTRUSTED']);
  });

  it('refuses a trusted certificate of a TPP that is not enrolled with 403 BE05 (the AISP is unknown)', async () => {
    const answer = await core.client.call({ path: probe, token, tpp: core.reference.info.tpps.unenrolled });
    expect([answer.status, message(answer.json)]).toEqual([403, 'BE05']);
  });

  it('refuses a QWAC without the role of the resource with 403 ROLE_MISSING', async () => {
    const answer = await core.client.call({
      path: '/stet/psd2/v1.4.2/core-probe-cbpii',
      token,
      tpp: core.reference.info.tpps.aispOnly,
    });
    expect([answer.status, message(answer.json)]).toEqual([403, 'ROLE_MISSING']);
  });

  it('refuses a token presented by another TPP', async () => {
    const answer = await core.client.call({ path: probe, token, tpp: core.reference.info.tpps.aispOnly });
    expect([answer.status, message(answer.json)]).toEqual([401, 'invalid_token']);
  });
});

describe('Signature and Digest', () => {
  it('refuses a call without Signature with 401 SIGNATURE_INVALID', async () => {
    const answer = await core.client.call({ path: probe, token, sign: false });
    expect([answer.status, message(answer.json)]).toEqual([401, 'SIGNATURE_INVALID']);
  });

  it('accepts the URL keyId form ending with the QSEAL fingerprint', async () => {
    const der = new X509Certificate(readFileSync(core.reference.info.tpp.qsealCert)).raw;
    const keyId = `https://tpp.example/certs/qseal_${createHash('sha256').update(der).digest('hex')}`;
    const answer = await core.client.call({ path: probe, token, keyId });
    expect(answer.status).toBe(200);
  });

  it('refuses a keyId naming another certificate', async () => {
    const keyId = `https://tpp.example/certs/qseal_${'0'.repeat(64)}`;
    const answer = await core.client.call({ path: probe, token, keyId });
    expect([answer.status, message(answer.json)]).toEqual([401, 'SIGNATURE_INVALID']);
  });

  it('refuses a signature that does not cover a header of the institution policy (digest, in the seed list)', async () => {
    const answer = await core.client.call({ path: probe, token, sign: ['(request-target)', 'x-request-id'] });
    expect([answer.status, message(answer.json)]).toEqual([401, 'SIGNATURE_INVALID']);
  });

  it('refuses a PSU-IP-Address header that is not signed', async () => {
    const answer = await core.client.call({
      path: probe,
      token,
      headers: { 'psu-ip-address': '192.0.2.10' },
      sign: ['(request-target)', 'digest', 'x-request-id'],
    });
    expect([answer.status, message(answer.json)]).toEqual([401, 'SIGNATURE_INVALID']);
  });

  it('exposes a signed PSU-IP-Address to the handler', async () => {
    const answer = await core.client.call({
      path: probe,
      token,
      headers: { 'psu-ip-address': '192.0.2.10' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ psuIpAddress: '192.0.2.10' });
  });

  it('refuses a signature whose signed header was changed', async () => {
    const answer = await core.client.call({
      path: probe,
      token,
      afterSign: (headers) => {
        headers['x-request-id'] = 'changed-after-signing';
      },
    });
    expect([answer.status, message(answer.json)]).toEqual([401, 'SIGNATURE_INVALID']);
  });

  it('refuses a missing Digest with 400 DIGEST_INVALID where the policy signs digest', async () => {
    const answer = await core.client.call({
      path: probe,
      token,
      noDigest: true,
      sign: ['(request-target)', 'x-request-id'],
    });
    expect([answer.status, message(answer.json)]).toEqual([400, 'DIGEST_INVALID']);
  });

  it('refuses a Digest that does not match the body', async () => {
    const answer = await core.client.call({
      method: 'POST',
      path: probe,
      token,
      body: '{"a":1}',
      headers: {
        'content-type': 'application/json',
        digest: 'SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
      },
    });
    expect([answer.status, message(answer.json)]).toEqual([400, 'DIGEST_INVALID']);
  });

  it('refuses a call without Digest at every institution: digest is in the seed list, the default policy', async () => {
    const host = core.client.host('20202');
    const tokens = await core.tokens({ host });
    const answer = await core.client.call({
      path: probe,
      host,
      token: tokens.access_token,
      noDigest: true,
      sign: ['(request-target)', 'x-request-id'],
    });
    expect([answer.status, message(answer.json)]).toEqual([400, 'DIGEST_INVALID']);
  });

  it('accepts a signature over the seed list alone at an institution with the default policy', async () => {
    const host = core.client.host('20202');
    const tokens = await core.tokens({ host });
    const answer = await core.client.call({
      path: probe,
      host,
      token: tokens.access_token,
      sign: ['(request-target)', 'digest'],
    });
    expect(answer.status).toBe(200);
  });

  it('refuses at 30303, whose stricter policy also signs date and x-request-id, the seed list alone', async () => {
    const host = core.client.host('30303');
    const tokens = await core.tokens({ host });
    const answer = await core.client.call({
      path: probe,
      host,
      token: tokens.access_token,
      sign: ['(request-target)', 'digest'],
    });
    expect([answer.status, message(answer.json)]).toEqual([401, 'SIGNATURE_INVALID']);
  });
});

describe('X-Request-ID, routing and bad input', () => {
  it('echoes X-Request-ID on errors and on unknown paths', async () => {
    const refused = await core.client.call({
      path: probe,
      token,
      sign: false,
      headers: { 'x-request-id': 'rid-401' },
    });
    expect(refused.headers['x-request-id']).toBe('rid-401');
    const unknown = await core.client.call({
      path: '/stet/psd2/v1.6.2/nowhere',
      token,
      headers: { 'x-request-id': 'rid-404' },
    });
    expect([unknown.status, message(unknown.json), unknown.headers['x-request-id']]).toEqual([
      404,
      'RESOURCE_UNKNOWN',
      'rid-404',
    ]);
  });

  it('answers the STET ErrorModel with the code in message', async () => {
    const answer = await core.client.call({ path: '/stet/psd2/v1.6.2/nowhere', token });
    expect(answer.json).toMatchObject({
      status: 404,
      error: 'Not Found',
      message: 'RESOURCE_UNKNOWN',
      path: '/stet/psd2/v1.6.2/nowhere',
    });
    expect(answer.headers['content-type']).toBe('application/json');
  });

  it('refuses a wrong verb on a known path with 405 NIMP and Allow', async () => {
    const answer = await core.client.call({ method: 'DELETE', path: probe, token });
    expect([answer.status, message(answer.json)]).toEqual([405, 'NIMP']);
    expect(answer.headers.allow).toBe('GET, POST');
  });

  it('answers 405 for a verb offered only in other versions and 404 for a resource absent from the version', async () => {
    const answer = await core.client.call({
      method: 'POST',
      path: '/stet/psd2/v1/core-probe',
      token,
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(405);
    const cbpii = await core.client.call({ path: '/stet/psd2/v1.6.2/core-probe-cbpii', token });
    expect(cbpii.status).toBe(404);
  });

  it('refuses a body over 64 KiB with 413 FF01', async () => {
    const body = JSON.stringify({ blob: 'x'.repeat(70 * 1024) });
    const answer = await core.client.call({
      method: 'POST',
      path: probe,
      token,
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect([answer.status, message(answer.json)]).toEqual([413, 'FF01']);
  });

  it('refuses malformed JSON and a wrong content type with 400 FF01', async () => {
    const malformed = await core.client.call({
      method: 'POST',
      path: probe,
      token,
      body: '{"a":',
      headers: { 'content-type': 'application/json' },
    });
    expect([malformed.status, message(malformed.json)]).toEqual([400, 'FF01']);
    const wrongType = await core.client.call({
      method: 'POST',
      path: probe,
      token,
      body: '{"a":1}',
      headers: { 'content-type': 'text/plain' },
    });
    expect([wrongType.status, message(wrongType.json)]).toEqual([400, 'FF01']);
  });

  it('never answers a 5xx to bad input', async () => {
    const bodies = [
      '',
      '\u0000\u0001',
      '[]',
      'null',
      '"x"',
      '{"__proto__":{"x":1}}',
      '\xff\xfe',
      '{'.repeat(5000),
    ];
    const types = [
      'application/json',
      'application/json; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ];
    for (const body of bodies) {
      for (const type of types) {
        const answer = await core.client.call({
          method: 'POST',
          path: probe,
          token,
          body,
          headers: { 'content-type': type },
        });
        expect(answer.status, `${type} ${JSON.stringify(body.slice(0, 20))}`).toBeLessThan(500);
      }
    }
    const paths = [
      '/%E0%A4%A',
      '/stet/psd2/%2e%2e/accounts',
      '/stet/psd2/v1.6.2/core-probe/%00',
      '//',
      '/stet/psd2/oauth/journeys/%ZZ',
    ];
    for (const path of paths) {
      const answer = await core.client.call({ path, token });
      expect(answer.status, path).toBeLessThan(500);
    }
    const badAuth = await core.client.call({ path: probe, headers: { authorization: 'Bearer' } });
    expect(badAuth.status).toBe(401);
  });
});
