import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHar } from '../../../../traffic/har/parse-har.ts';
import { startReplayServer, type ReplayServer } from '../../../../traffic/replay/replay-server.ts';
import { issueTlsCertificate } from '../../../../pki/index.ts';

const host = 'api-10101.psd2.groupbank.example';
const har = parseHar(readFileSync(new URL('../fixtures/ais-session.har', import.meta.url), 'utf8'));
const ca = await issueTlsCertificate({ commonName: 'replay CA', usage: 'ca' });

describe('startReplayServer over HTTPS', () => {
  let server: ReplayServer;
  beforeAll(async () => {
    server = await startReplayServer({ har, ca });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('serves the recorded answer for the institution host named as SNI and Host', async () => {
    const agent = new Agent({ connect: { ca: ca.cert, servername: host } });
    const response = await request(`${server.url}/stet/psd2/v1.4.2/accounts/acc-b/balances`, {
      headers: { host, 'x-request-id': 'r-9' },
      dispatcher: agent,
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['x-request-id']).toBe('r-9');
    expect(await response.body.json()).toMatchObject({ message: 'NGAC' });
    await agent.close();
  });

  it('matches the Host header without its port', async () => {
    const agent = new Agent({ connect: { ca: ca.cert, servername: host } });
    const response = await request(`${server.url}/stet/psd2/v1.4.2/accounts/acc-b/balances`, {
      headers: { host: `${host}:8443` },
      dispatcher: agent,
    });
    expect(response.statusCode).toBe(403);
    expect(await response.body.json()).toMatchObject({ message: 'NGAC' });
    await agent.close();
  });

  it('takes the institution host from SNI when Host names only the address dialled', async () => {
    const agent = new Agent({ connect: { ca: ca.cert, servername: host } });
    const response = await request(`${server.url}/stet/psd2/v1.4.2/accounts/acc-b/balances`, {
      dispatcher: agent,
    });
    expect(response.statusCode).toBe(403);
    expect(await response.body.json()).toMatchObject({ message: 'NGAC' });
    await agent.close();
  });

  it('answers an unknown request with 501 REPLAY_NO_MATCH at once, explaining the closest matches', async () => {
    const agent = new Agent({ connect: { ca: ca.cert, servername: host } });
    const response = await request(`${server.url}/stet/psd2/v1.4.2/accounts/acc-b/owners`, {
      headers: { host: `other-host.example:8443` },
      dispatcher: agent,
    });
    expect(response.statusCode).toBe(501);
    const body: unknown = await response.body.json();
    expect(body).toMatchObject({ message: 'REPLAY_NO_MATCH' });
    const closest = typeof body === 'object' && body !== null && 'closest' in body ? body.closest : [];
    // The closest recorded request first, each with every way it differs (the port never does).
    expect(Array.isArray(closest) ? closest[0] : undefined).toEqual({
      entry: 6,
      request: `GET https://${host}/stet/psd2/v1.4.2/accounts/acc-b/balances`,
      differences: [
        `host: sent other-host.example, recorded ${host}`,
        'path segment 6: sent "owners", recorded "balances"',
      ],
    });
    await agent.close();
  });
});

describe('startReplayServer keep-alive', () => {
  let server: ReplayServer;
  beforeAll(async () => {
    server = await startReplayServer({ har, ca });
  });
  afterAll(async () => {
    await server.stop();
  });

  // Regression: answers without Content-Length ended with the connection, one TLS handshake per request.
  it('answers with a Content-Length, so one connection serves request after request', async () => {
    const agent = new Agent({ connect: { ca: ca.cert, servername: host }, connections: 1 });
    let connections = 0;
    agent.on('connect', () => {
      connections += 1;
    });
    for (const path of ['/stet/psd2/v1.4.2/accounts', '/nowhere', '/stet/psd2/v1.4.2/accounts', '/nowhere']) {
      const response = await request(`${server.url}${path}`, { headers: { host }, dispatcher: agent });
      const body = Buffer.from(await response.body.arrayBuffer());
      expect(response.headers['content-length'], path).toBe(String(body.length));
    }
    await agent.close();
    expect(connections).toBeLessThan(4);
  });
});

const clientCa = await issueTlsCertificate({ commonName: 'TPP CA', usage: 'ca' });
const qwac = await issueTlsCertificate({ ca: clientCa, commonName: 'tpp', usage: 'clientAuth' });

describe('startReplayServer with mutual TLS', () => {
  let server: ReplayServer;
  beforeAll(async () => {
    server = await startReplayServer({ har, ca, mtlsClientCa: clientCa.cert });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers a client that presents a certificate of the trusted CA', async () => {
    const agent = new Agent({ connect: { ca: ca.cert, servername: host, cert: qwac.cert, key: qwac.key } });
    const response = await request(`${server.url}/stet/psd2/v1.4.2/accounts`, {
      headers: { host },
      dispatcher: agent,
    });
    expect(response.statusCode).toBe(200);
    await response.body.dump();
    await agent.close();
  });

  it('refuses the TLS handshake of a client without a certificate', async () => {
    const agent = new Agent({ connect: { ca: ca.cert, servername: host } });
    await expect(
      request(`${server.url}/stet/psd2/v1.4.2/accounts`, { headers: { host }, dispatcher: agent }),
    ).rejects.toThrow();
    await agent.close();
  });
});
