/**
 * Issues end-entity test certificates under a {@link TestCa}: a TLS server certificate, and the two
 * eIDAS certificates of a TPP, QWAC (TLS client) and QSEAL (signing), with the PSD2 QCStatement.
 */
import { isIP } from 'node:net';
import type { Psd2Role } from '../protocol/psd2-roles.ts';
import { encodeQcStatements, qcStatementsExtensionOid } from '../protocol/qc-statements.ts';
import { randomSerial, type TestCa } from './certificate-authority.ts';
import { generateRsaKeyPair, rsaAlgorithm } from './key-pair.ts';
import { PkiError } from './pki-error.ts';
import { x509 } from './x509.ts';

/** A certificate and its private key, both PEM. */
export interface IssuedCertificate {
  certPem: string;
  keyPem: string;
}

const day = 86_400_000;

/**
 * Issues a TLS server certificate for DNS names (wildcards allowed) and IP addresses.
 *
 * Entries of `names` that are IP addresses become IP SANs, the others DNS SANs; the first name is the
 * CN. Throws {@link PkiError} `ERR_PKI_BAD_SERVER_NAME` for an empty list or a malformed name.
 */
export async function issueServerCertificate(
  ca: TestCa,
  names: readonly string[],
): Promise<IssuedCertificate> {
  const first = names[0];
  if (first === undefined) throw badName('no server name given');
  const sans: x509.JsonGeneralName[] = names.map((name) => {
    if (isIP(name) !== 0) return { type: 'ip', value: name };
    if (!/^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i.test(name)) {
      throw badName(`not a DNS name or IP address: ${JSON.stringify(name)}`);
    }
    return { type: 'dns', value: name };
  });
  return issue(ca, {
    name: [{ O: ['stet-harness test PKI'] }, { CN: [first] }],
    extensions: [
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment,
        true,
      ),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(sans),
    ],
  });
}

/** What a TPP certificate says about its holder. */
export interface TppIdentity {
  /** organizationIdentifier, e.g. `PSDFR-ACPR-12345` (validated by the caller). */
  organizationIdentifier: string;
  organizationName: string;
  commonName: string;
  country: string;
  roles: readonly Psd2Role[];
  ncaName: string;
  ncaId: string;
}

/**
 * Issues a QWAC (`web` QcType, TLS client and server authentication) or a QSEAL (`eseal` QcType,
 * digital signature and non-repudiation), both with QcCompliance and the PSD2 statement.
 */
export async function issueTppCertificate(
  ca: TestCa,
  kind: 'qwac' | 'qseal',
  identity: TppIdentity,
): Promise<IssuedCertificate> {
  const qcStatements = encodeQcStatements({
    compliance: true,
    qcTypes: [kind === 'qwac' ? 'web' : 'eseal'],
    psd2: { roles: [...identity.roles], ncaName: identity.ncaName, ncaId: identity.ncaId },
  });
  const usage =
    kind === 'qwac'
      ? x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment
      : x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation;
  const extensions: x509.Extension[] = [
    new x509.KeyUsagesExtension(usage, true),
    new x509.Extension(qcStatementsExtensionOid, false, qcStatements),
  ];
  if (kind === 'qwac') {
    extensions.push(
      new x509.ExtendedKeyUsageExtension([
        x509.ExtendedKeyUsage.clientAuth,
        x509.ExtendedKeyUsage.serverAuth,
      ]),
    );
  }
  return issue(ca, {
    name: [
      { C: [identity.country] },
      { O: [identity.organizationName] },
      { '2.5.4.97': [identity.organizationIdentifier] },
      { CN: [identity.commonName] },
    ],
    extensions,
  });
}

async function issue(
  ca: TestCa,
  params: { name: x509.JsonName; extensions: x509.Extension[] },
): Promise<IssuedCertificate> {
  const { keys, privateKeyPem } = await generateRsaKeyPair();
  const now = Date.now();
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: params.name,
    issuer: ca.certificate.subjectName,
    notBefore: new Date(now - day),
    notAfter: new Date(now + 825 * day),
    publicKey: keys.publicKey,
    signingKey: ca.signingKey,
    signingAlgorithm: rsaAlgorithm,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      await x509.AuthorityKeyIdentifierExtension.create(ca.certificate),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ...params.extensions,
    ],
  });
  return { certPem: certificate.toString('pem') + '\n', keyPem: privateKeyPem };
}

function badName(message: string): PkiError {
  return new PkiError('ERR_PKI_BAD_SERVER_NAME', message, {
    hint: 'give DNS names (wildcards like *.psd2.groupbank.example allowed) or IP addresses',
  });
}
