import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServeInfo, parseSuite, runSuites, targetFromServeInfo } from '../../../harness/index.ts';
import { filesReporter } from '../../../harness/report/write-reports.ts';
import { noFilter } from '../../../harness/runner/run-filter.ts';
import { SecretSet } from '../../../harness/report/secret-set.ts';
import { startReference, type RunningReference } from '../../../reference-aspsp/index.ts';
import { getRule, schemaValidator } from '../../../spec/lib/index.ts';

const registration = resolve(import.meta.dirname, '../../../suites/registration/registration.yaml');

describe('secrets of the registration in reports', () => {
  let reference: RunningReference;
  beforeAll(async () => {
    reference = await startReference({ port: 0, store: { kind: 'memory' }, log: () => undefined });
  });
  afterAll(async () => {
    await reference.close();
  });

  it('writes no registration_access_token in clear in report.json with every transcript kept', async () => {
    const out = mkdtempSync(join(tmpdir(), 'stet-reg-secrets-'));
    const target = targetFromServeInfo(parseServeInfo(reference.info));
    const { report } = await runSuites({
      suites: [
        parseSuite('registration.yaml', readFileSync(registration, 'utf8'), {
          has: (id) => getRule(id) !== undefined,
        }),
      ],
      target: { ...target, institutions: target.institutions.slice(0, 1) },
      filter: { ...noFilter, versions: ['v1.6.2'] },
      reporter: filesReporter({ outDir: out, transcripts: 'all' }),
      schemas: schemaValidator,
      tool: { name: 'stet-harness', version: 'test' },
      secrets: new SecretSet(),
      transcripts: 'all',
    });
    expect(report.summary.passed).toBeGreaterThan(0);
    const json = readFileSync(join(out, 'report.json'), 'utf8');
    const values = [...json.matchAll(/registration_access_token\\?"\s*:\s*\\?"([^"\\]*)/g)].map((m) => m[1]);
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(value).toMatch(/^<redacted:/);
  }, 120_000);
});
