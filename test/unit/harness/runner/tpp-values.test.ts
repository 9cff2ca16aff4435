import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tppValues } from '../../../../harness/runner/tpp-values.ts';
import type { TppCredentials } from '../../../../harness/targets/target-definition.ts';
import { createTestCa, issueTppCertificate } from '../../../../pki/index.ts';

const identity = {
  organizationIdentifier: 'PSDFR-ACPR-77777',
  organizationName: 'Values TPP',
  commonName: 'tpp.values.example',
  country: 'FR',
  roles: ['PSP_AI'] as const,
  ncaName: 'ACPR',
  ncaId: 'FR-ACPR',
};

describe('tppValues', () => {
  it('gives the QSEAL and the QWAC as base64 DER and the QWAC organizationIdentifier, or leaves out what is missing', async () => {
    const ca = await createTestCa();
    const qwac = await issueTppCertificate(ca, 'qwac', identity);
    const qseal = await issueTppCertificate(ca, 'qseal', identity);
    const tpp: TppCredentials = {
      clientId: 'PSDFR-ACPR-77777',
      qwac: { cert: qwac.certPem, key: qwac.keyPem },
      qseal: { cert: qseal.certPem, key: qseal.keyPem, keyId: 'k' },
      redirectUri: 'https://tpp.values.example/cb',
    };
    const values = tppValues(tpp);
    expect(values.get('organizationId')).toBe('PSDFR-ACPR-77777');
    const x5c = values.get('qsealX5c') ?? '';
    expect(x5c).toMatch(/^[A-Za-z0-9+/]+=*$/);
    // The DER is the QSEAL's, not the QWAC's.
    expect(new X509Certificate(Buffer.from(x5c, 'base64')).fingerprint256).toBe(
      new X509Certificate(qseal.certPem).fingerprint256,
    );
    // The QWAC's DER too (a certificate of the organisation that is not a seal).
    expect(new X509Certificate(Buffer.from(values.get('qwacX5c') ?? '', 'base64')).fingerprint256).toBe(
      new X509Certificate(qwac.certPem).fingerprint256,
    );
    const withoutSeal = tppValues({ ...tpp, qseal: { ...tpp.qseal, cert: undefined } });
    expect(withoutSeal.has('qsealX5c')).toBe(false);
    expect(withoutSeal.get('organizationId')).toBe('PSDFR-ACPR-77777');
  });
});
