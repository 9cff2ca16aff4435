import { X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCa, generateTestPki, type TestPki } from '../../../pki/index.ts';

let pki: TestPki;
let foreign: TestPki;
let server: Server;
let port: number;
const peers: (string | undefined)[] = [];

beforeAll(async () => {
  const ca = await createTestCa();
  [pki, foreign] = await Promise.all([
    generateTestPki({ organizationIdentifier: 'PSDFR-ACPR-12345', roles: ['PSP_AI'], ca }),
    generateTestPki({ organizationIdentifier: 'PSDFR-ACPR-666', roles: ['PSP_AI'], serverNames: [] }),
  ]);
  server = createServer({
    cert: pki.server?.certPem,
    key: pki.server?.keyPem,
    ca: pki.ca.certPem,
    requestCert: true,
    rejectUnauthorized: true,
  });
  server.on('secureConnection', (socket: TLSSocket) => {
    const peer = socket.getPeerX509Certificate();
    peers.push(peer?.subject);
    socket.end('ok');
  });
  server.on('tlsClientError', () => undefined);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.close();
  await once(server, 'close');
});

/** Connects as a TPP; resolves with the server's reply, or the error the handshake ended with. */
async function handshake(client: { cert?: string; key?: string }, servername: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, servername, ca: pki.ca.certPem, ...client });
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => resolve(data));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(`error: ${error.code ?? error.message}`));
  });
}

describe('test PKI over mutual TLS', () => {
  it('completes a handshake with the QWAC as client certificate against the server certificate', async () => {
    const reply = await handshake(
      { cert: pki.qwac.certPem, key: pki.qwac.keyPem },
      'api-10101.psd2.groupbank.example',
    );
    expect(reply).toBe('ok');
    expect(peers.at(-1)).toContain('PSDFR-ACPR-12345');
  });

  it('serves the former live host form and localhost with the same certificate', async () => {
    for (const host of ['psd2-10101.groupbank.example', 'localhost']) {
      expect(await handshake({ cert: pki.qwac.certPem, key: pki.qwac.keyPem }, host)).toBe('ok');
    }
  });

  it('is refused by the server without a client certificate or with one from another CA', async () => {
    const before = peers.length;
    expect(await handshake({}, 'api-10101.psd2.groupbank.example')).not.toBe('ok');
    const stranger = { cert: foreign.qwac.certPem, key: foreign.qwac.keyPem };
    expect(await handshake(stranger, 'api-10101.psd2.groupbank.example')).not.toBe('ok');
    expect(peers.length).toBe(before);
    expect(new X509Certificate(foreign.qwac.certPem).checkIssued(new X509Certificate(pki.ca.certPem))).toBe(
      false,
    );
  });
});
