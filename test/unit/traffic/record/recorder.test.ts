import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecorder, type Recorder } from '../../../../traffic/record/recorder.ts';
import { issueTlsCertificate } from '../../../../pki/index.ts';

const host = 'api-10101.psd2.groupbank.example';

const bankCa = await issueTlsCertificate({ commonName: 'bank CA', usage: 'ca' });
const bankServer = await issueTlsCertificate({ ca: bankCa, commonName: host, hosts: [host] });
const qwac = await issueTlsCertificate({ ca: bankCa, commonName: 'tpp', usage: 'clientAuth' });
const proxyCa = await issueTlsCertificate({ commonName: 'proxy CA', usage: 'ca' });

describe('startRecorder', () => {
  let bank: Server;
  let recorder: Recorder;
  const seen: Array<{
    host: string | undefined;
    sni: string | false | null;
    authorized: boolean;
    body: string;
  }> = [];

  beforeAll(async () => {
    bank = createServer(
      { ...bankServer, ca: bankCa.cert, requestCert: true, rejectUnauthorized: false },
      (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const socket = req.socket as TLSSocket;
          seen.push({
            host: req.headers.host,
            sni: socket.servername,
            authorized: socket.authorized,
            body: Buffer.concat(chunks).toString(),
          });
          res.writeHead(200, {
            'content-type': 'application/json',
            'x-request-id': req.headers['x-request-id'] ?? '',
          });
          res.end(JSON.stringify({ access_token: 'tok-123456', token_type: 'Bearer', expires_in: 3600 }));
        });
      },
    );
    await new Promise<void>((resolve) => bank.listen(0, '127.0.0.1', resolve));
    const port = (bank.address() as AddressInfo).port;
    recorder = await startRecorder({
      ca: proxyCa,
      upstream: {
        baseUrl: 'https://api-<institution_code>.psd2.groupbank.example',
        connect: { host: '127.0.0.1', port },
        ca: bankCa.cert,
        clientCertificate: qwac,
      },
    });
  });

  afterAll(async () => {
    await recorder.stop();
    await new Promise((resolve) => bank.close(resolve));
  });

  it('forwards a request over mutual TLS with the institution host as SNI and Host, and records it', async () => {
    const agent = new Agent({ connect: { ca: proxyCa.cert, servername: host } });
    const response = await request(`${recorder.url}/stet/psd2/oauth/token?x=1`, {
      method: 'POST',
      headers: { host, 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'r-1' },
      body: 'grant_type=authorization_code&code=abc-123',
      dispatcher: agent,
    });
    expect(response.statusCode).toBe(200);
    const text = await response.body.text();
    expect(response.headers['content-length'], 'a length, so the connection stays open').toBe(
      String(Buffer.byteLength(text)),
    );
    expect(JSON.parse(text)).toMatchObject({ access_token: 'tok-123456' });
    await agent.close();
    expect(seen.at(-1)).toEqual({
      host,
      sni: host,
      authorized: true,
      body: 'grant_type=authorization_code&code=abc-123',
    });
    const entry = recorder.entries().at(-1);
    expect(entry?.request.url).toBe(`https://${host}/stet/psd2/oauth/token?x=1`);
    expect(entry?.request.postData?.params).toContainEqual({ name: 'code', value: 'abc-123' });
    expect(entry?.response.status).toBe(200);
    expect(entry?.response.content.text).toContain('tok-123456');
    expect(entry?.response.headers).toContainEqual({ name: 'x-request-id', value: 'r-1' });
  });

  it('refuses to forward to a host that is not an institution host of the target', async () => {
    const agent = new Agent({ connect: { ca: proxyCa.cert, servername: 'evil.example' } });
    const response = await request(`${recorder.url}/x`, {
      headers: { host: 'evil.example' },
      dispatcher: agent,
    });
    expect(response.statusCode).toBe(421);
    expect(await response.body.json()).toMatchObject({ message: 'RECORD_HOST_REFUSED' });
    await agent.close();
  });
});
