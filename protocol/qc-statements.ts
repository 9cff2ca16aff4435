/**
 * The qcStatements certificate extension (RFC 3739, ETSI EN 319 412-5) with the PSD2 statement of
 * ETSI TS 119 495: encode and decode.
 *
 * PSD2QcType ::= SEQUENCE { rolesOfPSP SEQUENCE OF SEQUENCE { roleOfPspOid OID, roleOfPspName
 * UTF8String }, nCAName UTF8String, nCAId UTF8String }.
 */
import {
  DerError,
  Tag,
  decodeOid,
  decodeString,
  encodeOid,
  encodeSequence,
  encodeUtf8,
  expectTag,
  readChildren,
  readSingle,
} from './der.ts';
import { psd2RoleOids, psd2Roles, type Psd2Role } from './psd2-roles.ts';

/** OID of the qcStatements extension. */
export const qcStatementsExtensionOid = '1.3.6.1.5.5.7.1.3';
/** OID of the PSD2 statement (`id-etsi-psd2-qcStatement`). */
export const psd2StatementOid = '0.4.0.19495.2';
/** OID of the QcCompliance statement (the certificate is qualified). */
export const qcComplianceOid = '0.4.0.1862.1.1';
/** OID of the QcType statement. */
export const qcTypeStatementOid = '0.4.0.1862.1.6';

/** Certificate types of QcType: e-signature, e-seal (QSEAL) and website authentication (QWAC). */
export type QcType = 'esign' | 'eseal' | 'web';

/** OID of each QcType (`id-etsi-qct-*`). */
export const qcTypeOids: Readonly<Record<QcType, string>> = {
  esign: '0.4.0.1862.1.6.1',
  eseal: '0.4.0.1862.1.6.2',
  web: '0.4.0.1862.1.6.3',
};

const qcTypes: readonly QcType[] = ['esign', 'eseal', 'web'];

/** The PSD2 statement: roles granted by the competent authority, and that authority. */
export interface Psd2Statement {
  roles: Psd2Role[];
  ncaName: string;
  ncaId: string;
}

/** The statements this module understands; others found while decoding are skipped. */
export interface QcStatements {
  compliance: boolean;
  qcTypes: QcType[];
  psd2: Psd2Statement | undefined;
}

// Stryker disable all: the issuing side (pki/issue-certificate.ts writes the demo and test certificates with it): the bank never runs it while serving, so no conformance case can reach it (test/unit/protocol/qc-statements.test.ts does)
/** Encodes the extension value (the DER inside the extension's OCTET STRING). */
export function encodeQcStatements(statements: QcStatements): Uint8Array {
  const items: Uint8Array[] = [];
  if (statements.compliance) items.push(encodeSequence([encodeOid(qcComplianceOid)]));
  if (statements.qcTypes.length > 0) {
    const types = encodeSequence(statements.qcTypes.map((t) => encodeOid(qcTypeOids[t])));
    items.push(encodeSequence([encodeOid(qcTypeStatementOid), types]));
  }
  if (statements.psd2 !== undefined) {
    const { roles, ncaName, ncaId } = statements.psd2;
    const rolesOfPsp = encodeSequence(
      roles.map((r) => encodeSequence([encodeOid(psd2RoleOids[r]), encodeUtf8(r)])),
    );
    const info = encodeSequence([rolesOfPsp, encodeUtf8(ncaName), encodeUtf8(ncaId)]);
    items.push(encodeSequence([encodeOid(psd2StatementOid), info]));
  }
  return encodeSequence(items);
}
// Stryker restore all

/**
 * Decodes the extension value; throws {@link DerError} when it is not well-formed.
 *
 * A role is identified by its OID (the name beside it is informative); role OIDs outside the four
 * PSD2 roles are ignored, as are statements other than QcCompliance, QcType and PSD2.
 */
export function decodeQcStatements(der: Uint8Array): QcStatements {
  // Stryker disable next-line ArrayDeclaration: equivalent: a junk entry is no QcType anyone asks for
  const result: QcStatements = { compliance: false, qcTypes: [], psd2: undefined };
  const outer = expectTag(readSingle(der), Tag.Sequence, 'qcStatements');
  for (const statement of readChildren(outer.content)) {
    const [idTlv, info] = readChildren(expectTag(statement, Tag.Sequence, 'QCStatement').content);
    const id = decodeOid(expectTag(idTlv, Tag.Oid, 'statementId').content);
    if (id === qcComplianceOid) result.compliance = true;
    else if (id === qcTypeStatementOid) {
      for (const t of readChildren(expectTag(info, Tag.Sequence, 'QcType').content)) {
        const oid = decodeOid(expectTag(t, Tag.Oid, 'QcType').content);
        // A type OID outside the three is skipped (at most one of them matches).
        result.qcTypes.push(...qcTypes.filter((k) => qcTypeOids[k] === oid));
      }
    } else if (id === psd2StatementOid) {
      if (result.psd2 !== undefined) throw new DerError('PSD2 statement present twice');
      result.psd2 = decodePsd2(expectTag(info, Tag.Sequence, 'PSD2QcType').content);
    }
  }
  return result;
}

function decodePsd2(content: Uint8Array): Psd2Statement {
  const [rolesTlv, nameTlv, idTlv, extra] = readChildren(content);
  if (extra !== undefined) throw new DerError('PSD2QcType has more than three fields');
  const roleOids = readChildren(expectTag(rolesTlv, Tag.Sequence, 'rolesOfPSP').content).map((roleTlv) => {
    const [oidTlv, roleNameTlv] = readChildren(expectTag(roleTlv, Tag.Sequence, 'RoleOfPSP').content);
    expectTag(roleNameTlv, Tag.Utf8String, 'roleOfPspName');
    return decodeOid(expectTag(oidTlv, Tag.Oid, 'roleOfPspOid').content);
  });
  return {
    // Each role once, in the certificate's order; role OIDs outside the four are skipped.
    roles: [...new Set(roleOids.flatMap((oid) => psd2Roles.filter((role) => psd2RoleOids[role] === oid)))],
    ncaName: decodeString(expectTag(nameTlv, Tag.Utf8String, 'nCAName'), 'nCAName'),
    ncaId: decodeString(expectTag(idTlv, Tag.Utf8String, 'nCAId'), 'nCAId'),
  };
}
