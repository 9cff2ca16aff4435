import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isCodedError } from '../../../../lib/coded-error.ts';
import { credentialFields } from '../../../../protocol/secret-fields.ts';
import { redactBody, redactUrl } from '../../../../harness/report/redact.ts';
import { findSecretLeaks } from '../../../../harness/report/secret-scan.ts';
import { SecretSet } from '../../../../harness/report/secret-set.ts';
import { writeReports } from '../../../../harness/report/write-reports.ts';
import { rawReport } from './fixture.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('credential fields in reports', () => {
  it('hides registration_access_token in a JSON body (RFC 7592)', () => {
    const body = '{"client_id":"abc","registration_access_token":"G25_q4D602vfnZMPZzbG"}';
    const redacted = redactBody(body, new SecretSet());
    expect(redacted).not.toContain('G25_q4D602vfnZMPZzbG');
    expect(redacted).toContain('"client_id":"abc"');
  });

  it('hides every credential field of the shared list in a form and in a URL', () => {
    for (const name of credentialFields.keys()) {
      const secret = `s3cr3t-${name}-value`;
      expect(redactBody(`a=1&${name}=${secret}`, new SecretSet()), name).not.toContain(secret);
      expect(redactUrl(`https://bank.example/cb?${name}=${secret}`, new SecretSet()), name).not.toContain(
        secret,
      );
    }
  });

  it('keeps a sandbox revoke-token body and a transaction code readable', () => {
    const body = '{"token":"access","code":"PMNT-ICDT-ESCT"}';
    expect(redactBody(body, new SecretSet())).toBe(body);
  });
});

describe('the report secret scan', () => {
  it('finds a credential field in clear, also JSON-escaped inside a transcript body', () => {
    const text = JSON.stringify({ body: '{"registration_access_token":"G25_q4D602vfnZMPZzbG"}' });
    expect(findSecretLeaks(text).map((leak) => leak.field)).toEqual(['registration_access_token']);
  });

  it('finds a form field in clear in an HTML report', () => {
    expect(
      findSecretLeaks('<pre>grant_type=x&amp;refresh_token=abcdef123</pre>').map((l) => l.field),
    ).toEqual(['refresh_token']);
  });

  it('accepts placeholders, raw, HTML-escaped and percent-encoded', () => {
    const text = [
      '"access_token":"<redacted:access_token#1>"',
      '\\"refresh_token\\":\\"<redacted:refresh_token#1>\\"',
      'code=&lt;redacted:code#2&gt;',
      '?code=%3Credacted:code%231%3E',
    ].join('\n');
    expect(findSecretLeaks(text)).toEqual([]);
  });

  it('finds a registered secret anywhere', () => {
    const secrets = new SecretSet();
    secrets.add('otp', '48151623');
    expect(findSecretLeaks('journey failed after 48151623', secrets)).toHaveLength(1);
    expect(findSecretLeaks('journey failed', secrets)).toHaveLength(0);
  });

  it('refuses to write a report that would hold a credential (ERR_REPORT_SECRET_LEAK) and writes no file', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'stet-scan-'));
    dirs.push(outDir);
    let caught: unknown;
    try {
      // A credential in a free-text message, where no structural rule looks and no secret was registered.
      const report = rawReport();
      const [first, ...rest] = report.results;
      if (first === undefined) throw new Error('the fixture has no result');
      const leaking = { ...first, failure: { message: 'token endpoint said refresh_token=zz9-unseen-1234' } };
      await writeReports({ ...report, results: [leaking, ...rest] }, { outDir, formats: ['json'] });
    } catch (error) {
      caught = error;
    }
    expect(isCodedError(caught, 'ERR_REPORT_SECRET_LEAK')).toBe(true);
    expect(await readdir(outDir)).toEqual([]);
  });
});
