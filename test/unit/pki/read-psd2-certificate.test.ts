import { beforeAll, describe, expect, it } from 'vitest';
import { readPsd2Certificate } from '../../../protocol/psd2-certificate.ts';
import { createTestCa, generateTestPki, type TestCa, type TestPki } from '../../../pki/index.ts';
import { x509 } from '../../../pki/x509.ts';
import { rsaAlgorithm } from '../../../pki/key-pair.ts';

let ca: TestCa;
let pki: TestPki;

beforeAll(async () => {
  ca = await createTestCa();
  pki = await generateTestPki({
    organizationIdentifier: 'PSDFR-ACPR-12345',
    roles: ['PSP_AS', 'PSP_AI'],
    ca,
  });
});

/** A certificate signed by the CA whose qcStatements extension holds `value`. */
async function withQcStatements(value: Uint8Array): Promise<string> {
  const keys = await crypto.subtle.generateKey(rsaAlgorithm, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: '01',
    subject: 'CN=broken',
    issuer: ca.certificate.subjectName,
    publicKey: keys.publicKey,
    signingKey: ca.signingKey,
    signingAlgorithm: rsaAlgorithm,
    extensions: [new x509.Extension('1.3.6.1.5.5.7.1.3', false, value)],
  });
  return cert.toString('pem');
}

describe('readPsd2Certificate', () => {
  it('reads PEM and DER alike', () => {
    const fromPem = readPsd2Certificate(pki.qwac.certPem);
    const fromDer = readPsd2Certificate(new Uint8Array(fromPem.certificate.raw));
    expect(fromDer.fingerprintSha256).toBe(fromPem.fingerprintSha256);
    expect(fromDer.roles).toEqual(['PSP_AS', 'PSP_AI']);
    expect(fromPem.commonName).toBe('PSDFR-ACPR-12345 test TPP');
  });

  it('reads the first certificate of a PEM bundle', () => {
    expect(readPsd2Certificate(pki.qwac.certPem + ca.certPem).organizationIdentifier).toBe(
      'PSDFR-ACPR-12345',
    );
  });

  it.each([
    ['an empty string', ''],
    ['a private key', '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n'],
    ['a PEM block of garbage', '-----BEGIN CERTIFICATE-----\nAAAAAAAA\n-----END CERTIFICATE-----\n'],
  ])('reports %s as ERR_CERT_NOT_A_CERTIFICATE', (_what, input) => {
    expect(() => readPsd2Certificate(input)).toThrow(
      expect.objectContaining({ code: 'ERR_CERT_NOT_A_CERTIFICATE' }),
    );
  });

  it('reports random bytes as ERR_CERT_NOT_A_CERTIFICATE', () => {
    expect(() => readPsd2Certificate(new Uint8Array([1, 2, 3]))).toThrow(
      expect.objectContaining({ code: 'ERR_CERT_NOT_A_CERTIFICATE' }),
    );
  });

  it('reports a certificate without qcStatements, or without the PSD2 statement, as ERR_CERT_NO_QC_STATEMENT', async () => {
    expect(() => readPsd2Certificate(ca.certPem)).toThrow(
      expect.objectContaining({ code: 'ERR_CERT_NO_QC_STATEMENT' }),
    );
    expect(() => readPsd2Certificate(pki.server?.certPem ?? '')).toThrow(
      expect.objectContaining({ code: 'ERR_CERT_NO_QC_STATEMENT' }),
    );
    const complianceOnly = Buffer.from('300a3008060604008e460101', 'hex');
    const pem = await withQcStatements(complianceOnly);
    expect(() => readPsd2Certificate(pem)).toThrow(
      expect.objectContaining({ code: 'ERR_CERT_NO_QC_STATEMENT' }),
    );
  });

  it('reports a broken qcStatements extension as ERR_CERT_MALFORMED', async () => {
    const truncated = Buffer.from('300a3008060604008e4601', 'hex');
    const pem = await withQcStatements(truncated);
    expect(() => readPsd2Certificate(pem)).toThrow(expect.objectContaining({ code: 'ERR_CERT_MALFORMED' }));
  });
});
