/**
 * Near-miss QSEAL certificates: a TPP's QSEAL issued again by the CA the bank trusts, with one field
 * the bank reads wrong in one way (or spelled another way the bank must read the same). They keep the
 * TPP's seal key, so a request signed with it still verifies: what the bank answers is about the
 * certificate alone. Issued on the fly and cached per process (docs/certificates.md).
 */
import { generateKeyPairSync } from 'node:crypto';
import { Tag, encodeOid, encodeSequence, encodeTlv } from '../protocol/der.ts';
import { readPsd2Certificate } from '../protocol/psd2-certificate.ts';
import { psd2RoleOids } from '../protocol/psd2-roles.ts';
import {
  psd2StatementOid,
  qcComplianceOid,
  qcStatementsExtensionOid,
  qcTypeOids,
  qcTypeStatementOid,
} from '../protocol/qc-statements.ts';
import { createTestCa } from './certificate-authority.ts';
import {
  encodeString,
  writeCertificate,
  type CertificateFields,
  type NameAttribute,
  type StringType,
} from './near-miss-certificate.ts';

/** The CA to issue under and the TPP whose QSEAL is missed nearly (PEM each). */
export interface NearMissSource {
  issuer: { certPem: string; keyPem: string };
  qseal: { certPem: string; keyPem: string };
}

/** What the TPP's own QSEAL says, and the pieces a near miss changes one at a time. */
interface Base {
  source: NearMissSource;
  organizationIdentifier: string;
  commonName: string;
  roleOids: string[];
  ncaName: string;
  ncaId: string;
}

const day = 86_400_000;
const oid = { organizationIdentifier: '2.5.4.97', commonName: '2.5.4.3', organization: '2.5.4.10' };
const keyUsageOid = '2.5.29.15';
/** An OID under ETSI's PSD2 arc that names no role (`id-psd2-role` .9). */
const unknownRoleOid = '0.4.0.19495.1.9';
/** QcSSCD (ETSI EN 319 412-5): a statement the bank does not read. */
const qcSscdOid = '0.4.0.1862.1.4';

/** Each near miss: how it differs from the TPP's QSEAL. */
const nearMisses = {
  // Spellings the bank must read the same (accepted).
  printableStringSubject: (b: Base) => fields(b, { subject: subject(b, 'printable') }),
  ia5StringSubject: (b: Base) => fields(b, { subject: subject(b, 'ia5') }),
  teletexStringSubject: (b: Base) => fields(b, { subject: subject(b, 'teletex') }),
  bmpStringSubject: (b: Base) => fields(b, { subject: subject(b, 'bmp') }),
  lowerCaseRoleNames: (b: Base) =>
    fields(b, { psd2: psd2Info({ roles: b.roleOids.map((o) => role(o, roleName(o).toLowerCase())) }, b) }),
  unknownRoleBeside: (b: Base) =>
    fields(b, { psd2: psd2Info({ roles: [role(unknownRoleOid, 'PSP_XX'), ...roles(b)] }, b) }),
  unknownQcTypeBeside: (b: Base) => fields(b, { qcTypes: ['0.4.0.1862.1.6.9', qcTypeOids.eseal] }),
  unknownStatementBeside: (b: Base) =>
    fields(b, {
      extraStatements: [
        encodeSequence([encodeOid(qcSscdOid)]),
        // QcRetentionPeriod with its INTEGER: a statement with an info the bank skips.
        encodeSequence([encodeOid('0.4.0.1862.1.3'), encodeTlv(Tag.Integer, Uint8Array.of(15))]),
      ],
    }),
  // An unknown statement whose OID, 1.2.16384, has a zero 7-bit group inside an arc (81 80 00): valid
  // DER, unlike a zero group that leads an arc (oidLeadingPadding).
  oidInnerZeroGroup: (b: Base) =>
    fields(b, {
      extraStatements: [encodeSequence([encodeTlv(Tag.Oid, Uint8Array.of(0x2a, 0x81, 0x80, 0x00))])],
    }),
  generalizedTimeValidity: (b: Base) =>
    fields(b, {
      notBefore: { at: new Date(Date.UTC(1949, 11, 31)), type: 'generalized' },
      notAfter: { at: new Date(Date.UTC(2051, 0, 1)), type: 'generalized' },
    }),
  utcTime1950: (b: Base) => fields(b, { notBefore: { at: new Date(Date.UTC(1950, 0, 1)), type: 'utc' } }),
  uniqueIdentifiers: (b: Base) => ({ ...fields(b, {}), uniqueIds: true }),
  secondOrganizationIdentifier: (b: Base) =>
    fields(b, {
      subject: [
        ...subject(b, 'utf8'),
        { oid: oid.organizationIdentifier, value: otherOrganisation(b.organizationIdentifier) },
      ],
    }),
  // Refused: the PSD2 statement and the QcStatements.
  noQcStatements: (b: Base) => ({ ...fields(b, {}), extensions: [keyUsage(0xc0)] }),
  noPsd2Statement: (b: Base) => fields(b, { psd2: null }),
  noRole: (b: Base) => fields(b, { psd2: psd2Info({ roles: [] }, b) }),
  unknownRoleOnly: (b: Base) => fields(b, { psd2: psd2Info({ roles: [role(unknownRoleOid, 'PSP_XX')] }, b) }),
  roleNameNotUtf8: (b: Base) =>
    fields(b, { psd2: psd2Info({ roles: b.roleOids.map((o) => role(o, roleName(o), 'printable')) }, b) }),
  noNcaId: (b: Base) => fields(b, { psd2: psd2Info({ ncaId: null }, b) }),
  noNca: (b: Base) => fields(b, { psd2: psd2Info({ ncaName: null, ncaId: null }, b) }),
  // Node and OpenSSL refuse a certificate whose name holds bad UTF-8, but not a QCStatement that does.
  ncaNameInvalidUtf8: (b: Base) =>
    fields(b, {
      psd2: psd2Info(
        { ncaName: encodeTlv(Tag.Utf8String, Buffer.concat([Buffer.from(b.ncaName), Uint8Array.of(0xff)])) },
        b,
      ),
    }),
  ncaNameNotUtf8: (b: Base) =>
    fields(b, { psd2: psd2Info({ ncaName: encodeString(b.ncaName, 'printable') }, b) }),
  psd2ExtraField: (b: Base) => fields(b, { psd2: psd2Info({ extra: encodeString('extra', 'utf8') }, b) }),
  psd2StatementTwice: (b: Base) =>
    fields(b, { extraStatements: [encodeSequence([encodeOid(psd2StatementOid), psd2Info({}, b)])] }),
  noQcCompliance: (b: Base) => fields(b, { compliance: false }),
  noQcType: (b: Base) => fields(b, { qcTypes: [] }),
  esignQcType: (b: Base) => fields(b, { qcTypes: [qcTypeOids.esign] }),
  // Refused: the subject's organizationIdentifier.
  noOrganizationIdentifier: (b: Base) =>
    fields(b, { subject: subject(b, 'utf8').filter((a) => a.oid !== oid.organizationIdentifier) }),
  organizationIdentifierLowerCase: (b: Base) =>
    fields(b, { subject: subject(b, 'utf8', b.organizationIdentifier.toLowerCase()) }),
  organizationIdentifierNtrForm: (b: Base) =>
    fields(b, {
      subject: subject(b, 'utf8', b.organizationIdentifier.replace(/^PSD([A-Z]{2})-[A-Z]+-/, 'NTR$1-')),
    }),
  // Refused: validity.
  expired: (b: Base) =>
    fields(b, {
      notBefore: { at: new Date(Date.now() - 400 * day) },
      notAfter: { at: new Date(Date.now() - day) },
    }),
  utcTimeWithPrefix: (b: Base) =>
    fields(b, {
      notBefore: { at: new Date(Date.now() - day), type: 'utc', around: { before: '20', after: '' } },
    }),
  utcTimeWithSuffix: (b: Base) =>
    fields(b, {
      notBefore: { at: new Date(Date.now() - day), type: 'utc', around: { before: '', after: '0' } },
    }),
  generalizedTimeWithPrefix: (b: Base) =>
    fields(b, {
      notBefore: { at: new Date(Date.now() - day), type: 'generalized', around: { before: '0', after: '' } },
    }),
  generalizedTimeWithSuffix: (b: Base) =>
    fields(b, {
      notBefore: { at: new Date(Date.now() - day), type: 'generalized', around: { before: '', after: '0' } },
    }),
  notYetValid: (b: Base) =>
    fields(b, {
      notBefore: { at: new Date(Date.now() + day) },
      notAfter: { at: new Date(Date.now() + 400 * day) },
    }),
  // Refused: a qcStatements value that is not DER.
  emptyQcStatements: (b: Base) => withQcStatementsValue(b, new Uint8Array()),
  truncatedQcStatements: (b: Base) => withQcStatementsValue(b, qcStatements(b, {}).subarray(0, 20)),
  trailingBytesInQcStatements: (b: Base) =>
    withQcStatementsValue(b, Buffer.concat([qcStatements(b, {}), Uint8Array.of(0x05, 0x00)])),
  indefiniteLength: (b: Base) => {
    const value = qcStatements(b, {});
    // The outer SEQUENCE's length as BER's indefinite form, closed by end-of-contents.
    const header = value[1] ?? 0;
    const skip = header < 0x80 ? 2 : 2 + (header & 0x7f);
    return withQcStatementsValue(
      b,
      Buffer.concat([Uint8Array.of(0x30, 0x80), value.subarray(skip), Uint8Array.of(0, 0)]),
    );
  },
  // Tag number 31 in the multi-byte form, then 31 bytes: read as a one-byte tag, a record of 31 bytes.
  multiByteTag: (b: Base) =>
    fields(b, {
      extraStatements: [
        encodeSequence([encodeOid(qcSscdOid), Uint8Array.of(0x1f, 0x1f, ...new Array<number>(31).fill(0))]),
      ],
    }),
  indefiniteLengthInside: (b: Base) =>
    fields(b, { extraStatements: [encodeSequence([encodeOid(qcSscdOid), Uint8Array.of(0x30, 0x80, 0, 0)])] }),
  fiveByteLength: (b: Base) =>
    fields(b, {
      extraStatements: [encodeSequence([encodeOid(qcSscdOid), Uint8Array.of(0x04, 0x85, 0, 0, 0, 0, 1, 0)])],
    }),
  innerLengthPastEnd: (b: Base) =>
    fields(b, { extraStatements: [encodeSequence([encodeOid(qcSscdOid), Uint8Array.of(0x04, 0x0a, 0, 0)])] }),
  emptyOid: (b: Base) =>
    fields(b, { extraStatements: [encodeSequence([encodeTlv(Tag.Oid, new Uint8Array())])] }),
  // An arc of 49 bits: past 2^53 / 128, where the reader stops, but far from overflowing a double.
  oidArcTooLarge: (b: Base) =>
    fields(b, {
      extraStatements: [
        encodeSequence([encodeTlv(Tag.Oid, Uint8Array.of(0x04, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f))]),
      ],
    }),
  oidLeadingPadding: (b: Base) =>
    fields(b, {
      extraStatements: [encodeSequence([encodeTlv(Tag.Oid, Uint8Array.of(0x04, 0x00, 0x80, 0x81, 0x18))])],
    }),
  oidEndingInsideAnArc: (b: Base) =>
    fields(b, { extraStatements: [encodeSequence([encodeTlv(Tag.Oid, Uint8Array.of(0x04, 0x00, 0x81))])] }),
  // Refused or not: what the bank reads beside the certificate's statements.
  keyUsageWithoutSigning: (b: Base) => fields(b, { keyUsage: 0x20 }),
  // An EC key instead of the TPP's RSA seal key: the registration's rsa-sha256 Signature cannot verify.
  ecKey: (b: Base) => ({ ...fields(b, {}), subjectKeyPem: ecPublicKeyPem() }),
  // Issued elsewhere (the issuer is chosen in issue()): by another CA; naming the CA but signed by
  // another key; signed by the CA's key but naming another CA.
  foreignCa: (b: Base) => fields(b, {}),
  signedByAnotherKey: (b: Base) => fields(b, {}),
  issuerNameOfAnotherCa: (b: Base) => fields(b, {}),
} satisfies Record<string, (base: Base) => CertificateFields>;

/** The name of a near miss: `{{qsealNearMiss.<name>}}` in a suite. */
export type QsealNearMissName = keyof typeof nearMisses;

/** Every near miss, in catalogue order. */
export const qsealNearMissNames: readonly QsealNearMissName[] =
  Object.keys(nearMisses).filter(isQsealNearMissName);

/** Whether `name` is a near miss of the catalogue. */
export function isQsealNearMissName(name: string): name is QsealNearMissName {
  return Object.hasOwn(nearMisses, name);
}

const cache = new Map<string, Promise<Uint8Array>>();
let ecKeyPem: string | undefined;

function ecPublicKeyPem(): string {
  ecKeyPem ??= generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString();
  return ecKeyPem;
}
let foreignIssuer: Promise<{ certPem: string; keyPem: string }> | undefined;

type Issuer = NearMissSource['issuer'];

/** The near misses not issued by the source's CA: whose certificate names the issuer, whose key signs. */
const issuedElsewhere: Partial<Record<QsealNearMissName, (own: Issuer, foreign: Issuer) => Issuer>> = {
  foreignCa: (_own, foreign) => foreign,
  signedByAnotherKey: (own, foreign) => ({ certPem: own.certPem, keyPem: foreign.keyPem }),
  issuerNameOfAnotherCa: (own, foreign) => ({ certPem: foreign.certPem, keyPem: own.keyPem }),
};

/**
 * The DER of near miss `name` of the TPP's QSEAL, issued by `source.issuer` (`foreignCa`: by a CA
 * made for the process, which nobody trusts). Cached per process, issuer and QSEAL.
 */
export function issueQsealNearMiss(name: QsealNearMissName, source: NearMissSource): Promise<Uint8Array> {
  const key = `${name}\0${source.issuer.certPem}\0${source.qseal.certPem}`;
  let issued = cache.get(key);
  if (issued === undefined) {
    issued = issue(name, source);
    cache.set(key, issued);
  }
  return issued;
}

async function issue(name: QsealNearMissName, source: NearMissSource): Promise<Uint8Array> {
  const own = readPsd2Certificate(source.qseal.certPem);
  const base: Base = {
    source,
    organizationIdentifier: own.organizationIdentifier ?? '',
    commonName: own.commonName ?? own.organizationIdentifier ?? '',
    roleOids: own.roles.map((r) => psd2RoleOids[r]),
    ncaName: own.ncaName,
    ncaId: own.ncaId,
  };
  const written = nearMisses[name](base);
  const issuer = issuedElsewhere[name];
  if (issuer === undefined) return writeCertificate(written);
  foreignIssuer ??= createTestCa({ commonName: 'stet-harness near-miss foreign CA' });
  return writeCertificate({ ...written, issuer: issuer(source.issuer, await foreignIssuer) });
}

interface Changes {
  subject?: NameAttribute[];
  notBefore?: CertificateFields['notBefore'];
  notAfter?: CertificateFields['notAfter'];
  compliance?: boolean;
  qcTypes?: string[];
  /** The PSD2 statement's info; `null` for no PSD2 statement. */
  psd2?: Uint8Array | null;
  extraStatements?: Uint8Array[];
  keyUsage?: number;
}

function fields(b: Base, changes: Changes): CertificateFields {
  return {
    issuer: b.source.issuer,
    subjectKeyPem: b.source.qseal.keyPem,
    subject: changes.subject ?? subject(b, 'utf8'),
    notBefore: changes.notBefore ?? { at: new Date(Date.now() - day) },
    notAfter: changes.notAfter ?? { at: new Date(Date.now() + 365 * day) },
    extensions: [keyUsage(changes.keyUsage ?? 0xc0), qcStatementsExtension(qcStatements(b, changes))],
  };
}

function withQcStatementsValue(b: Base, value: Uint8Array): CertificateFields {
  return { ...fields(b, {}), extensions: [keyUsage(0xc0), qcStatementsExtension(value)] };
}

function qcStatements(b: Base, changes: Changes): Uint8Array {
  const items: Uint8Array[] = [];
  if (changes.compliance ?? true) items.push(encodeSequence([encodeOid(qcComplianceOid)]));
  const types = changes.qcTypes ?? [qcTypeOids.eseal];
  if (types.length > 0)
    items.push(
      encodeSequence([encodeOid(qcTypeStatementOid), encodeSequence(types.map((t) => encodeOid(t)))]),
    );
  const psd2 = changes.psd2 === undefined ? psd2Info({}, b) : changes.psd2;
  if (psd2 !== null) items.push(encodeSequence([encodeOid(psd2StatementOid), psd2]));
  items.push(...(changes.extraStatements ?? []));
  return encodeSequence(items);
}

function psd2Info(
  parts: { roles?: Uint8Array[]; ncaName?: Uint8Array | null; ncaId?: Uint8Array | null; extra?: Uint8Array },
  b: Base,
): Uint8Array {
  const name = parts.ncaName === undefined ? encodeString(b.ncaName, 'utf8') : parts.ncaName;
  const id = parts.ncaId === undefined ? encodeString(b.ncaId, 'utf8') : parts.ncaId;
  return encodeSequence([
    encodeSequence(parts.roles ?? roles(b)),
    ...(name === null ? [] : [name]),
    ...(id === null ? [] : [id]),
    ...(parts.extra === undefined ? [] : [parts.extra]),
  ]);
}

function roles(b: Base): Uint8Array[] {
  return b.roleOids.map((o) => role(o, roleName(o)));
}

function role(roleOid: string, name: string, type: StringType = 'utf8'): Uint8Array {
  return encodeSequence([encodeOid(roleOid), encodeString(name, type)]);
}

function roleName(roleOid: string): string {
  return Object.entries(psd2RoleOids).find(([, o]) => o === roleOid)?.[0] ?? 'PSP_XX';
}

function subject(
  b: Base,
  type: StringType,
  organizationIdentifier = b.organizationIdentifier,
): NameAttribute[] {
  return [
    { oid: oid.organization, value: b.commonName, stringType: type },
    { oid: oid.organizationIdentifier, value: organizationIdentifier, stringType: type },
    { oid: oid.commonName, value: b.commonName, stringType: type },
  ];
}

function otherOrganisation(organizationIdentifier: string): string {
  return organizationIdentifier.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
}

function keyUsage(bits: number): { oid: string; critical: boolean; value: Uint8Array } {
  // A BIT STRING of one byte: its unused trailing bits first (none matter: the bits named are set).
  return { oid: keyUsageOid, critical: true, value: encodeTlv(Tag.BitString, Uint8Array.of(0, bits)) };
}

function qcStatementsExtension(value: Uint8Array): { oid: string; value: Uint8Array } {
  return { oid: qcStatementsExtensionOid, value };
}
