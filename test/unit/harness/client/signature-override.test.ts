import { createPublicKey, X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  StetClient,
  type OutgoingRequest,
  type SigningPolicy,
} from '../../../../harness/client/stet-client.ts';
import { SecretSet } from '../../../../harness/report/secret-set.ts';
import type { Target } from '../../../../harness/targets/target-definition.ts';
import { testTarget } from '../fixtures/target-fixture.ts';
import { parseSignatureHeader, verifySignature } from '../../../../protocol/index.ts';
import { generateTestPki, type TestPki } from '../../../../pki/index.ts';

let pki: TestPki;
let server: Server | undefined;
let client: StetClient | undefined;

beforeAll(async () => {
  pki = await generateTestPki({ organizationIdentifier: 'PSDFR-ACPR-12345', roles: ['PSP_AI'] });
  const cert = pki.server;
  if (cert === undefined) throw new Error('no server certificate');
  // Echoes the request headers, so the test sees exactly what the client signed, with the raw header
  // lines and the connection's TLS SNI name beside them.
  server = createServer({ cert: cert.certPem, key: cert.keyPem }, (req, res) => {
    res.setHeader('content-type', 'application/json');
    const sni = req.socket instanceof TLSSocket ? req.socket.servername : undefined;
    res.end(
      JSON.stringify({ ...req.headers, 'x-echo-raw': req.rawHeaders.join('|'), 'x-echo-sni': String(sni) }),
    );
  });
  const listening = server;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  const port = portOf(listening.address());
  const target: Target = testTarget({
    name: 'echo',
    baseUrl: 'https://api-<institution_code>.psd2.groupbank.example',
    connect: { host: '127.0.0.1', port },
    ca: pki.ca.certPem,
    versions: ['v1.6.2'],
    institutions: [
      {
        code: '10101',
        confirmationSegment: 'confirmation',
        fundsConfirmation: true,
        sandbox: false,
        signatureHeaders: [],
      },
    ],
    tpp: {
      clientId: 'PSDFR-ACPR-12345',
      qwac: { cert: pki.qwac.certPem, key: pki.qwac.keyPem },
      qseal: { key: pki.qseal.keyPem, cert: pki.qseal.certPem, keyId: 'PSDFR-ACPR-12345' },
      redirectUri: 'https://tpp.example/callback',
    },
  });
  client = new StetClient(target, new SecretSet());
}, 60_000);

function started(): StetClient {
  if (client === undefined) throw new Error('client not started');
  return client;
}

afterAll(async () => {
  await client?.close();
  const running = server;
  if (running !== undefined) await new Promise<void>((resolve) => running.close(() => resolve()));
});

const policy = ['(request-target)', 'digest', 'x-request-id'];

async function signedHeaders(
  signing: SigningPolicy,
  request: Partial<OutgoingRequest> = {},
): Promise<Record<string, string>> {
  const exchange = await started().send({
    institution: '10101',
    method: 'GET',
    path: '/stet/psd2/v1.6.2/accounts',
    headers: { 'psu-ip-address': '192.0.2.10' },
    tpp: null,
    signing,
    ...request,
  });
  const echoed: unknown = exchange.json;
  if (typeof echoed !== 'object' || echoed === null) throw new Error('no echo');
  return Object.fromEntries(
    Object.entries(echoed).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

function verifies(headers: Record<string, string>, algorithmSent: string | undefined): boolean {
  const parsed = parseSignatureHeader(headers['signature'] ?? '');
  const publicKey = createPublicKey(
    new X509Certificate(pki.qseal.certPem).publicKey.export({ type: 'spki', format: 'pem' }),
  );
  return verifySignature({
    method: 'GET',
    path: '/stet/psd2/v1.6.2/accounts',
    headers,
    signature: { ...parsed, algorithm: algorithmSent },
    publicKey,
  }).valid;
}

describe('signature override of a request', () => {
  it('signs the policy headers plus every psu-* header, with the TPP keyId, by default', async () => {
    const headers = await signedHeaders({ headers: policy });
    const parsed = parseSignatureHeader(headers['signature'] ?? '');
    expect(parsed.headers).toEqual([...policy, 'psu-ip-address']);
    expect(parsed.keyId).toBe('PSDFR-ACPR-12345');
    expect(parsed.algorithm).toBe('rsa-sha256');
    expect(verifies(headers, 'rsa-sha256')).toBe(true);
  });

  it('signs exactly the listed headers, leaving out the psu-* header and (request-target)', async () => {
    const headers = await signedHeaders({ headers: policy, exactHeaders: ['digest', 'x-request-id'] });
    const parsed = parseSignatureHeader(headers['signature'] ?? '');
    expect(parsed.headers).toEqual(['digest', 'x-request-id']);
    expect(headers['psu-ip-address']).toBe('192.0.2.10');
    expect(verifies(headers, 'rsa-sha256')).toBe(true);
  });

  it('sends another keyId and algorithm label over a value that still verifies with the QSEAL key', async () => {
    const headers = await signedHeaders({
      headers: policy,
      keyId: 'PSDXX-NONE-99999',
      algorithm: 'hmac-sha256',
    });
    const parsed = parseSignatureHeader(headers['signature'] ?? '');
    expect(parsed.keyId).toBe('PSDXX-NONE-99999');
    expect(parsed.algorithm).toBe('hmac-sha256');
    expect(verifies(headers, 'rsa-sha256')).toBe(true);
  });
});

describe('what a transport case sends besides the signature', () => {
  it('signs (created) with the created parameter given', async () => {
    const headers = await signedHeaders({
      headers: policy,
      exactHeaders: ['(request-target)', '(created)'],
      created: 1_700_000_000,
    });
    const parsed = parseSignatureHeader(headers['signature'] ?? '');
    expect(parsed.headers).toEqual(['(request-target)', '(created)']);
    expect(parsed.created).toBe(1_700_000_000);
    expect(verifies(headers, 'rsa-sha256')).toBe(true);
  });

  it('writes the header text of signature.format around a value that still verifies', async () => {
    const headers = await signedHeaders({
      headers: policy,
      exactHeaders: ['(request-target)', '(created)', '(expires)'],
      created: 1_700_000_000,
      expires: 4_102_444_800,
      keyId: 'PSDFR-ACPR-99999',
      format:
        ' KEYID = <keyId> ,x="<1>",created=<created>,expires=<expires>,headers="<headers>",signature="<signature>"',
    });
    const sent = headers['signature'] ?? '';
    expect(sent).toMatch(
      /^KEYID = PSDFR-ACPR-99999 ,x="<1>",created=1700000000,expires=4102444800,headers="\(request-target\) \(created\) \(expires\)",signature="[A-Za-z0-9+/]{342}=="$/,
    );
    const parsed = parseSignatureHeader(sent);
    expect(parsed.algorithm).toBeUndefined();
    expect(verifies(headers, undefined)).toBe(true);
  });

  it('sends a header again after the signed ones, outside the signature', async () => {
    const headers = await signedHeaders(
      { headers: policy },
      { headers: { authorization: 'Bearer first' }, duplicateHeaders: { authorization: 'Bearer second' } },
    );
    expect(headers['x-echo-raw']).toMatch(/\|authorization\|Bearer first\|.*\|authorization\|Bearer second/i);
    expect(headers['authorization']).toBe('Bearer first');
    expect(verifies(headers, 'rsa-sha256')).toBe(true);
  });

  it('sends a second Host line itself (undici refuses to), signed as the interceptor signs', async () => {
    const headers = await signedHeaders(
      { headers: policy },
      { duplicateHeaders: { host: 'api-20202.psd2.groupbank.example' } },
    );
    expect(headers['x-echo-raw']).toMatch(
      /^host\|api-10101\.psd2\.groupbank\.example\|.*\|host\|api-20202\.psd2\.groupbank\.example\|/,
    );
    expect(headers['x-echo-sni']).toBe('api-10101.psd2.groupbank.example');
    expect(verifies(headers, 'rsa-sha256')).toBe(true);
  });

  it('opens the connection for the SNI name asked, keeping the Host, and with none for an IP address', async () => {
    const other = await signedHeaders({ headers: policy }, { sni: 'api-20202.psd2.groupbank.example' });
    expect(other['x-echo-sni']).toBe('api-20202.psd2.groupbank.example');
    expect(other['host']).toBe('api-10101.psd2.groupbank.example');
    const own = await signedHeaders({ headers: policy });
    expect(own['x-echo-sni']).toBe('api-10101.psd2.groupbank.example');
    const ip = await signedHeaders({ headers: policy }, { host: '127.0.0.1' });
    expect(ip['x-echo-sni']).toBe('false');
    expect(ip['host']).toBe('127.0.0.1');
  });
});

function portOf(address: ReturnType<Server['address']>): number {
  if (address === null || typeof address === 'string') throw new Error('not listening on a port');
  return address.port;
}
