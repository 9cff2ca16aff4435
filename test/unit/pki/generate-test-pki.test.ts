import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPsd2Certificate } from '../../../protocol/psd2-certificate.ts';
import { parseSignatureHeader } from '../../../protocol/signature-header.ts';
import { signRequest } from '../../../protocol/sign-request.ts';
import { verifySignature } from '../../../protocol/verify-signature.ts';
import { createTestCa, generateTestPki, loadTestCa, type TestCa, type TestPki } from '../../../pki/index.ts';

let ca: TestCa;
let pki: TestPki;
let dir: string;

beforeAll(async () => {
  ca = await createTestCa();
  pki = await generateTestPki({
    organizationIdentifier: 'PSDFR-ACPR-12345',
    roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'],
    ncaName: 'Autorité de contrôle prudentiel et de résolution',
    ncaId: 'FR-ACPR',
    ca,
  });
  dir = await mkdtemp(join(tmpdir(), 'pki-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('generateTestPki', () => {
  it('issues a QWAC that reads back with the requested organizationIdentifier, roles and NCA', () => {
    const qwac = readPsd2Certificate(pki.qwac.certPem);
    expect(qwac).toMatchObject({
      organizationIdentifier: 'PSDFR-ACPR-12345',
      roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'],
      ncaName: 'Autorité de contrôle prudentiel et de résolution',
      ncaId: 'FR-ACPR',
      qcTypes: ['web'],
    });
    expect(qwac.notBefore.getTime()).toBeLessThan(Date.now());
    expect(qwac.notAfter.getTime()).toBeGreaterThan(Date.now());
  });

  it('issues a QSEAL typed eseal whose key signs requests its certificate verifies', () => {
    const qseal = readPsd2Certificate(pki.qseal.certPem);
    expect(qseal.qcTypes).toEqual(['eseal']);
    expect(qseal.fingerprintSha256).toMatch(/^[0-9a-f]{64}$/);
    const headers = { 'x-request-id': 'abc' };
    const signature = signRequest({
      method: 'GET',
      path: '/stet/psd2/v1/accounts',
      headers,
      keyId: 'PSDFR-ACPR-12345',
      privateKey: pki.qseal.keyPem,
      headerNames: ['(request-target)', 'x-request-id'],
    });
    const check = (publicKey: string) =>
      verifySignature({
        method: 'GET',
        path: '/stet/psd2/v1/accounts',
        headers,
        signature: parseSignatureHeader(signature),
        publicKey,
      });
    expect(check(qseal.publicKeyPem)).toEqual({ valid: true });
    expect(check(readPsd2Certificate(pki.qwac.certPem).publicKeyPem)).toEqual({
      valid: false,
      reason: 'mismatch',
    });
  });

  it('signs every certificate with the given CA, and no other', async () => {
    const caCert = new X509Certificate(ca.certPem);
    const stranger = new X509Certificate((await createTestCa()).certPem);
    for (const issued of [pki.qwac, pki.qseal, pki.server]) {
      const cert = new X509Certificate(issued?.certPem ?? '');
      expect(cert.checkIssued(caCert)).toBe(true);
      expect(cert.verify(caCert.publicKey)).toBe(true);
      expect(cert.verify(stranger.publicKey)).toBe(false);
    }
    expect(caCert.ca).toBe(true);
    expect(pki.ca).toBe(ca);
  });

  it('issues the server certificate for wildcard hosts, localhost and 127.0.0.1 by default', () => {
    const server = new X509Certificate(pki.server?.certPem ?? '');
    expect(server.checkHost('api-10101.psd2.groupbank.example')).toBe('*.psd2.groupbank.example');
    expect(server.checkHost('psd2-10101.groupbank.example')).toBe('*.groupbank.example');
    expect(server.checkHost('localhost')).toBe('localhost');
    expect(server.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(server.checkHost('api-10101.other.example')).toBeUndefined();
  });

  it('leaves the server certificate out when no server names are asked for', async () => {
    const tpp = await generateTestPki({
      organizationIdentifier: 'PSDBE-NBB-0001',
      roles: ['PSP_AI'],
      ca,
      serverNames: [],
    });
    expect(tpp.server).toBeUndefined();
    expect(readPsd2Certificate(tpp.qwac.certPem)).toMatchObject({
      roles: ['PSP_AI'],
      ncaName: 'NBB',
      ncaId: 'BE-NBB',
    });
  });

  it('writes PEM files, keys readable by the owner only, and not the key of a reused CA', async () => {
    const out = join(dir, 'reused');
    const written = await generateTestPki({
      outDir: out,
      organizationIdentifier: 'PSDFR-ACPR-9',
      roles: ['PSP_PI'],
      ca,
    });
    expect(written.files?.caKey).toBeUndefined();
    expect(await readFile(join(out, 'qwac.pem'), 'utf8')).toBe(written.qwac.certPem);
    expect(await readFile(join(out, 'ca.pem'), 'utf8')).toBe(ca.certPem);
    expect((await stat(join(out, 'qseal-key.pem'))).mode & 0o777).toBe(0o600);
    const fresh = await generateTestPki({
      outDir: join(dir, 'fresh'),
      organizationIdentifier: 'PSDFR-ACPR-9',
      roles: ['PSP_PI'],
    });
    expect(await readFile(fresh.files?.caKey ?? '', 'utf8')).toBe(fresh.ca.keyPem);
  });

  it('reloads a CA from its PEM files and issues under it', async () => {
    const reloaded = await loadTestCa(ca.certPem, ca.keyPem);
    const tpp = await generateTestPki({
      organizationIdentifier: 'PSDFR-ACPR-7',
      roles: ['PSP_IC'],
      ca: reloaded,
      serverNames: [],
    });
    expect(new X509Certificate(tpp.qwac.certPem).checkIssued(new X509Certificate(ca.certPem))).toBe(true);
  });

  it.each([
    [{ organizationIdentifier: 'ACPR-12345' }, 'ERR_PKI_BAD_ORG_ID'],
    [{ organizationIdentifier: 'PSDfr-ACPR-1' }, 'ERR_PKI_BAD_ORG_ID'],
    [{ roles: [] }, 'ERR_PKI_NO_ROLE'],
    [{ ncaName: ' ' }, 'ERR_PKI_BAD_NCA'],
    [{ serverNames: ['bad name'] }, 'ERR_PKI_BAD_SERVER_NAME'],
  ])('rejects %j with %s', async (override, code) => {
    const options = { organizationIdentifier: 'PSDFR-ACPR-1', roles: ['PSP_AI' as const], ca, ...override };
    await expect(generateTestPki(options)).rejects.toMatchObject({ code });
  });

  it('refuses a CA whose key does not match, or that is not a CA', async () => {
    await expect(loadTestCa(ca.certPem, pki.qwac.keyPem)).rejects.toMatchObject({
      code: 'ERR_PKI_CA_UNREADABLE',
    });
    await expect(loadTestCa(pki.qwac.certPem, pki.qwac.keyPem)).rejects.toMatchObject({
      code: 'ERR_PKI_CA_UNREADABLE',
    });
    await expect(loadTestCa('nope', ca.keyPem)).rejects.toMatchObject({ code: 'ERR_PKI_CA_UNREADABLE' });
    await expect(loadTestCa(ca.certPem, 'nope')).rejects.toMatchObject({ code: 'ERR_PKI_CA_UNREADABLE' });
  });
});
