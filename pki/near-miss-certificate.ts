/**
 * Writes an X.509 v3 certificate field by field, byte for byte, for near misses a certificate library
 * will not write: a subject attribute in another ASN.1 string type, a GeneralizedTime before 2050 or a
 * UTCTime of 1950, a qcStatements value that is not DER. The TBSCertificate is signed with the CA's
 * key (sha256WithRSAEncryption), so the result is a certificate Node and OpenSSL read, whose insides
 * are exactly what the caller gave.
 */
import { createPrivateKey, createPublicKey, sign, X509Certificate } from 'node:crypto';
import {
  DerError,
  Tag,
  encodeOid,
  encodeSequence,
  encodeTlv,
  readChildren,
  readSingle,
} from '../protocol/der.ts';
import { randomSerial } from './certificate-authority.ts';

/** One subject attribute: its OID, its value, and the ASN.1 string type written (UTF8String by default). */
export interface NameAttribute {
  oid: string;
  value: string;
  stringType?: StringType;
}

/** The ASN.1 string types a certificate name may use. */
export type StringType = 'utf8' | 'printable' | 'ia5' | 'teletex' | 'bmp';

/** A validity bound: the instant and, when it matters, the ASN.1 time type written. */
export interface TimeField {
  at: Date;
  /** `utc` (two-digit year) or `generalized`; by RFC 5280's rule (UTCTime before 2050) when absent. */
  type?: 'utc' | 'generalized';
  /** Text written before and after the time's digits and `Z` (a malformed time). */
  around?: { before: string; after: string };
}

/** One extension: OID, criticality and the extnValue bytes (the DER inside the OCTET STRING). */
export interface RawExtension {
  oid: string;
  critical?: boolean;
  value: Uint8Array;
}

/** What {@link writeCertificate} writes. */
export interface CertificateFields {
  /** The issuer's certificate (its subject becomes the issuer name) and private key, PEM. */
  issuer: { certPem: string; keyPem: string };
  /** The subject's public key (a public or private key PEM, or a certificate PEM). */
  subjectKeyPem: string;
  subject: readonly NameAttribute[];
  notBefore: TimeField;
  notAfter: TimeField;
  extensions: readonly RawExtension[];
  /** The issuerUniqueID [1] and subjectUniqueID [2] of X.509 v2, written before the extensions. */
  uniqueIds?: boolean;
}

const sha256WithRsa = '1.2.840.113549.1.1.11';

/** Writes and signs the certificate; returns its DER. */
export function writeCertificate(fields: CertificateFields): Uint8Array {
  const issuer = new X509Certificate(fields.issuer.certPem);
  const algorithm = encodeSequence([encodeOid(sha256WithRsa), encodeTlv(Tag.Null, new Uint8Array())]);
  const spki = createPublicKey(fields.subjectKeyPem).export({ type: 'spki', format: 'der' });
  const tbs = encodeSequence([
    encodeTlv(0xa0, encodeTlv(Tag.Integer, Uint8Array.of(2))),
    encodeTlv(Tag.Integer, Buffer.from(randomSerial(), 'hex')),
    algorithm,
    issuerName(issuer),
    encodeSequence([encodeTime(fields.notBefore), encodeTime(fields.notAfter)]),
    encodeName(fields.subject),
    spki,
    ...(fields.uniqueIds === true
      ? [encodeTlv(0x81, Uint8Array.of(0, 0x2a)), encodeTlv(0x82, Uint8Array.of(0, 0x2b))]
      : []),
    encodeTlv(0xa3, encodeSequence(fields.extensions.map(encodeExtension))),
  ]);
  const signature = sign('sha256', tbs, createPrivateKey(fields.issuer.keyPem));
  return encodeSequence([
    tbs,
    algorithm,
    encodeTlv(Tag.BitString, Buffer.concat([Uint8Array.of(0), signature])),
  ]);
}

/** The DER of a subject name: one RDN per attribute, in order. */
export function encodeName(attributes: readonly NameAttribute[]): Uint8Array {
  return encodeSequence(
    attributes.map((a) =>
      encodeTlv(Tag.Set, encodeSequence([encodeOid(a.oid), encodeString(a.value, a.stringType ?? 'utf8')])),
    ),
  );
}

/** A string value in the given ASN.1 type (BMPString as UTF-16 big-endian). */
export function encodeString(value: string, type: StringType): Uint8Array {
  switch (type) {
    case 'utf8':
      return encodeTlv(Tag.Utf8String, new TextEncoder().encode(value));
    case 'printable':
      return encodeTlv(Tag.PrintableString, Buffer.from(value, 'latin1'));
    case 'ia5':
      return encodeTlv(Tag.Ia5String, Buffer.from(value, 'latin1'));
    case 'teletex':
      return encodeTlv(Tag.TeletexString, Buffer.from(value, 'latin1'));
    case 'bmp':
      return encodeTlv(Tag.BmpString, Buffer.from(value, 'utf16le').swap16());
  }
}

// The issuer name is copied as the CA wrote it (re-encoding a DER record gives its bytes back), so the
// certificate chains to it byte for byte.
function issuerName(issuer: X509Certificate): Uint8Array {
  const [tbs] = readChildren(readSingle(issuer.raw).content);
  // version [0], serial, signature algorithm, then the issuer name.
  const name = readChildren(tbs?.content ?? new Uint8Array())[3];
  if (name === undefined) throw new DerError('the issuer certificate has no subject name');
  return encodeTlv(name.tag, name.content);
}

function encodeTime(time: TimeField): Uint8Array {
  const iso = time.at.toISOString();
  const digits = iso.slice(0, 19).replace(/[-T:]/g, '');
  const year = time.at.getUTCFullYear();
  const type = time.type ?? (year >= 1950 && year < 2050 ? 'utc' : 'generalized');
  const text = `${time.around?.before ?? ''}${type === 'utc' ? digits.slice(2) : digits}Z${time.around?.after ?? ''}`;
  return encodeTlv(type === 'utc' ? Tag.UtcTime : Tag.GeneralizedTime, Buffer.from(text, 'latin1'));
}

function encodeExtension(extension: RawExtension): Uint8Array {
  return encodeSequence([
    encodeOid(extension.oid),
    ...(extension.critical === true ? [encodeTlv(Tag.Boolean, Uint8Array.of(0xff))] : []),
    encodeTlv(Tag.OctetString, extension.value),
  ]);
}
