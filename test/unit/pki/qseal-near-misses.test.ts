import { X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPsd2Certificate, type Psd2Certificate } from '../../../protocol/psd2-certificate.ts';
import {
  createTestCa,
  generateTestPki,
  issueQsealNearMiss,
  qsealNearMissNames,
  type NearMissSource,
  type QsealNearMissName,
} from '../../../pki/index.ts';

let source: NearMissSource;
let caCert: X509Certificate;
let own: Psd2Certificate;

beforeAll(async () => {
  const ca = await createTestCa();
  const pki = await generateTestPki({
    organizationIdentifier: 'PSDFR-ACPR-23456',
    roles: ['PSP_AI'],
    ca,
    serverNames: [],
  });
  source = { issuer: ca, qseal: pki.qseal };
  caCert = new X509Certificate(ca.certPem);
  own = readPsd2Certificate(pki.qseal.certPem);
});

const read = async (name: QsealNearMissName): Promise<Psd2Certificate> =>
  readPsd2Certificate(await issueQsealNearMiss(name, source));

const errorOf = async (name: QsealNearMissName): Promise<unknown> => {
  try {
    await read(name);
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('qseal near misses', () => {
  it('issues every near miss as a certificate of the CA (but the three issued elsewhere) keeping the seal key (but ecKey)', async () => {
    for (const name of qsealNearMissNames) {
      const certificate = new X509Certificate(await issueQsealNearMiss(name, source));
      const elsewhere = ['foreignCa', 'signedByAnotherKey', 'issuerNameOfAnotherCa'].includes(name);
      expect(certificate.checkIssued(caCert) && certificate.verify(caCert.publicKey), name).toBe(!elsewhere);
      const sameKey =
        certificate.publicKey.export({ type: 'spki', format: 'pem' }).toString() === own.publicKeyPem;
      expect(sameKey, name).toBe(name !== 'ecKey');
    }
  });

  it('names the CA over another key, or signs with its key under another name', async () => {
    const named = new X509Certificate(await issueQsealNearMiss('signedByAnotherKey', source));
    expect([named.checkIssued(caCert), named.verify(caCert.publicKey)]).toEqual([true, false]);
    const signed = new X509Certificate(await issueQsealNearMiss('issuerNameOfAnotherCa', source));
    expect([signed.checkIssued(caCert), signed.verify(caCert.publicKey)]).toEqual([false, true]);
  });

  it('issues a near miss once per process, issuer and QSEAL', async () => {
    expect(await issueQsealNearMiss('expired', source)).toBe(await issueQsealNearMiss('expired', source));
  });

  it.each([
    'printableStringSubject',
    'ia5StringSubject',
    'teletexStringSubject',
    'bmpStringSubject',
    'lowerCaseRoleNames',
    'unknownRoleBeside',
    'unknownQcTypeBeside',
    'unknownStatementBeside',
    'oidInnerZeroGroup',
    'uniqueIdentifiers',
    'secondOrganizationIdentifier',
  ] as const)('%s reads as the TPP own QSEAL', async (name) => {
    const certificate = await read(name);
    expect(certificate.organizationIdentifier).toBe('PSDFR-ACPR-23456');
    expect(certificate.roles).toEqual(['PSP_AI']);
    expect(certificate.qcTypes).toEqual(['eseal']);
    expect(certificate.qualified).toBe(true);
    expect([certificate.ncaName, certificate.ncaId]).toEqual([own.ncaName, own.ncaId]);
  });

  it('writes the validity in the time types asked for', async () => {
    const generalized = await read('generalizedTimeValidity');
    expect(generalized.notBefore.toISOString()).toBe('1949-12-31T00:00:00.000Z');
    expect(generalized.notAfter.toISOString()).toBe('2051-01-01T00:00:00.000Z');
    expect((await read('utcTime1950')).notBefore.toISOString()).toBe('1950-01-01T00:00:00.000Z');
    expect((await read('expired')).notAfter.getTime()).toBeLessThan(Date.now());
    expect((await read('notYetValid')).notBefore.getTime()).toBeGreaterThan(Date.now());
  });

  it('changes the one field it names', async () => {
    expect((await read('noRole')).roles).toEqual([]);
    expect((await read('unknownRoleOnly')).roles).toEqual([]);
    expect((await read('noQcCompliance')).qualified).toBe(false);
    expect((await read('noQcType')).qcTypes).toEqual([]);
    expect((await read('esignQcType')).qcTypes).toEqual(['esign']);
    expect((await read('noOrganizationIdentifier')).organizationIdentifier).toBeUndefined();
    expect((await read('organizationIdentifierLowerCase')).organizationIdentifier).toBe('psdfr-acpr-23456');
    expect((await read('organizationIdentifierNtrForm')).organizationIdentifier).toBe('NTRFR-23456');
  });

  it.each(['noQcStatements', 'noPsd2Statement'] as const)(
    '%s is no PSD2 certificate (ERR_CERT_NO_QC_STATEMENT)',
    async (name) => {
      expect(await errorOf(name)).toMatchObject({ code: 'ERR_CERT_NO_QC_STATEMENT' });
    },
  );

  it.each([
    ['noNca', 'nCAName: missing'],
    ['noNcaId', 'nCAId: missing'],
    ['ncaNameNotUtf8', 'nCAName: expected tag 0xc'],
    ['roleNameNotUtf8', 'roleOfPspName: expected tag 0xc'],
    ['psd2ExtraField', 'more than three fields'],
    ['psd2StatementTwice', 'present twice'],
    ['emptyQcStatements', 'end of input (tag)'],
    ['truncatedQcStatements', 'runs past the end'],
    ['trailingBytesInQcStatements', 'trailing bytes'],
    ['indefiniteLength', 'indefinite length'],
    ['multiByteTag', 'multi-byte tags'],
    ['oidArcTooLarge', 'arc too large'],
    ['oidLeadingPadding', 'leading 0x80'],
    ['oidEndingInsideAnArc', 'ends inside an arc'],
    ['ncaNameInvalidUtf8', 'nCAName: invalid UTF-8'],
    ['indefiniteLengthInside', 'indefinite length'],
    ['fiveByteLength', 'length too large'],
    ['innerLengthPastEnd', 'runs past the end'],
    ['emptyOid', 'empty OBJECT IDENTIFIER'],
    ['utcTimeWithPrefix', 'notBefore: not a UTCTime'],
    ['utcTimeWithSuffix', 'notBefore: not a UTCTime'],
    ['generalizedTimeWithPrefix', 'notBefore: not a UTCTime'],
    ['generalizedTimeWithSuffix', 'notBefore: not a UTCTime'],
  ] as const)('%s is malformed: %s', async (name, message) => {
    const error = await errorOf(name);
    expect(error).toMatchObject({ code: 'ERR_CERT_MALFORMED' });
    expect(String((error as Error).message)).toContain(message);
  });
});
