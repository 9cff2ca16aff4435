import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serializeHar } from '../../../traffic/har/har-file.ts';
import { parseHar } from '../../../traffic/har/parse-har.ts';
import { alterHar } from '../../unit/traffic/fixtures/alter-har.ts';
import { runCli as run } from './run-cli.ts';

const fixturePath = new URL('../../unit/traffic/fixtures/ais-session.har', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'traffic-commands-'));

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('stet-harness check', () => {
  it('exits 0 for a conforming recording and lists the exchanges no operation serves', async () => {
    const result = await run('check', fixturePath);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      '1 exchange(s) not attributed to an operation (not judged by operation):\n  #0 POST https://api-10101.psd2.groupbank.example/stet/psd2/oauth/authorize → 303: v1.4.2 documents GET on this path, not POST\n',
    );
  });

  it('exits 2 for an empty HAR', async () => {
    const path = join(dir, 'empty.har');
    writeFileSync(path, '{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[]}}');
    const result = await run('check', path);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ERR_HAR_NOT_STET');
  });

  it('exits 1 for a recording with deviations and writes the reports', async () => {
    const altered = join(dir, 'altered.har');
    writeFileSync(altered, serializeHar(alterHar(parseHar(readFileSync(fixturePath, 'utf8'))).har));
    const out = join(dir, 'reports');
    const result = await run('check', altered, '--out', out);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('AIS-TRX-DATETO-EXCLUSIVE');
    for (const file of ['junit.xml', 'report.json', 'report.html'])
      expect(existsSync(join(out, file)), file).toBe(true);
    // The fixture is a hand-written HAR with its tokens and IBANs in clear: the reports hold neither.
    const json = readFileSync(join(out, 'report.json'), 'utf8');
    for (const secret of [
      'at-7f3a9c1e5b2d4f6a8c0e',
      'rt-1b2c3d4e5f60718293a4',
      'FR7630006000011234567890189',
    ])
      expect(json).not.toContain(secret);
  });

  it('reports a deviation from one of our choices as advisory: exit 0, and 1 with --strict', async () => {
    // PUT /consents answered 200: our OpenAPI documents list 201 (TRN-STATUS-DOCUMENTED, basis: choice).
    const har = parseHar(readFileSync(fixturePath, 'utf8'));
    const consent = har.log.entries[2];
    if (consent === undefined) throw new Error('fixture changed');
    consent.response.status = 200;
    const path = join(dir, 'advisory.har');
    writeFileSync(path, serializeHar(har));
    const lenient = await run('check', path);
    expect(lenient.stdout).toMatch(/TRN-STATUS-DOCUMENTED/);
    expect(lenient.stdout).toContain('1 advisory finding');
    expect(lenient.code).toBe(0);
    expect((await run('check', path, '--strict')).code).toBe(1);
  });

  it('exits 2 with a clear message for a file that is not HAR', async () => {
    const path = join(dir, 'not.har');
    writeFileSync(path, '{"openapi":"3.1.0"}');
    const result = await run('check', path);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ERR_HAR_INVALID');
    expect(result.stderr).toContain('$.log must be an object');
  });

  it('exits 2 with a clear message for a HAR of another API', async () => {
    const path = join(dir, 'other.har');
    writeFileSync(path, readFileSync(fixturePath, 'utf8').replaceAll('/stet/psd2/', '/api/'));
    const result = await run('check', path);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ERR_HAR_NOT_STET');
  });
});

describe('stet-harness record', () => {
  it('refuses --no-redact in CI mode before anything starts', async () => {
    vi.stubEnv('CI', 'true');
    const result = await run(
      'record',
      '--target',
      'missing.yaml',
      '--out',
      join(dir, 'x.har'),
      '--no-redact',
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ERR_REDACTION_REFUSED');
    expect(existsSync(join(dir, 'x.har'))).toBe(false);
  });
});
