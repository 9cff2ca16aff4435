import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/** A certificate and its private key, PEM. */
export interface KeyPairPem {
  cert: string;
  key: string;
}

/** What {@link issueCertificate} puts in the certificate. */
export interface IssueOptions {
  /** The issuing CA (PEM); a self-signed CA is made when absent. */
  ca?: KeyPairPem;
  commonName: string;
  /** DNS names and IP addresses of a server certificate. */
  hosts?: readonly string[];
  /** `serverAuth` (default), `clientAuth`, or `ca` for a certificate authority. */
  usage?: 'serverAuth' | 'clientAuth' | 'ca';
  validDays?: number;
}

/**
 * Issues an RSA certificate for the traffic tools' own TLS: the replay server's certificate for
 * `--mtls`, and test certificates. (The QWAC/QSEAL test PKI with PSD2 QCStatements is `certs`.)
 */
export function issueCertificate(options: IssueOptions): KeyPairPem {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 60_000);
  cert.validity.notAfter = new Date(now + (options.validDays ?? 365) * 86_400_000);
  const subject = [{ name: 'commonName', value: options.commonName }];
  cert.setSubject(subject);
  const isCa = options.usage === 'ca';
  const extensions: object[] = [{ name: 'basicConstraints', cA: isCa, critical: true }];
  if (isCa) extensions.push({ name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true });
  else {
    extensions.push({ name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true });
    extensions.push({
      name: 'extKeyUsage',
      serverAuth: options.usage !== 'clientAuth',
      clientAuth: options.usage === 'clientAuth',
    });
  }
  const hosts = options.hosts ?? [];
  if (hosts.length > 0)
    extensions.push({
      name: 'subjectAltName',
      altNames: hosts.map((h) =>
        /^[\d.]+$/.test(h) || h.includes(':') ? { type: 7, ip: h } : { type: 2, value: h },
      ),
    });
  cert.setExtensions(extensions);
  if (options.ca === undefined) {
    cert.setIssuer(subject);
    cert.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  } else {
    const issuer = forge.pki.certificateFromPem(options.ca.cert);
    cert.setIssuer(issuer.subject.attributes);
    cert.sign(forge.pki.privateKeyFromPem(options.ca.key), forge.md.sha256.create());
  }
  return { cert: forge.pki.certificateToPem(cert), key: keyPem };
}
