import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpExchange, OutgoingRequest } from '../../../../harness/client/stet-client.ts';
import { StetClient } from '../../../../harness/client/stet-client.ts';
import { TppClient } from '../../../../harness/client/tpp-client.ts';
import type { JourneyDriver, JourneyInput } from '../../../../harness/journeys/journey-driver.ts';
import { SecretSet } from '../../../../harness/report/secret-set.ts';
import {
  createPkcePair,
  parseSignatureHeader,
  pkceChallenge,
  verifySignature,
} from '../../../../protocol/index.ts';
import { fixtureTarget, selfSigned, startFixtureServer } from '../fixtures/tls-fixture.ts';

const serverKeys = await selfSigned('api-10101.bank.test');
const clientKeys = await selfSigned('tpp.example');
const target = fixtureTarget(0, serverKeys, clientKeys);

/** A client that records each request and answers with `answer`. */
function recordingClient(answer: Partial<HttpExchange> = {}): {
  sent: OutgoingRequest[];
  send: (req: OutgoingRequest) => Promise<HttpExchange>;
} {
  const sent: OutgoingRequest[] = [];
  return {
    sent,
    send: (req) => {
      sent.push(req);
      return Promise.resolve({
        entry: { request: { method: req.method, url: req.path, headers: {} } },
        status: 200,
        headers: {},
        text: '',
        json: undefined,
        durationMs: 0,
        ...answer,
      });
    },
  };
}

function form(req: OutgoingRequest | undefined): Record<string, string> {
  const body = req?.body ?? '';
  return Object.fromEntries(
    new URLSearchParams(typeof body === 'string' ? body : Buffer.from(body).toString()),
  );
}

describe('TppClient', () => {
  it('builds the authorize URL on the institution host with the TPP’s client, redirect URI, scope and state', () => {
    const tpp = new TppClient({ client: recordingClient(), target, institution: '10101' });
    const url = tpp.authorizeUrl({ scope: 'aisp', state: 's1', loginHint: 'alice' });
    expect(url.origin).toBe('https://api-10101.bank.test');
    expect(url.pathname).toBe('/stet/psd2/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'PSDFR-ACPR-12345',
      redirect_uri: 'https://tpp.example/callback',
      scope: 'aisp',
      state: 's1',
      login_hint: 'alice',
    });
  });

  it('keeps what a consent link carries, adds what it lacks, and sets the S256 challenge of the pair', () => {
    const tpp = new TppClient({ client: recordingClient(), target, institution: '10101' });
    const pkce = createPkcePair();
    const url = tpp.authorizeUrl({
      link: '/stet/psd2/oauth/authorize?payment_request=p1&scope=pisp&code_challenge=old',
      pkce,
      scope: 'aisp',
      state: 's2',
    });
    expect(url.searchParams.get('payment_request')).toBe('p1');
    expect(url.searchParams.get('scope')).toBe('pisp');
    expect(url.searchParams.get('state')).toBe('s2');
    expect(url.searchParams.get('code_challenge')).toBe(pkceChallenge(pkce.verifier));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('sends the grants as forms left to the client to sign, with the verifier only when there is one', async () => {
    const client = recordingClient();
    const tpp = new TppClient({ client, target, institution: '10101' });
    await tpp.exchangeCode({ code: 'c1' });
    await tpp.exchangeCode({ code: 'c2', verifier: 'v2', redirectUri: 'https://tpp.example/pay/ok' });
    await tpp.refresh('r1');
    await tpp.clientCredentials('pisp');
    await tpp.token({ grant_type: 'client_credentials' }, { fallback: true });
    expect(client.sent.map((r) => [r.method, r.path, r.signing, r.institution])).toEqual(
      Array.from({ length: 5 }, () => ['POST', '/stet/psd2/oauth/token', undefined, '10101']),
    );
    expect(form(client.sent[0])).toEqual({
      grant_type: 'authorization_code',
      client_id: 'PSDFR-ACPR-12345',
      code: 'c1',
      redirect_uri: 'https://tpp.example/callback',
    });
    expect(form(client.sent[1])).toMatchObject({
      code_verifier: 'v2',
      redirect_uri: 'https://tpp.example/pay/ok',
    });
    expect(form(client.sent[2])).toEqual({
      grant_type: 'refresh_token',
      client_id: 'PSDFR-ACPR-12345',
      refresh_token: 'r1',
    });
    expect(form(client.sent[3])).toEqual({
      grant_type: 'client_credentials',
      client_id: 'PSDFR-ACPR-12345',
      scope: 'pisp',
    });
    expect(client.sent[3]?.headers['fallback']).toBeUndefined();
    expect(client.sent[4]?.headers['fallback']).toBe('1');
  });

  it('sends a resource call with the bearer token, the JSON type of its body and the X-Request-ID asked', async () => {
    const client = recordingClient();
    const tpp = new TppClient({ client, target, institution: '10101' });
    await tpp.resource({
      method: 'POST',
      path: '/stet/psd2/v1.6.2/payment-requests',
      token: 't1',
      body: '{}',
      requestId: 'r-1',
      headers: { 'psu-ip-address': '192.0.2.1' },
    });
    await tpp.resource({
      method: 'GET',
      path: '/stet/psd2/v1.6.2/accounts',
      token: 't2',
      signing: 'unsigned',
    });
    expect(client.sent[0]?.headers).toEqual({
      authorization: 'Bearer t1',
      accept: 'application/json',
      'psu-ip-address': '192.0.2.1',
      'x-request-id': 'r-1',
      'content-type': 'application/json',
    });
    expect(client.sent[0]?.signing).toBeUndefined();
    expect(client.sent[1]?.headers).toEqual({ authorization: 'Bearer t2', accept: 'application/json' });
    expect(client.sent[1]?.signing).toBe('unsigned');
  });

  it('calls the sandbox unsigned, in JSON, and reads a clone', async () => {
    const client = recordingClient({
      status: 201,
      json: { psuId: 'p-1', identifier: 'alice-1', otp: '123456' },
    });
    const tpp = new TppClient({ client, target, institution: '10101' });
    const { psu } = await tpp.clonePsu('alice');
    await tpp.moveClock('p 1', { travel: 'PT1H' });
    await tpp.revokeTokens('p-1');
    expect(psu).toEqual({ psuId: 'p-1', identifier: 'alice-1', otp: '123456' });
    expect(client.sent.map((r) => [r.path, r.signing, r.body])).toEqual([
      ['/sandbox/v1/psus', 'unsigned', '{"persona":"alice"}'],
      ['/sandbox/v1/psus/p%201/clock', 'unsigned', '{"travel":"PT1H"}'],
      ['/sandbox/v1/psus/p-1/revoke-tokens', 'unsigned', undefined],
    ]);
  });

  it('takes the PSU through the journey and exchanges the code of its callback, none when it has none', async () => {
    const client = recordingClient();
    const tpp = new TppClient({ client, target, institution: '10101' });
    const inputs: JourneyInput[] = [];
    const driver = (callback: Record<string, string>): JourneyDriver => ({
      run: (input) => {
        inputs.push(input);
        return Promise.resolve({ callback, exchanges: [] });
      },
    });
    const psu = { identifier: 'alice-1', otp: '123456' };
    const consented = await tpp.login({ journeys: driver({ code: 'c9' }), psu, scope: 'cbpii' });
    expect(form(client.sent[0])).toMatchObject({ grant_type: 'authorization_code', code: 'c9' });
    expect(consented.exchange).toBeDefined();
    expect(new URL(inputs[0]?.authorizeUrl ?? '').searchParams.get('scope')).toBe('cbpii');
    expect(inputs[0]).toMatchObject({ identifier: 'alice-1', otp: '123456', outcome: 'consent' });
    const refused = await tpp.login({ journeys: driver({ error: 'access_denied' }), psu, scope: 'aisp' });
    expect(refused.exchange).toBeUndefined();
    expect(client.sent).toHaveLength(1);
  });
});

describe('TppClient over the StetClient', () => {
  let fixture: Awaited<ReturnType<typeof startFixtureServer>>;
  let stet: StetClient;

  beforeAll(async () => {
    fixture = await startFixtureServer(serverKeys, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"access_token":"a","token_type":"Bearer"}');
    });
    stet = new StetClient(fixtureTarget(fixture.port, serverKeys, clientKeys), new SecretSet());
  });
  afterAll(async () => {
    await stet.close();
    await fixture.close();
  });

  it('signs a token request with the institution’s policy, as every TPP request (the fuzzer’s were not)', async () => {
    const tpp = new TppClient({
      client: stet,
      target: fixtureTarget(fixture.port, serverKeys, clientKeys),
      institution: '10101',
    });
    const exchange = await tpp.clientCredentials('pisp');
    const seen = fixture.seen.at(-1);
    const signature = parseSignatureHeader(String(seen?.headers.signature));
    expect(signature.headers).toEqual(['(request-target)', 'date', 'digest', 'x-request-id']);
    expect(
      verifySignature({
        method: 'POST',
        path: '/stet/psd2/oauth/token',
        headers: seen?.headers ?? {},
        signature,
        publicKey: clientKeys.cert,
      }),
    ).toEqual({ valid: true });
    expect(exchange.entry.request.headers['signature']).toBe(seen?.headers.signature);
  });

  it('sends the sandbox calls with the certificate but without a signature', async () => {
    const tpp = new TppClient({
      client: stet,
      target: fixtureTarget(fixture.port, serverKeys, clientKeys),
      institution: '10101',
    });
    await tpp.sandbox('/sandbox/v1/psus', { persona: 'alice' });
    const seen = fixture.seen.at(-1);
    expect(seen?.clientCertificate).toBe(true);
    expect(seen?.headers.signature).toBeUndefined();
    expect(seen?.headers.digest).toBeUndefined();
  });
});
