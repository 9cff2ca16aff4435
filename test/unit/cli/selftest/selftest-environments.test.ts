import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuites, specRuleCatalogue } from '../../../../harness/index.ts';
import {
  environmentOf,
  selftestEnvironments,
  selftestFreshness,
  suitesFor,
} from '../../../../cli/selftest/selftest-environments.ts';
import { liveReferenceTarget } from '../../../../cli/selftest/live-target.ts';
import { loadInstitutions } from '../../../../reference-aspsp/institutions/load-institutions.ts';
import { selfSigned } from '../../harness/fixtures/tls-fixture.ts';

const suites = loadSuites(['suites'], specRuleCatalogue);
const cases = suites.flatMap((suite) => suite.cases.map((c) => ({ suite: suite.suite, c })));
const find = (suite: string, id: string) => {
  const found = cases.find((entry) => entry.suite === suite && entry.c.id === id);
  if (found === undefined) throw new Error(`${suite}/${id} is not in suites/`);
  return found.c;
};

/** A reference start line at `codes`, its TPP's certificate and key a self-signed pair on disk. */
async function startLine(codes: readonly string[]): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'start-line-'));
  const pair = await selfSigned('tpp.example');
  const pem = (name: string, text: string): string => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const [cert, key] = [pem('cert.pem', pair.cert), pem('key.pem', pair.key)];
  return {
    url: 'https://127.0.0.1:1',
    ca: cert,
    institutions: codes.map((code) => ({ code, host: `api-${code}.psd2.groupbank.example` })),
    tpp: {
      clientId: 'c',
      qwacCert: cert,
      qwacKey: key,
      qsealCert: cert,
      qsealKey: key,
      keyId: 'c',
      redirectUri: 'https://tpp.example/cb',
    },
  };
}

describe('selftest set-ups', () => {
  it('sends the live-host case to the live reference, the calendar case to the calendar one, the rest to the sandbox', () => {
    expect(environmentOf(find('transport', 'sandbox-data-refused-on-live'))).toBe('live');
    expect(environmentOf(find('versions', 'version-follows-the-deprecation-calendar'))).toBe('calendar');
    expect(environmentOf(find('versions', 'unknown-version-not-served'))).toBe('sandbox');
  });

  it('sends the signature freshness cases to the reference whose institution checks freshness', () => {
    expect(environmentOf(find('signature-freshness', 'signature-date-within-the-window'))).toBe('freshness');
    expect(environmentOf(find('signature-freshness', 'replayed-signature-refused'))).toBe('freshness');
    expect(environmentOf(find('transport', 'signature-covers-what-it-must'))).toBe('sandbox');
  });

  it('sends the case of a policy that does not sign digest to the same set-up, whose 20202 signs less', async () => {
    expect(environmentOf(find('digest-unsigned-policy', 'digest-where-the-policy-does-not-sign-it'))).toBe(
      'freshness',
    );
    const freshness = selftestEnvironments.find((e) => e.name === 'freshness');
    const dir = mkdtempSync(join(tmpdir(), 'freshness-setup-'));
    const file = (await freshness?.institutionsFile?.(dir)) ?? '';
    const written = loadInstitutions(file);
    expect(written.find((i) => i.code === '20202')?.signatureHeaders).toEqual(['(request-target)']);
    expect(written.find((i) => i.code === '10101')?.signatureHeaders).toContain('digest');
    // Declared from the set-up, whatever the reference's start line says.
    const target = freshness?.target(await startLine(['10101', '20202']), 'freshness');
    expect(target?.institutions.find((i) => i.code === '20202')?.signatureHeaders).toEqual([
      '(request-target)',
    ]);
  });

  it('splits the suites so every case runs in exactly one set-up', () => {
    const split = (['sandbox', 'calendar', 'live', 'freshness'] as const).map((name) =>
      suitesFor(suites, name).flatMap((suite) => suite.cases.map((c) => `${suite.suite}/${c.id}`)),
    );
    const all = split.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(cases.length);
    expect(split[1]).toEqual([
      'transport/former-host-form-follows-the-calendar',
      'versions/version-follows-the-deprecation-calendar',
    ]);
    expect(split[2]).toEqual([
      'pisp-payment-live/live-status-is-the-payment-initiated',
      'pisp-payment-live/live-status-request-id-compared-exactly',
      'pisp-payment-live/live-failed-authentication-then-status',
      'pisp-payment-live/live-token-of-another-payment',
      'pisp-payment-live/live-plain-confirmation-not-implemented-at-o-confirmation-institution',
      'pisp-payment-live/live-consent-confirmation-and-cancellation',
      'pisp-payment-live/live-second-token-serves-only-its-payment',
      'registration-checks/unknown-tpp-registration-signature-verified',
      'live-refusals/live-refusals-not-explained',
      'transport/sandbox-data-refused-on-live',
    ]);
    expect(split[3]).toEqual([
      'registration-checks/registration-digest-and-freshness',
      'digest-unsigned-policy/digest-where-the-policy-does-not-sign-it',
      'signature-freshness/signature-date-within-the-window',
      'signature-freshness/replayed-signature-refused',
      'signature-freshness/signature-created-within-the-window',
    ]);
  });

  it('declares the freshness window of its set-up, whatever the reference says of itself', async () => {
    // A start line without signatureFreshness: the reference lost the option of its file.
    const info = await startLine(['10101', '20202']);
    const freshness = selftestEnvironments.find((e) => e.name === 'freshness');
    const target = freshness?.target(info, 'freshness');
    const { windowSeconds, replayCache } = selftestFreshness;
    expect(target?.institutions.map((i) => [i.code, i.signatureFreshness])).toEqual([
      ['10101', { windowSeconds, replayCache }],
      ['20202', undefined],
    ]);
  });

  it('describes a live reference with its personas under their live identifiers and the sandbox data to refuse', async () => {
    const info = { ...(await startLine(['10101', '30303'])), mode: 'live' };
    const target = liveReferenceTarget(info, 'live');
    expect(target.capabilities).toEqual(['live']);
    expect(target.personas.alice).toMatchObject({ identifier: '50000001', otp: undefined, driver: 'http' });
    expect(target.sandboxPersonas.alice).toEqual({ identifier: '10000001' });
    expect(target.sandboxOtp).toBe('12345678');
  });
});
