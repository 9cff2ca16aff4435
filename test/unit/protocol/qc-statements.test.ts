import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeOid, encodeSequence, encodeUtf8, decodeOid, readSingle } from '../../../protocol/der.ts';
import { psd2Roles, stetRoleForPsd2Role } from '../../../protocol/psd2-roles.ts';
import { decodeQcStatements, encodeQcStatements, psd2StatementOid } from '../../../protocol/qc-statements.ts';

const statements = fc.record({
  compliance: fc.boolean(),
  qcTypes: fc.uniqueArray(fc.constantFrom('esign' as const, 'eseal' as const, 'web' as const)),
  psd2: fc.option(
    fc.record({
      roles: fc.uniqueArray(fc.constantFrom(...psd2Roles)),
      ncaName: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
      ncaId: fc.string({ minLength: 1, maxLength: 300 }),
    }),
    { nil: undefined },
  ),
});

describe('PSD2 QCStatement', () => {
  it('decodes what it encodes, for any role set, names and QcTypes', () => {
    fc.assert(
      fc.property(statements, (value) => {
        expect(decodeQcStatements(encodeQcStatements(value))).toEqual(value);
      }),
    );
  });

  it('encodes the ETSI TS 119 495 structure byte for byte', () => {
    const der = encodeQcStatements({
      compliance: false,
      qcTypes: [],
      psd2: { roles: ['PSP_AI'], ncaName: 'ACPR', ncaId: 'FR-ACPR' },
    });
    // 19495 = 1·128² + 24·128 + 39, so the arc is 81 98 27 in base-128.
    const expected = Buffer.from(
      '3030' + // qcStatements
        '302e' + // QCStatement
        '0606' +
        '040081982702' + // statementId 0.4.0.19495.2
        '3024' + // PSD2QcType
        '3013' + // rolesOfPSP
        '3011' +
        '0607' +
        '04008198270103' +
        '0c06' +
        Buffer.from('PSP_AI').toString('hex') +
        '0c04' +
        Buffer.from('ACPR').toString('hex') +
        '0c07' +
        Buffer.from('FR-ACPR').toString('hex'),
      'hex',
    );
    expect(Buffer.from(der).toString('hex')).toBe(expected.toString('hex'));
  });

  it('identifies roles by OID and skips unknown role OIDs and statements', () => {
    const role = (oid: string, name: string) => encodeSequence([encodeOid(oid), encodeUtf8(name)]);
    const psd2 = encodeSequence([
      encodeOid(psd2StatementOid),
      encodeSequence([
        encodeSequence([role('0.4.0.19495.1.3', 'whatever'), role('0.4.0.19495.1.9', 'PSP_XX')]),
        encodeUtf8('Autorité'),
        encodeUtf8('FR-ACPR'),
      ]),
    ]);
    const unknown = encodeSequence([encodeOid('1.2.3.4'), encodeUtf8('x')]);
    expect(decodeQcStatements(encodeSequence([unknown, psd2]))).toEqual({
      compliance: false,
      qcTypes: [],
      psd2: { roles: ['PSP_AI'], ncaName: 'Autorité', ncaId: 'FR-ACPR' },
    });
  });

  it('throws ERR_DER_MALFORMED on truncated or mistyped input, never anything else', () => {
    const der = encodeQcStatements({
      compliance: true,
      qcTypes: ['web'],
      psd2: { roles: ['PSP_PI'], ncaName: 'n', ncaId: 'i' },
    });
    fc.assert(
      fc.property(fc.nat({ max: der.length - 1 }), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const truncated = der.subarray(0, at);
        expect(() => decodeQcStatements(truncated)).toThrow(
          expect.objectContaining({ code: 'ERR_DER_MALFORMED' }),
        );
        const corrupted = Uint8Array.from(der);
        corrupted[at] = (corrupted[at] ?? 0) ^ flip;
        try {
          decodeQcStatements(corrupted);
        } catch (error) {
          expect(error).toMatchObject({ code: 'ERR_DER_MALFORMED' });
        }
      }),
    );
  });

  it('round-trips OIDs with large arcs', () => {
    for (const oid of ['0.4.0.19495.1.4', '1.3.6.1.5.5.7.1.3', '2.999.4294967296']) {
      expect(decodeOid(readSingle(encodeOid(oid)).content)).toBe(oid);
    }
  });

  it('maps PSD2 roles onto STET roles', () => {
    expect(psd2Roles.map(stetRoleForPsd2Role)).toEqual([undefined, 'PISP', 'AISP', 'CBPII']);
  });
});
