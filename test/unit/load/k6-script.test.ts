import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseSignatureHeader, verifyDigest, verifySignature } from '../../../protocol/index.ts';
import { generateTestPki, type TestPki } from '../../../pki/index.ts';
import { parseHar } from '../../../traffic/har/parse-har.ts';
import { redactHar } from '../../../traffic/redact/redact-har.ts';
import type { Target } from '../../../harness/index.ts';
import { exportK6 } from '../../../load/k6/export-scenario.ts';
import { harToK6 } from '../../../load/k6/har-to-k6.ts';
import { loadScenario } from '../../../load/load-scenario.ts';
import { parseThreshold } from '../../../load/threshold.ts';
import { testTarget } from '../harness/fixtures/target-fixture.ts';
import { loadScript, type SentRequest } from './k6-script-harness.ts';

const root = resolve(import.meta.dirname, '../../..');
const k6Tsconfig = join(root, 'load', 'k6', 'tsconfig.k6.json');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const harFixture = join(root, 'test', 'unit', 'traffic', 'fixtures', 'ais-session.har');

let pki: TestPki;
let target: Target;
const files: Record<string, string> = {};
const env: Record<string, string> = {
  STET_QWAC_CERT: '/qwac.pem',
  STET_QWAC_KEY: '/qwac-key.pem',
  STET_QSEAL_KEY: '/qseal-key.pem',
};

beforeAll(async () => {
  pki = await generateTestPki({
    organizationIdentifier: 'PSDFR-ACPR-12345',
    roles: ['PSP_AI', 'PSP_IC', 'PSP_PI'],
  });
  files['/qwac.pem'] = pki.qwac.certPem;
  files['/qwac-key.pem'] = pki.qwac.keyPem;
  files['/qseal-key.pem'] = pki.qseal.keyPem;
  const institution = (code: string, signatureHeaders: string[]) => ({
    code,
    confirmationSegment: 'confirmation',
    fundsConfirmation: code !== '30303',
    sandbox: true,
    signatureHeaders,
  });
  target = testTarget({
    baseUrl: 'https://api-<institution_code>.psd2.groupbank.example',
    connect: { host: '127.0.0.1', port: 8443 },
    institutions: [
      institution('10101', ['(request-target)', 'digest', 'x-request-id']),
      institution('30303', ['(request-target)', 'date', 'digest', 'x-request-id']),
    ],
    tpp: {
      clientId: 'PSDFR-ACPR-12345',
      qwac: { cert: pki.qwac.certPem, key: pki.qwac.keyPem },
      qseal: { key: pki.qseal.keyPem, cert: pki.qseal.certPem, keyId: 'PSDFR-ACPR-12345' },
      redirectUri: 'https://tpp.example/callback',
    },
    capabilities: ['sandbox'],
  });
}, 60_000);

function scenarioScript(name: string): string {
  const scenario = loadScenario(name);
  return exportK6({ scenario, target, durationMs: 10_000, thresholds: scenario.thresholds });
}

function verifies(req: SentRequest, expectedHeaders: string[]): void {
  const path = new URL(req.url).pathname + new URL(req.url).search;
  const signature = parseSignatureHeader(req.headers['signature'] ?? '');
  expect(signature.headers).toEqual(expectedHeaders);
  expect(signature.keyId).toBe('PSDFR-ACPR-12345');
  expect(verifyDigest(req.headers['digest'] ?? '', req.body ?? '')).toMatchObject({ valid: true });
  const headers = { ...req.headers, host: new URL(req.url).host };
  expect(
    verifySignature({ method: req.method, path, headers, signature, publicKey: pki.qseal.certPem }),
  ).toEqual({ valid: true });
}

describe('exported k6 scripts', () => {
  it('type-check against @types/k6 with the dedicated tsconfig, where a Node API does not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'k6-typecheck-'));
    writeFileSync(join(dir, 'mix.ts'), scenarioScript('mix'));
    writeFileSync(join(dir, 'ramp.ts'), scenarioScript('psu-present-ramp'));
    const har = parseHar(readFileSync(harFixture, 'utf8'));
    writeFileSync(
      join(dir, 'recording.ts'),
      harToK6(har, {
        source: 'ais-session.har',
        durationMs: 5000,
        vus: 2,
        thresholds: [parseThreshold('p95<300ms')],
      }),
    );
    writeFileSync(
      join(dir, 'node-api.ts'),
      "import { readFileSync } from 'node:fs';\nexport const text: string = readFileSync('x', 'utf8');\n",
    );
    const check = async (...scripts: string[]): Promise<string> => {
      const config = join(dir, `tsconfig.${scripts.length}.json`);
      writeFileSync(config, JSON.stringify({ extends: k6Tsconfig, files: scripts }));
      try {
        await promisify(execFile)(process.execPath, [tsc, '-p', config], { timeout: 60_000 });
        return '';
      } catch (error) {
        return String((error as { stdout?: string }).stdout ?? error);
      }
    };
    expect(await check('mix.ts', 'recording.ts', 'ramp.ts')).toBe('');
    expect(await check('node-api.ts')).toContain('node:fs');
  }, 90_000);

  it('carry the scenario’s thresholds, tlsAuth for every institution host and the hosts mapping', () => {
    const script = scenarioScript('nightly-batch');
    expect(script).toContain('"p(95)<500"');
    expect(script).toContain('"stet_5xx": [\n      "count==0"');
    expect(script).toContain('"stet_findings"');
    expect(script).toContain(
      'tlsAuth: [{ domains: ["api-10101.psd2.groupbank.example","api-30303.psd2.groupbank.example"]',
    );
    const run = loadScript({
      source: script,
      files,
      env,
      scenario: 'nightly-batch-10101',
      respond: () => ({ status: 200 }),
    });
    expect(run.exports.options).toMatchObject({
      hosts: {
        'api-10101.psd2.groupbank.example': '127.0.0.1:8443',
        'api-30303.psd2.groupbank.example': '127.0.0.1:8443',
      },
      scenarios: { 'nightly-batch-10101': { executor: 'constant-vus', vus: 2 } },
    });
  });

  it('export ramping stages as a ramping-arrival-rate k6 scenario, and --rate as a constant one', () => {
    const options = (script: string): unknown =>
      loadScript({
        source: script,
        files,
        env,
        scenario: 'psu-present-ramp-10101',
        respond: () => ({ status: 200 }),
      }).exports.options;
    expect(options(scenarioScript('psu-present-ramp'))).toMatchObject({
      scenarios: {
        'psu-present-ramp-10101': {
          executor: 'ramping-arrival-rate',
          startRate: 0,
          timeUnit: '1s',
          preAllocatedVUs: 4,
          stages: [
            { duration: '10s', target: 40 },
            { duration: '20s', target: 40 },
            { duration: '5s', target: 0 },
          ],
        },
      },
    });
    const scenario = loadScenario('psu-present-ramp');
    const constant = exportK6({
      scenario,
      target,
      durationMs: 10_000,
      rate: 12,
      thresholds: scenario.thresholds,
    });
    expect(options(constant)).toMatchObject({
      scenarios: { 'psu-present-ramp-10101': { executor: 'constant-arrival-rate', rate: 12 } },
    });
  });

  it('sign every request afresh with WebCrypto so that the signature verifies with the QSEAL certificate', async () => {
    const run = loadScript({
      source: scenarioScript('psu-present-reads'),
      files,
      env,
      scenario: 'psu-present-reads-30303',
      respond: (req) => ({
        status: 200,
        headers: { 'X-Request-Id': req.headers['x-request-id'] ?? '' },
        body: req.url.endsWith('/accounts')
          ? JSON.stringify({
              accounts: [{ _links: { balances: { href: '/stet/psd2/v1.6.2/accounts/A/balances' } } }],
            })
          : '{}',
      }),
    });
    await run.exports.default?.({
      psus: { 'psu-present-reads-30303': [{ psuId: 'p', aisp: { access: 'tok-1', refresh: 'r-1' } }] },
    });
    expect(run.sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET https://api-30303.psd2.groupbank.example/stet/psd2/v1.6.2/accounts',
      'GET https://api-30303.psd2.groupbank.example/stet/psd2/v1.6.2/accounts/A/balances',
    ]);
    for (const req of run.sent) {
      expect(req.headers['authorization']).toBe('Bearer tok-1');
      verifies(req, ['(request-target)', 'date', 'digest', 'x-request-id', 'psu-ip-address']);
    }
    expect(run.sent[0]?.headers['x-request-id']).not.toBe(run.sent[1]?.headers['x-request-id']);
    expect(run.sent[1]?.tags).toEqual({
      endpoint: 'GET /accounts/:accountResourceId/balances',
      institution: '30303',
    });
    expect(run.metrics.filter((m) => m.name === 'stet_findings')).toEqual([]);
  });

  it('refresh the PSU’s tokens in a batch round and count a served fifth access as a finding', async () => {
    let issued = 0;
    const run = loadScript({
      source: scenarioScript('nightly-batch'),
      files,
      env,
      scenario: 'nightly-batch-10101',
      respond: (req) =>
        req.url.endsWith('/oauth/token')
          ? {
              status: 200,
              body: JSON.stringify({ access_token: `new-${++issued}`, refresh_token: `r-${issued}` }),
            }
          : { status: 200, body: '{}' },
    });
    const data = {
      psus: { 'nightly-batch-10101': [{ psuId: 'p', aisp: { access: 'old', refresh: 'r-0' } }] },
    };
    for (let round = 0; round < 5; round += 1) await run.exports.default?.(data);
    const refreshes = run.sent.filter((r) => r.url.endsWith('/oauth/token'));
    expect(refreshes.map((r) => new URLSearchParams(r.body ?? '').get('refresh_token'))).toEqual([
      'r-0',
      'r-1',
      'r-2',
      'r-3',
      'r-4',
    ]);
    const reads = run.sent.filter((r) => r.url.endsWith('/accounts'));
    expect(reads.map((r) => r.headers['authorization'])).toEqual([
      'Bearer new-1',
      'Bearer new-2',
      'Bearer new-3',
      'Bearer new-4',
      'Bearer new-5',
    ]);
    expect(reads[0]?.headers['psu-ip-address']).toBeUndefined();
    const rules = run.metrics.filter((m) => m.name === 'stet_findings').map((m) => m.tags?.['rule']);
    // Every answer lacked X-Request-ID, and the fifth batch access was served.
    expect(rules).toContain('TRN-XREQUESTID-ECHO');
    expect(rules.filter((r) => r === 'QTA-EXCEEDED-TMRQ')).toHaveLength(1);
  });

  it('replay a redacted recording re-signed and re-tokened on its own host, never sending a redacted value', async () => {
    const har = redactHar(parseHar(readFileSync(harFixture, 'utf8'))).har;
    const source = harToK6(har, {
      source: 'ais-session.har',
      durationMs: 5000,
      vus: 1,
      thresholds: [],
      target,
    });
    expect(source).toContain('left out: 1 authorization-code exchanges');
    const run = loadScript({
      source,
      files,
      env,
      scenario: 'recording-10101',
      respond: (req) => ({ status: 200, headers: { 'x-request-id': req.headers['x-request-id'] ?? '' } }),
    });
    const data = {
      psus: {
        'recording-10101': [
          { psuId: 'p', aisp: { access: 'fresh-token', refresh: 'r' }, iban: 'FR7610101000010000000000101' },
        ],
      },
    };
    await run.exports.default?.(data);
    expect(run.sent).toHaveLength(5);
    for (const req of run.sent) {
      expect(new URL(req.url).host).toBe('api-10101.psd2.groupbank.example');
      expect(JSON.stringify(req)).not.toMatch(/REDACTED/);
      expect(req.headers['authorization']).toBe('Bearer fresh-token');
      verifies(req, ['(request-target)', 'digest', 'x-request-id', 'psu-ip-address']);
    }
    const consent = JSON.parse(run.sent[0]?.body ?? '{}') as { balances: Array<{ iban: string }> };
    expect(consent.balances[0]?.iban).toBe('FR7610101000010000000000101');
  });
});
