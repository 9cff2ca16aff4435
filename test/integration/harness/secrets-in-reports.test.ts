import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServeInfo, parseSuite, runSuites, targetFromServeInfo } from '../../../harness/index.ts';
import { filesReporter } from '../../../harness/report/write-reports.ts';
import { SecretSet, type SecretKind } from '../../../harness/report/secret-set.ts';
import { startReference, type RunningReference } from '../../../reference-aspsp/index.ts';
import { getRule, schemaValidator } from '../../../spec/lib/index.ts';

/** Keeps every value the engine registers, to look for it in the written reports. */
class RecordingSecrets extends SecretSet {
  readonly seen: Array<{ kind: SecretKind; value: string }> = [];
  override add(kind: SecretKind, value: string): string | undefined {
    this.seen.push({ kind, value });
    return super.add(kind, value);
  }
}

// Failing expectations put the token and the code into expected/actual on purpose: the reports must
// still show placeholders only.
const suite = `suite: secrets
title: Secrets stay out of reports
versions: [v1.4.2]
roles: [aisp]
cases:
  - id: token-in-actual
    title: A failing check whose actual value is the access token
    rules: [TOK-RESPONSE-FIELDS]
    steps:
      - journey: consent
      - token: exchange
        expect:
          json:
            - path: $.access_token
              equals: not-the-token
  - id: code-in-expected
    title: A failing check whose expected value is the authorization code
    rules: [TOK-REDIRECT-WITH-CODE]
    given: { login: true }
    steps:
      - request:
          path: /stet/psd2/{{version}}/accounts
        expect:
          headers:
            x-request-id: '{{code}}'
  - id: token-passing
    title: A passing case whose exchanges carry the token too
    rules: [TOK-RESPONSE-FIELDS]
    steps:
      - journey: consent
      - token: exchange
        expect:
          status: 200
`;

describe('secrets in reports', () => {
  let reference: RunningReference;
  beforeAll(async () => {
    reference = await startReference({
      port: 0,
      store: { kind: 'memory' },
      mode: 'sandbox',
      log: () => undefined,
    });
  });
  afterAll(async () => {
    await reference.close();
  });

  it('writes no token, code, OTP or key in clear in junit.xml, report.json or report.html', async () => {
    const out = mkdtempSync(join(tmpdir(), 'stet-secrets-'));
    const secrets = new RecordingSecrets();
    const target = targetFromServeInfo(parseServeInfo(reference.info));
    const { report } = await runSuites({
      suites: [parseSuite('secrets.yaml', suite, { has: (id) => getRule(id) !== undefined })],
      target: { ...target, institutions: target.institutions.slice(0, 1) },
      reporter: filesReporter({ outDir: out, transcripts: 'all' }),
      schemas: schemaValidator,
      tool: { name: 'stet-harness', version: 'test' },
      secrets,
      transcripts: 'all',
    });
    expect(report.summary.failed).toBe(2);
    expect(report.summary.passed).toBe(1);
    const passing = report.results.find((r) => r.case === 'token-passing');
    expect(passing?.steps.some((step) => step.transcript.length > 0)).toBe(true);
    const kinds = new Set(secrets.seen.map((s) => s.kind));
    for (const kind of ['access_token', 'refresh_token', 'code', 'otp', 'private_key'] as const)
      expect(kinds).toContain(kind);
    const files = ['junit.xml', 'report.json', 'report.html'].map((f) => readFileSync(join(out, f), 'utf8'));
    for (const text of files) {
      for (const { kind, value } of secrets.seen) {
        expect(text.includes(value), `${kind} in clear`).toBe(false);
      }
      expect(text).toContain('redacted:access_token');
    }
    const json = files[1] ?? '';
    expect(json).toContain('redacted:code');
  }, 60_000);

  it('keeps the exchanges of failed cases only, unless asked for all', async () => {
    const target = targetFromServeInfo(parseServeInfo(reference.info));
    const { report } = await runSuites({
      suites: [parseSuite('secrets.yaml', suite, { has: (id) => getRule(id) !== undefined })],
      target: { ...target, institutions: target.institutions.slice(0, 1) },
      reporter: { onRunEnd: async () => undefined },
      schemas: schemaValidator,
      tool: { name: 'stet-harness', version: 'test' },
    });
    const byCase = new Map(report.results.map((r) => [r.case, r]));
    const passing = byCase.get('token-passing');
    expect(passing?.status).toBe('passed');
    expect(passing?.steps.length).toBeGreaterThan(1);
    expect(passing?.steps.every((step) => step.transcript.length === 0 && step.curl === undefined)).toBe(
      true,
    );
    const failed = byCase.get('token-in-actual');
    expect(failed?.status).toBe('failed');
    expect(failed?.steps.some((step) => step.transcript.length > 0)).toBe(true);
  }, 60_000);
});
