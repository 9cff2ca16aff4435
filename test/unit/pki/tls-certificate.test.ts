import { X509Certificate, createPrivateKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueTlsCertificate } from '../../../pki/index.ts';

describe('issueTlsCertificate', () => {
  it('issues a CA certificate that can sign certificates and nothing else', async () => {
    const ca = await issueTlsCertificate({ commonName: 'test CA', usage: 'ca', validDays: 30 });
    const cert = new X509Certificate(ca.cert);
    expect(cert.ca).toBe(true);
    expect(cert.subject).toBe('CN=test CA');
    expect(cert.issuer).toBe('CN=test CA');
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.checkPrivateKey(createPrivateKey(ca.key))).toBe(true);
    const days = (Date.parse(cert.validTo) - Date.parse(cert.validFrom)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
  });

  it('issues a server certificate under a CA with DNS and IP names', async () => {
    const ca = await issueTlsCertificate({ commonName: 'test CA', usage: 'ca' });
    const leaf = await issueTlsCertificate({
      ca,
      commonName: 'api-10101.psd2.groupbank.example',
      hosts: ['api-10101.psd2.groupbank.example', '127.0.0.1', '::1'],
    });
    const cert = new X509Certificate(leaf.cert);
    expect(cert.ca).toBe(false);
    expect(cert.issuer).toBe('CN=test CA');
    expect(cert.verify(new X509Certificate(ca.cert).publicKey)).toBe(true);
    expect(cert.checkHost('api-10101.psd2.groupbank.example')).toBe('api-10101.psd2.groupbank.example');
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(cert.subjectAltName).toContain('IP Address:0:0:0:0:0:0:0:1');
    expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    expect(cert.checkPrivateKey(createPrivateKey(leaf.key))).toBe(true);
  });

  it('marks a client certificate for client authentication only', async () => {
    const ca = await issueTlsCertificate({ commonName: 'TPP CA', usage: 'ca' });
    const qwac = await issueTlsCertificate({ ca, commonName: 'tpp', usage: 'clientAuth' });
    expect(new X509Certificate(qwac.cert).keyUsage).toEqual(['1.3.6.1.5.5.7.3.2']);
  });

  it('takes an explicit validity period, an expired one included', async () => {
    const notBefore = new Date('2020-01-01T00:00:00Z');
    const notAfter = new Date('2020-02-01T00:00:00Z');
    const old = await issueTlsCertificate({ commonName: 'old', validity: { notBefore, notAfter } });
    const cert = new X509Certificate(old.cert);
    expect(new Date(cert.validFrom).toISOString()).toBe(notBefore.toISOString());
    expect(new Date(cert.validTo).toISOString()).toBe(notAfter.toISOString());
  });
});
