import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServeInfo, runSuites, specRuleCatalogue, targetFromServeInfo } from '../../../harness/index.ts';
import type { CaseResult } from '../../../harness/report/model.ts';
import { parseSuite } from '../../../harness/suite/load-suite.ts';
import { startReference } from '../../../reference-aspsp/index.ts';
import { schemaValidator } from '../../../spec/lib/index.ts';

// A reference accepting a scope in the code form: a deviation from a choice only.
const suite = `suite: advisory-demo
title: Advisory findings and what follows them
versions: [v1.6.2]
roles: [aisp]
cases:
  - id: choice-only
    title: only the choice is broken
    rules: [TOK-NO-SCOPE-IN-CODE-FORM, TOK-CODE-FORM-FIELDS]
    given: { institutions: ['10101'] }
    steps:
      - journey: consent
        rules: [TOK-CODE-FORM-FIELDS]
      - name: exchange sending scope
        rules: [TOK-NO-SCOPE-IN-CODE-FORM]
        token: { grant: exchange, scope: aisp }
        expect: { status: 400, error: invalid_request }
      - name: the token of that exchange works
        rules: [TOK-CODE-FORM-FIELDS]
        request: { path: '/stet/psd2/{{version}}/accounts' }
        expect: { status: 200 }
  - id: seed-after-choice
    title: a seed check after an advisory step still fails the case
    rules: [TOK-NO-SCOPE-IN-CODE-FORM, TOK-CODE-FORM-FIELDS]
    given: { institutions: ['10101'] }
    steps:
      - journey: consent
        rules: [TOK-CODE-FORM-FIELDS]
      - name: exchange sending scope
        rules: [TOK-NO-SCOPE-IN-CODE-FORM]
        token: { grant: exchange, scope: aisp }
        expect: { status: 400, error: invalid_request }
      - name: a seed expectation the reference does not meet
        rules: [TOK-CODE-FORM-FIELDS]
        request: { path: '/stet/psd2/{{version}}/accounts' }
        expect: { status: 201 }
  - id: media-type-of-our-own
    title: a refusal in another media type than expected is advisory
    rules: [AIS-ACC-NOT-CONSENTED-NGAC]
    given: { institutions: ['10101'], login: true }
    steps:
      - name: the code is right, the media type asked for is not the answer's
        request: { path: '/stet/psd2/{{version}}/end-user-identity' }
        expect: { status: 403, error: NGAC, headers: { content-type: { matches: '^application/xml' } } }
  - id: refusal-expected
    title: a success where a refusal of the seed's code is expected is a failure
    rules: [AIS-ACC-NOT-CONSENTED-NGAC]
    given: { institutions: ['10101'], login: true }
    steps:
      - request: { path: '/stet/psd2/{{version}}/accounts' }
        expect: { status: 403, error: NGAC }
`;

const pkiDir = mkdtempSync(join(tmpdir(), 'advisory-case-'));
let results: CaseResult[];

beforeAll(async () => {
  const reference = await startReference({
    port: 0,
    store: { kind: 'memory' },
    pkiDir,
    faults: ['code-form-scope-accepted'],
    log: () => undefined,
  });
  try {
    const { report } = await runSuites({
      suites: [parseSuite('advisory-demo.yaml', suite, specRuleCatalogue)],
      target: targetFromServeInfo(parseServeInfo(reference.info), { name: 'faulty reference' }),
      reporter: { onRunEnd: async () => undefined },
      schemas: schemaValidator,
      tool: { name: 'stet-harness', version: 'test' },
    });
    results = report.results;
  } finally {
    await reference.close();
  }
}, 120_000);

afterAll(() => rmSync(pkiDir, { recursive: true, force: true }));

const result = (id: string): CaseResult | undefined => results.find((r) => r.case === id);

describe('a case with an advisory step', () => {
  it('is advisory when only the choice does not hold, and goes on to its next steps', () => {
    const choice = result('choice-only');
    expect(choice?.status).toBe('advisory');
    expect(choice?.steps.map((s) => s.status).slice(-2)).toEqual(['advisory', 'passed']);
    expect(choice?.failure?.message).toContain('exchange sending scope');
  });

  it('fails when a seed check after the advisory step does not hold', () => {
    const mixed = result('seed-after-choice');
    expect(mixed?.status).toBe('failed');
    expect(mixed?.failure?.message).toContain('a seed expectation the reference does not meet');
    expect(mixed?.steps.map((s) => s.status).slice(-2)).toEqual(['advisory', 'failed']);
  });

  it('judges a media type check by TRN-JSON-RESPONSES (a choice) and names that rule', () => {
    const media = result('media-type-of-our-own');
    expect(media?.status).toBe('advisory');
    expect(media?.rules.map((r) => r.id)).toContain('TRN-JSON-RESPONSES');
  });

  it('fails a success where the seed refuses, whatever status or code the suite chose', () => {
    expect(result('refusal-expected')?.status).toBe('failed');
  });
});
