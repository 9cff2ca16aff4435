import { X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { notApplicableReason } from '../../../../harness/runner/applicability.ts';
import { nearMissValues } from '../../../../harness/runner/tpp-values.ts';
import { parseSuite } from '../../../../harness/suite/load-suite.ts';
import { isBuiltinRef, nearMissOfRef, templateRefs } from '../../../../harness/suite/template.ts';
import type {
  InstitutionTarget,
  Target,
  TppCredentials,
} from '../../../../harness/targets/target-definition.ts';
import { targetCalendar } from '../../../../harness/versions/target-calendar.ts';
import { createTestCa, generateTestPki } from '../../../../pki/index.ts';
import { readPsd2Certificate } from '../../../../protocol/psd2-certificate.ts';
import { testTarget } from '../fixtures/target-fixture.ts';

const suite = parseSuite(
  'n.yaml',
  `suite: n
title: N
versions: [v1.6.2]
roles: [aisp]
cases:
  - id: near-miss
    title: Near miss
    rules: [REG-ONE]
    steps:
      - request: { method: POST, path: /stet/psd2/register, body: { x5c: ['{{qsealNearMiss.expired}}', '{{ qsealNearMiss.noRole }}'] } }
`,
  { has: () => true },
);
const definition = suite.cases[0];

const institution: InstitutionTarget = {
  code: '10101',
  confirmationSegment: 'confirmation',
  fundsConfirmation: true,
  sandbox: true,
  signatureHeaders: [],
};

let tpp: TppCredentials;
let issuer: { certPem: string; keyPem: string };

beforeAll(async () => {
  const ca = await createTestCa();
  const pki = await generateTestPki({
    organizationIdentifier: 'PSDFR-ACPR-23456',
    roles: ['PSP_AI'],
    ca,
    serverNames: [],
  });
  issuer = { certPem: ca.certPem, keyPem: ca.keyPem };
  tpp = {
    clientId: 'PSDFR-ACPR-23456',
    qwac: { cert: pki.qwac.certPem, key: pki.qwac.keyPem },
    qseal: { cert: pki.qseal.certPem, key: pki.qseal.keyPem, keyId: 'PSDFR-ACPR-23456' },
    redirectUri: 'https://tpp.example/cb',
  };
});

const reason = (target: Target): string | undefined => {
  if (definition === undefined) throw new Error('no case');
  return notApplicableReason(
    { definition, institution, version: 'v1.6.2' },
    { target, calendar: targetCalendar() },
  );
};

describe('qsealNearMiss values', () => {
  it('reads qsealNearMiss.<name> as a built-in only for a near miss of the catalogue', () => {
    expect(templateRefs('{{qsealNearMiss.expired}} and {{ qsealNearMiss.noRole }}')).toEqual([
      'qsealNearMiss.expired',
      'qsealNearMiss.noRole',
    ]);
    expect(nearMissOfRef('qsealNearMiss.expired')).toBe('expired');
    expect(isBuiltinRef('qsealNearMiss.noRole')).toBe(true);
    expect(isBuiltinRef('qsealNearMiss.nothingLikeIt')).toBe(false);
    expect(isBuiltinRef('qsealNearMiss')).toBe(false);
    expect(nearMissOfRef('other.expired')).toBeUndefined();
  });

  it('refuses a suite naming a near miss the catalogue lacks before anything is sent', () => {
    expect(() =>
      parseSuite(
        'n.yaml',
        `suite: n
title: N
versions: [v1.6.2]
roles: [aisp]
cases:
  - id: c
    title: C
    rules: [REG-ONE]
    steps:
      - request: { method: POST, path: /stet/psd2/register, body: { x5c: ['{{qsealNearMiss.nothingLikeIt}}'] } }
`,
        { has: () => true },
      ),
    ).toThrow(/qsealNearMiss\.nothingLikeIt/);
  });

  it('makes a case not applicable at a target naming no issuer or no QSEAL certificate', () => {
    expect(reason(testTarget({ institutions: [institution], tpp }))).toMatch(/qsealIssuer/);
    expect(
      reason(
        testTarget({
          institutions: [institution],
          tpp: { ...tpp, qseal: { ...tpp.qseal, cert: undefined } },
          qsealIssuer: issuer,
        }),
      ),
    ).toMatch(/QSEAL certificate/);
    expect(reason(testTarget({ institutions: [institution], tpp, qsealIssuer: issuer }))).toBeUndefined();
  });

  it('gives each near miss the case names as base64 DER of the case TPP, and nothing without an issuer', async () => {
    if (definition === undefined) throw new Error('no case');
    const target = testTarget({ institutions: [institution], tpp, qsealIssuer: issuer });
    const values = new Map(await nearMissValues(definition, target, tpp));
    expect([...values.keys()].sort()).toEqual(['qsealNearMiss.expired', 'qsealNearMiss.noRole']);
    const expired = readPsd2Certificate(Buffer.from(values.get('qsealNearMiss.expired') ?? '', 'base64'));
    expect(expired.organizationIdentifier).toBe('PSDFR-ACPR-23456');
    expect(expired.notAfter.getTime()).toBeLessThan(Date.now());
    expect(
      new X509Certificate(expired.certificate.raw).checkIssued(new X509Certificate(issuer.certPem)),
    ).toBe(true);
    expect(await nearMissValues(definition, testTarget({ institutions: [institution], tpp }), tpp)).toEqual(
      [],
    );
  });
});
