/**
 * The test certificate authority: created fresh, or loaded from PEM to issue more certificates
 * under the same root (the reference bank trusts one CA for its server and every demo TPP).
 */
import { X509Certificate, createPrivateKey, webcrypto } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { generateRsaKeyPair, rsaAlgorithm } from './key-pair.ts';
import { PkiError } from './pki-error.ts';
import { x509 } from './x509.ts';

/** A CA as PEM, plus the parsed forms used to issue certificates. */
export interface TestCa {
  certPem: string;
  keyPem: string;
  certificate: x509.X509Certificate;
  signingKey: webcrypto.CryptoKey;
}

const day = 86_400_000;

/** Creates a self-signed RSA 2048 root valid from yesterday for ten years. */
export async function createTestCa(options: { commonName?: string } = {}): Promise<TestCa> {
  const { keys, privateKeyPem } = await generateRsaKeyPair();
  const now = Date.now();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: [
      { C: ['FR'] },
      { O: ['stet-harness test PKI'] },
      { CN: [options.commonName ?? 'stet-harness Test CA'] },
    ],
    notBefore: new Date(now - day),
    notAfter: new Date(now + 3650 * day),
    keys,
    signingAlgorithm: rsaAlgorithm,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return {
    certPem: certificate.toString('pem') + '\n',
    keyPem: privateKeyPem,
    certificate,
    signingKey: keys.privateKey,
  };
}

/**
 * Loads a CA from PEM strings; throws {@link PkiError} `ERR_PKI_CA_UNREADABLE` unless the certificate
 * is a CA certificate and the key is its RSA private key.
 */
export async function loadTestCa(certPem: string, keyPem: string): Promise<TestCa> {
  let nodeCert: X509Certificate;
  try {
    nodeCert = new X509Certificate(certPem);
  } catch (cause) {
    throw unreadable('the CA certificate is not a PEM certificate', cause);
  }
  let pkcs8: Buffer;
  try {
    const key = createPrivateKey(keyPem);
    if (key.asymmetricKeyType !== 'rsa') throw unreadable('the CA key is not an RSA key');
    if (!nodeCert.checkPrivateKey(key)) throw unreadable('the CA key does not match the CA certificate');
    pkcs8 = key.export({ type: 'pkcs8', format: 'der' });
  } catch (cause) {
    if (cause instanceof PkiError) throw cause;
    throw unreadable('the CA key is not a PEM private key', cause);
  }
  if (!nodeCert.ca)
    throw unreadable('the certificate is not a CA certificate (basicConstraints cA is false)');
  const signingKey = await webcrypto.subtle.importKey('pkcs8', pkcs8, rsaAlgorithm, true, ['sign']);
  return { certPem, keyPem, certificate: new x509.X509Certificate(certPem), signingKey };
}

/** Reads and loads a CA from two PEM files (see {@link loadTestCa}). */
export async function readTestCa(certPath: string, keyPath: string): Promise<TestCa> {
  const read = async (path: string): Promise<string> => {
    try {
      return await readFile(path, 'utf8');
    } catch (cause) {
      throw unreadable(`cannot read ${path}`, cause);
    }
  };
  return loadTestCa(await read(certPath), await read(keyPath));
}

/** A random positive 16-byte serial number, hex-encoded. */
export function randomSerial(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  bytes[0] |= 0x01;
  return Buffer.from(bytes).toString('hex');
}

function unreadable(message: string, cause?: unknown): PkiError {
  return new PkiError('ERR_PKI_CA_UNREADABLE', message, {
    cause,
    hint: 'pass the ca.pem and ca-key.pem that `stet-harness certs` wrote, or omit --ca-cert/--ca-key for a new CA',
  });
}
