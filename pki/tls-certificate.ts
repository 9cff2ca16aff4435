/**
 * Plain TLS certificates (no PSD2 QCStatement): the traffic tools' own CA and server certificates,
 * the callback listener's throw-away certificate, and test fixtures. The eIDAS QWAC/QSEAL of a TPP
 * are {@link issueTppCertificate}'s.
 */
import { createPrivateKey, webcrypto } from 'node:crypto';
import { isIP } from 'node:net';
import { randomSerial } from './certificate-authority.ts';
import { generateRsaKeyPair, rsaAlgorithm } from './key-pair.ts';
import { x509 } from './x509.ts';

/** A certificate and its private key, PEM. */
export interface KeyPairPem {
  cert: string;
  key: string;
}

/** What {@link issueTlsCertificate} puts in the certificate. */
export interface TlsCertificateOptions {
  /** The issuing CA (PEM); the certificate is self-signed when absent. */
  ca?: KeyPairPem;
  commonName: string;
  /** DNS names and IP addresses (subjectAltName). */
  hosts?: readonly string[];
  /** `serverAuth` (default), `clientAuth`, or `ca` for a certificate authority. */
  usage?: 'serverAuth' | 'clientAuth' | 'ca';
  /** Validity from a minute ago; default 365 days. */
  validDays?: number;
  /** An explicit validity period instead (an expired or not-yet-valid certificate for tests). */
  validity?: { notBefore: Date; notAfter: Date };
}

/** Issues an RSA 2048 certificate signed with SHA-256 by `options.ca`, or self-signed. */
export async function issueTlsCertificate(options: TlsCertificateOptions): Promise<KeyPairPem> {
  const { keys, privateKeyPem } = await generateRsaKeyPair();
  const isCa = options.usage === 'ca';
  const extensions: x509.Extension[] = [new x509.BasicConstraintsExtension(isCa, undefined, true)];
  if (isCa) {
    extensions.push(
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    );
  } else {
    extensions.push(
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment,
        true,
      ),
      new x509.ExtendedKeyUsageExtension([
        options.usage === 'clientAuth' ? x509.ExtendedKeyUsage.clientAuth : x509.ExtendedKeyUsage.serverAuth,
      ]),
    );
  }
  const hosts = options.hosts ?? [];
  if (hosts.length > 0) {
    extensions.push(
      new x509.SubjectAlternativeNameExtension(
        hosts.map((host) => ({ type: isIP(host) === 0 ? 'dns' : 'ip', value: host })),
      ),
    );
  }
  const now = Date.now();
  const subject: x509.JsonName = [{ CN: [options.commonName] }];
  const issuer = options.ca === undefined ? undefined : new x509.X509Certificate(options.ca.cert);
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject,
    issuer: issuer?.subjectName ?? subject,
    notBefore: options.validity?.notBefore ?? new Date(now - 60_000),
    notAfter: options.validity?.notAfter ?? new Date(now + (options.validDays ?? 365) * 86_400_000),
    publicKey: keys.publicKey,
    signingKey: options.ca === undefined ? keys.privateKey : await importSigningKey(options.ca.key),
    signingAlgorithm: rsaAlgorithm,
    extensions,
  });
  return { cert: certificate.toString('pem') + '\n', key: privateKeyPem };
}

async function importSigningKey(pem: string): Promise<webcrypto.CryptoKey> {
  const pkcs8 = createPrivateKey(pem).export({ type: 'pkcs8', format: 'der' });
  return webcrypto.subtle.importKey('pkcs8', pkcs8, rsaAlgorithm, false, ['sign']);
}
