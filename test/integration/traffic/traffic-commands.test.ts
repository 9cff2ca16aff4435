import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serializeHar } from '../../../traffic/har/har-file.ts';
import { finishRecording } from '../../../traffic/record/finish-recording.ts';
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

  it('fails a PUT /consents answered 200 under the seed rule CNS-PUT-201: exit 1, without --strict', async () => {
    const har = parseHar(readFileSync(fixturePath, 'utf8'));
    const consent = har.log.entries[2];
    if (consent === undefined) throw new Error('fixture changed');
    consent.response.status = 200;
    const path = join(dir, 'consent-200.har');
    writeFileSync(path, serializeHar(har));
    const result = await run('check', path);
    expect(result.stdout).toContain('CNS-PUT-201');
    expect(result.stdout).not.toContain('advisory finding');
    expect(result.code).toBe(1);
  });

  it('reports a deviation from one of our choices as advisory: exit 0, and 1 with --strict', async () => {
    // NGAC answered 409: the seed gives NGAC no status and our OpenAPI documents do not list 409 there
    // (ERR-STATUS-OF-CODE and TRN-STATUS-DOCUMENTED, both basis: choice).
    const har = parseHar(readFileSync(fixturePath, 'utf8'));
    const refusal = har.log.entries[6];
    if (refusal === undefined) throw new Error('fixture changed');
    refusal.response.status = 409;
    const path = join(dir, 'advisory.har');
    writeFileSync(path, serializeHar(har));
    const lenient = await run('check', path);
    expect(lenient.stdout).toMatch(/TRN-STATUS-DOCUMENTED/);
    expect(lenient.stdout).toContain('2 advisory finding');
    expect(lenient.code).toBe(0);
    expect((await run('check', path, '--strict')).code).toBe(1);
  });

  it('judges the original bytes: a card number that is part of an amount neither fails the check nor rewrites the amount', async () => {
    const har = parseHar(readFileSync(fixturePath, 'utf8'));
    const [accounts, transactions] = [har.log.entries[3], har.log.entries[5]];
    if (accounts?.response.content.text === undefined || transactions?.response.content.text === undefined)
      throw new Error('fixture changed');
    const list = JSON.parse(accounts.response.content.text) as { accounts: unknown[] };
    list.accounts.push({
      cashAccountType: 'CACC',
      accountId: { other: { identification: '123', schemeName: 'CPAN' } },
      resourceId: 'card-1',
      name: 'Carte Visa',
      linkedAccount: 'acc-a',
      _links: {
        balances: { href: '/stet/psd2/v1.4.2/accounts/card-1/balances' },
        transactions: { href: '/stet/psd2/v1.4.2/accounts/card-1/transactions' },
      },
    });
    accounts.response.content.text = JSON.stringify(list);
    transactions.response.content.text = transactions.response.content.text.replace('"42.00"', '"123.45"');
    const path = join(dir, 'card-in-amount.har');
    writeFileSync(path, serializeHar(har));
    const result = await run('check', path);
    expect(result.stdout).not.toContain('AIS-TRX-AMOUNT-STRING');
    expect(result.code).toBe(0);
    // What `record` writes of the same exchanges keeps the amount and hides the card number.
    const written = finishRecording(har.log.entries, { redact: true, toolVersion: '0' });
    const text = serializeHar(written.har);
    expect(text).toContain('123.45');
    expect(text).not.toContain('"identification\\":\\"123\\"');
    expect(text).toContain('REDACTED-PSU-ID-');
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
