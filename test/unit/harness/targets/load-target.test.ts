import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTarget, parseTarget } from '../../../../harness/targets/load-target.ts';
import { parseServeInfo, targetFromServeInfo } from '../../../../harness/targets/target-from-serve-info.ts';
import { selfSigned } from '../fixtures/tls-fixture.ts';

const pair = await selfSigned('tpp.example');

function withCerts(): string {
  const dir = mkdtempSync(join(tmpdir(), 'target-'));
  mkdirSync(join(dir, 'certs'));
  for (const name of ['groupbank-ca.pem', 'qwac.pem', 'qseal.pem'])
    writeFileSync(join(dir, 'certs', name), pair.cert);
  for (const name of ['qwac-key.pem', 'qseal-key.pem']) writeFileSync(join(dir, 'certs', name), pair.key);
  return dir;
}

function loadTargetWithout(dir: string) {
  return parseTarget(join(dir, 'u.yaml'), readFileSync('targets/example-institution.yaml', 'utf8'));
}

describe('loadTarget', () => {
  it('loads the documented example target with its certificates', () => {
    const dir = withCerts();
    const file = join(dir, 'example.yaml');
    writeFileSync(file, readFileSync('targets/example-institution.yaml', 'utf8'));
    const target = loadTarget(file);
    expect(
      target.institutions.map((i) => [i.code, i.confirmationSegment, i.fundsConfirmation, i.sandbox]),
    ).toEqual([
      ['10101', 'confirmation', true, false],
      ['20202', 'o-confirmation', true, false],
      ['30303', 'confirmation', false, false],
    ]);
    expect(target.institutions[0]?.signatureHeaders).toEqual(['(request-target)', 'digest', 'x-request-id']);
    expect(target.institutions[2]?.signatureHeaders).toContain('date');
    expect(target.tpp.qwac.key).toBe(pair.key);
    expect(target.personas['dave']).toEqual({
      identifier: '123456-01',
      otp: '12345678',
      driver: 'manual',
      institutions: ['30303'],
    });
    expect(target.browserSteps).toHaveLength(7);
  });

  it('reads a live host with the sandbox data it must refuse', () => {
    const dir = withCerts();
    const text = readFileSync('targets/example-institution.yaml', 'utf8').replace(
      'capabilities: []',
      "capabilities: [live]\nsandboxPersonas:\n  alice: { identifier: '10000001' }\nsandboxOtp: '12345678'",
    );
    const target = parseTarget(join(dir, 't.yaml'), text);
    expect(target.capabilities).toEqual(['live']);
    expect(target.sandboxPersonas).toEqual({ alice: { identifier: '10000001' } });
    expect(target.sandboxOtp).toBe('12345678');
    expect(target.institutions.every((i) => !i.sandbox)).toBe(true);
  });

  it('refuses a target declaring both the sandbox and a live host, at its line', () => {
    const dir = withCerts();
    const text = readFileSync('targets/example-institution.yaml', 'utf8').replace(
      'capabilities: []',
      'capabilities: [sandbox, live]',
    );
    expect(() => parseTarget(join(dir, 't.yaml'), text)).toThrow(
      expect.objectContaining({
        code: 'ERR_TARGET_INVALID',
        message: expect.stringMatching(/t\.yaml:\d+:\d+: a live host has no sandbox control API/) as string,
      }),
    );
  });

  it('reads an institution checking signature freshness, and signs date and x-request-id there', () => {
    const dir = withCerts();
    const text = readFileSync('targets/example-institution.yaml', 'utf8').replace(
      "  - code: '20202'",
      "  - code: '20202'\n    signatureFreshness: { windowSeconds: 120 }\n    signature: { headers: ['(request-target)', digest] }",
    );
    const target = parseTarget(join(dir, 't.yaml'), text);
    const beta = target.institutions.find((i) => i.code === '20202');
    expect(beta?.signatureFreshness).toEqual({ windowSeconds: 120, replayCache: false });
    expect(beta?.signatureHeaders).toEqual(['(request-target)', 'digest', 'date', 'x-request-id']);
    expect(target.institutions.find((i) => i.code === '10101')?.signatureFreshness).toBeUndefined();
  });

  it('refuses a signature freshness window under 10 seconds, at its line', () => {
    const dir = withCerts();
    const text = readFileSync('targets/example-institution.yaml', 'utf8').replace(
      "  - code: '20202'",
      "  - code: '20202'\n    signatureFreshness: { windowSeconds: 5, replayCache: true }",
    );
    expect(() => parseTarget(join(dir, 't.yaml'), text)).toThrow(/t\.yaml:\d+:\d+: .*windowSeconds/);
  });

  it('refuses a base URL without <institution_code>, at its line', () => {
    const dir = withCerts();
    const text = readFileSync('targets/example-institution.yaml', 'utf8').replace(
      'sandbox-<institution_code>',
      'sandbox-10101',
    );
    expect(() => parseTarget(join(dir, 't.yaml'), text)).toThrow(/t\.yaml:\d+:\d+: baseUrl/);
    expect(() => parseTarget(join(dir, 't.yaml'), text)).toThrow(
      expect.objectContaining({ code: 'ERR_TARGET_INVALID' }),
    );
  });
});

describe('targetFromServeInfo', () => {
  it('builds a target from the reference start line, with its institution differences', () => {
    const dir = withCerts();
    const pem = (name: string): string => join(dir, 'certs', name);
    const tpp = {
      clientId: 'PSDFR-ACPR-12345',
      qwacCert: pem('qwac.pem'),
      qwacKey: pem('qwac-key.pem'),
      qsealCert: pem('qseal.pem'),
      qsealKey: pem('qseal-key.pem'),
      keyId: 'PSDFR-ACPR-12345',
      redirectUri: 'https://tpp.example/cb',
    };
    const info = parseServeInfo(
      JSON.stringify({
        url: 'https://127.0.0.1:4433',
        ca: pem('groupbank-ca.pem'),
        mode: 'sandbox',
        institutions: [
          {
            code: '10101',
            host: 'api-10101.psd2.groupbank.example',
            sandboxHost: 'sandbox-10101.psd2.groupbank.example',
          },
          {
            code: '20202',
            host: 'api-20202.psd2.groupbank.example',
            confirmationSegment: 'o-confirmation',
            signatureHeaders: ['(request-target)', 'x-request-id'],
          },
        ],
        tpp,
        tpps: { aispOnly: tpp },
      }),
    );
    const target = targetFromServeInfo(info);
    expect(target.baseUrl).toBe('https://api-<institution_code>.psd2.groupbank.example');
    expect(target.connect).toEqual({ host: '127.0.0.1', port: 4433 });
    expect(target.capabilities).toEqual(['sandbox']);
    expect(target.institutions[1]).toMatchObject({
      confirmationSegment: 'o-confirmation',
      signatureHeaders: ['(request-target)', 'x-request-id'],
    });
    expect(Object.keys(target.tpps)).toEqual(['aispOnly']);
    const live = targetFromServeInfo({ ...info, mode: 'live' });
    expect(live.capabilities).toEqual(['live']);
    expect(live.institutions.map((i) => i.sandbox)).toEqual([false, false]);
    expect([live.sandboxPersonas, live.sandboxOtp]).toEqual([{}, undefined]);
  });

  it('takes the issuer of near-miss QSEALs from a target file or the start line caKey, and none without them', () => {
    const dir = withCerts();
    const text = readFileSync('targets/example-institution.yaml', 'utf8').replace(
      'capabilities: []',
      'capabilities: []\nqsealIssuer: { cert: certs/groupbank-ca.pem, key: certs/qwac-key.pem }',
    );
    expect(parseTarget(join(dir, 't.yaml'), text).qsealIssuer).toEqual({
      certPem: pair.cert,
      keyPem: pair.key,
    });
    expect(loadTargetWithout(dir).qsealIssuer).toBeUndefined();
    const pem = (name: string): string => join(dir, 'certs', name);
    const tpp = {
      clientId: 'PSDFR-ACPR-12345',
      qwacCert: pem('qwac.pem'),
      qwacKey: pem('qwac-key.pem'),
      qsealCert: pem('qseal.pem'),
      qsealKey: pem('qseal-key.pem'),
      keyId: 'PSDFR-ACPR-12345',
      redirectUri: 'https://tpp.example/cb',
    };
    const line = {
      url: 'https://127.0.0.1:4433',
      ca: pem('groupbank-ca.pem'),
      institutions: [{ code: '10101', host: 'api-10101.psd2.groupbank.example' }],
      tpp,
    };
    expect(targetFromServeInfo(parseServeInfo({ ...line, caKey: pem('qwac-key.pem') })).qsealIssuer).toEqual({
      certPem: pair.cert,
      keyPem: pair.key,
    });
    expect(targetFromServeInfo(parseServeInfo(line)).qsealIssuer).toBeUndefined();
  });

  it('refuses a start line that is not one', () => {
    expect(() => parseServeInfo('{"url":1}')).toThrow(
      expect.objectContaining({ code: 'ERR_TARGET_INVALID' }),
    );
    expect(() => parseServeInfo('not json')).toThrow(expect.objectContaining({ code: 'ERR_TARGET_INVALID' }));
  });
});

describe('environment values in a target file', () => {
  it('takes ${NAME} from the environment for paths and secrets, and keeps $${NAME} literal', () => {
    const dir = withCerts();
    process.env['STET_TEST_CERTS'] = './certs';
    process.env['STET_TEST_CLIENT_ID'] = 'PSDFR-ACPR-99999';
    try {
      const text = readFileSync('targets/example-institution.yaml', 'utf8')
        .replace('cert: ./certs/qwac.pem', "cert: '${STET_TEST_CERTS}/qwac.pem'")
        .replace('clientId: PSDFR-ACPR-12345', "clientId: '${STET_TEST_CLIENT_ID}'")
        .replace('name: groupbank-sandbox', () => "name: 'costs $${STET_TEST_CLIENT_ID}'");
      const target = parseTarget(join(dir, 't.yaml'), text);
      expect(target.tpp.clientId).toBe('PSDFR-ACPR-99999');
      expect(target.tpp.qwac.cert).toBe(pair.cert);
      expect(target.name).toBe('costs ${STET_TEST_CLIENT_ID}');
    } finally {
      delete process.env['STET_TEST_CERTS'];
      delete process.env['STET_TEST_CLIENT_ID'];
    }
  });

  it('refuses a variable that is not set, at the line using it', () => {
    const dir = withCerts();
    delete process.env['STET_TEST_UNSET'];
    const text = readFileSync('targets/example-institution.yaml', 'utf8').replace(
      'clientId: PSDFR-ACPR-12345',
      "clientId: '${STET_TEST_UNSET}'",
    );
    expect(() => parseTarget(join(dir, 't.yaml'), text)).toThrow(
      /t\.yaml:\d+:\d+: environment variable STET_TEST_UNSET is not set/,
    );
  });
});
