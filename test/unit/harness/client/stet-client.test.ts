import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StetClient } from '../../../../harness/client/stet-client.ts';
import { SecretSet } from '../../../../harness/report/secret-set.ts';
import {
  computeDigest,
  parseSignatureHeader,
  verifySignature,
  verifyDigest,
} from '../../../../protocol/index.ts';
import { fixtureTarget, selfSigned, startFixtureServer, type KeyPair } from '../fixtures/tls-fixture.ts';

const server: KeyPair = await selfSigned('api-10101.bank.test');
const client: KeyPair = await selfSigned('tpp.example');

describe('StetClient', () => {
  let fixture: Awaited<ReturnType<typeof startFixtureServer>>;
  let stet: StetClient;

  beforeAll(async () => {
    fixture = await startFixtureServer(server, (req, res) => {
      res.writeHead(req.url === '/redirect' ? 302 : 200, {
        'content-type': 'application/json',
        'x-request-id': String(req.headers['x-request-id']),
        ...(req.url === '/redirect' ? { location: '/elsewhere' } : {}),
      });
      res.end(JSON.stringify({ ok: true }));
    });
    stet = new StetClient(fixtureTarget(fixture.port, server, client), new SecretSet());
  });
  afterAll(async () => {
    await stet.close();
    await fixture.close();
  });

  const send = (overrides: Partial<Parameters<StetClient['send']>[0]> = {}): ReturnType<StetClient['send']> =>
    stet.send({
      institution: '10101',
      method: 'POST',
      path: '/stet/psd2/v1.4.2/consents?x=1',
      headers: { 'content-type': 'application/json', 'psu-ip-address': '192.0.2.1' },
      body: '{"balances":[]}',
      tpp: fixtureTarget(0, server, client).tpp,
      signing: { headers: ['(request-target)', 'date', 'digest', 'x-request-id'] },
      ...overrides,
    });

  it('signs with the QSEAL so that protocol/ verifies it, covering psu-* headers, with a matching Digest', async () => {
    const exchange = await send();
    const seen = fixture.seen.at(-1);
    expect(exchange.status).toBe(200);
    expect(exchange.json).toEqual({ ok: true });
    expect(seen?.headers.host).toBe('api-10101.bank.test');
    expect(seen?.clientCertificate).toBe(true);
    const signature = parseSignatureHeader(String(seen?.headers.signature));
    expect(signature.keyId).toBe('PSDFR-ACPR-12345');
    expect(signature.headers).toEqual([
      '(request-target)',
      'date',
      'digest',
      'x-request-id',
      'psu-ip-address',
    ]);
    const verdict = verifySignature({
      method: 'POST',
      path: '/stet/psd2/v1.4.2/consents?x=1',
      headers: seen?.headers ?? {},
      signature,
      publicKey: client.cert,
    });
    expect(verdict).toEqual({ valid: true });
    expect(verifyDigest(String(seen?.headers.digest), seen?.body ?? '')).toMatchObject({ valid: true });
    expect(exchange.headers['x-request-id']).toBe(seen?.headers['x-request-id']);
  });

  it('sends bytes as they are, digested and signed as bytes, with a Content-Length', async () => {
    const bytes = Uint8Array.from([0x7b, 0x22, 0x78, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]);
    const exchange = await send({ body: bytes });
    const seen = fixture.seen.at(-1);
    expect(seen?.bytes.equals(bytes)).toBe(true);
    expect(seen?.headers['content-length']).toBe('9');
    expect(seen?.headers['transfer-encoding']).toBeUndefined();
    expect(seen?.headers.digest).toBe(computeDigest(bytes));
    expect(exchange.entry.request.body).toBe('{"x":"\uFFFD"}');
  });

  it('sends a chunked body without Content-Length, its Digest over the whole body', async () => {
    await send({ body: '{"balances":[]}', chunked: true });
    const seen = fixture.seen.at(-1);
    expect(seen?.headers['transfer-encoding']).toBe('chunked');
    expect(seen?.headers['content-length']).toBeUndefined();
    expect(seen?.body).toBe('{"balances":[]}');
    expect(seen?.headers.digest).toBe(computeDigest('{"balances":[]}'));
  });

  it('sends a Digest of the empty body on a request without body', async () => {
    await send({ method: 'GET', body: undefined, headers: {} });
    expect(fixture.seen.at(-1)?.headers.digest).toBe(computeDigest(''));
  });

  it('breaks the signature or the digest on request, and sends none when unsigned', async () => {
    await send({ signing: { headers: ['(request-target)', 'digest'], badSignature: true } });
    const bad = fixture.seen.at(-1);
    const parsed = parseSignatureHeader(String(bad?.headers.signature));
    expect(
      verifySignature({
        method: 'POST',
        path: '/stet/psd2/v1.4.2/consents?x=1',
        headers: bad?.headers ?? {},
        signature: parsed,
        publicKey: client.cert,
      }).valid,
    ).toBe(false);
    await send({ signing: { headers: ['digest'], badDigest: true } });
    expect(
      verifyDigest(String(fixture.seen.at(-1)?.headers.digest), fixture.seen.at(-1)?.body ?? '').valid,
    ).toBe(false);
    await send({ signing: 'unsigned' });
    expect(fixture.seen.at(-1)?.headers.signature).toBeUndefined();
  });

  it('sends a body without any Digest, and a signature that leaves digest out, when asked', async () => {
    await send({ signing: { headers: ['(request-target)', 'digest', 'x-request-id'], noDigest: true } });
    const seen = fixture.seen.at(-1);
    expect(seen?.body).toBe('{"balances":[]}');
    expect(seen?.headers.digest).toBeUndefined();
    const signature = parseSignatureHeader(String(seen?.headers.signature));
    expect(signature.headers).toEqual(['(request-target)', 'x-request-id', 'psu-ip-address']);
  });

  it('presents no client certificate when asked not to', async () => {
    await send({ tpp: null });
    expect(fixture.seen.at(-1)?.clientCertificate).toBe(false);
  });

  it('follows no redirect and makes one attempt per request', async () => {
    const before = fixture.seen.length;
    const exchange = await send({ path: '/redirect', method: 'GET', body: undefined });
    expect(exchange.status).toBe(302);
    expect(fixture.seen.length - before).toBe(1);
  });

  it('raises the signer’s ERR_SIGNATURE_KEY_INVALID for an unusable QSEAL key, not an unreachable target', async () => {
    const good = fixtureTarget(fixture.port, server, client);
    const broken = { ...good, tpp: { ...good.tpp, qseal: { ...good.tpp.qseal, key: 'not a key' } } };
    const other = new StetClient(broken, new SecretSet());
    await expect(
      other.send({ institution: '10101', method: 'GET', path: '/', headers: {}, tpp: broken.tpp }),
    ).rejects.toMatchObject({ code: 'ERR_SIGNATURE_KEY_INVALID' });
    await other.close();
  });

  it('raises ERR_TARGET_CERTIFICATE when the server certificate is not trusted', async () => {
    const other = new StetClient(
      { ...fixtureTarget(fixture.port, server, client), ca: client.cert },
      new SecretSet(),
    );
    await expect(
      other.send({
        institution: '10101',
        method: 'GET',
        path: '/',
        headers: {},
        tpp: null,
        signing: 'unsigned',
      }),
    ).rejects.toMatchObject({
      code: 'ERR_TARGET_CERTIFICATE',
    });
    await other.close();
  });
});
