import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFreshnessInstitutions } from '../../../cli/selftest/selftest-environments.ts';
import {
  loadSuites,
  parseServeInfo,
  runSuites,
  specRuleCatalogue,
  targetFromServeInfo,
  type Target,
} from '../../../harness/index.ts';
import type { CaseResult } from '../../../harness/report/model.ts';
import { startReference } from '../../../reference-aspsp/index.ts';
import { schemaValidator } from '../../../spec/lib/index.ts';

const suites = loadSuites(['suites/transport/signature-freshness.yaml'], specRuleCatalogue);
const dir = mkdtempSync(join(tmpdir(), 'freshness-suite-'));
const pkiDir = join(dir, 'pki');
let institutionsFile: string;

/** The suite's results against a reference started with `faults` and, unless `shipped`, 10101 checking freshness. */
async function run(options: {
  faults: string[];
  shipped?: boolean;
}): Promise<{ target: Target; results: CaseResult[] }> {
  const reference = await startReference({
    port: 0,
    store: { kind: 'memory' },
    pkiDir,
    faults: options.faults,
    ...(options.shipped === true ? {} : { institutionsFile }),
    log: () => undefined,
  });
  try {
    const target = targetFromServeInfo(parseServeInfo(reference.info), { name: 'reference' });
    const { report } = await runSuites({
      suites,
      target,
      reporter: { onRunEnd: async () => undefined },
      schemas: schemaValidator,
      tool: { name: 'stet-harness', version: 'test' },
    });
    return { target, results: report.results };
  } finally {
    await reference.close();
  }
}

const cells = (results: CaseResult[], institution: string): string[] =>
  results
    .filter((r) => r.institution === institution)
    .map((r) => `${r.case} ${r.version} ${r.status}`)
    .sort();

let clean: { target: Target; results: CaseResult[] };
let faulty: { target: Target; results: CaseResult[] };
let shipped: { target: Target; results: CaseResult[] };

beforeAll(async () => {
  institutionsFile = await writeFreshnessInstitutions(dir);
  clean = await run({ faults: [] });
  faulty = await run({ faults: ['signature-freshness-not-checked'] });
  shipped = await run({ faults: [], shipped: true });
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the signature freshness suite', () => {
  it('reads the option from the start line and signs date and x-request-id where it is on', () => {
    const [alpha, beta] = clean.target.institutions;
    expect(alpha?.signatureFreshness).toEqual({ windowSeconds: 60, replayCache: true });
    expect(alpha?.signatureHeaders).toEqual(['(request-target)', 'digest', 'date', 'x-request-id']);
    expect(beta?.signatureFreshness).toBeUndefined();
    // The set-up's other option: 20202's policy does not sign digest.
    expect(beta?.signatureHeaders).toEqual(['(request-target)']);
  });

  it('passes at the institution checking freshness and is not applicable at the others', () => {
    expect(cells(clean.results, '10101')).toEqual([
      'replayed-signature-refused v1 passed',
      'replayed-signature-refused v1.4.2 passed',
      'replayed-signature-refused v1.6.2 passed',
      'signature-created-within-the-window v1.6.2 passed',
      'signature-date-within-the-window v1 passed',
      'signature-date-within-the-window v1.4.2 passed',
      'signature-date-within-the-window v1.6.2 passed',
    ]);
    const elsewhere = clean.results.filter((r) => r.institution !== '10101');
    expect(elsewhere.map((r) => r.status)).toEqual(elsewhere.map(() => 'not-applicable'));
    expect(elsewhere.find((r) => r.institution === '20202')?.reason).toBe(
      'the target declares no signature freshness (signatureFreshness) at institution 20202',
    );
  });

  it('reports a bank that does not enforce the option as advisory, never failed (the rules are choices)', () => {
    expect(cells(faulty.results, '10101')).toEqual([
      'replayed-signature-refused v1 advisory',
      'replayed-signature-refused v1.4.2 advisory',
      'replayed-signature-refused v1.6.2 advisory',
      'signature-created-within-the-window v1.6.2 advisory',
      'signature-date-within-the-window v1 advisory',
      'signature-date-within-the-window v1.4.2 advisory',
      'signature-date-within-the-window v1.6.2 advisory',
    ]);
    const window = faulty.results.find((r) => r.case === 'signature-date-within-the-window');
    expect(window?.failure?.message).toContain('a Date older than the window');
    const replay = faulty.results.find((r) => r.case === 'replayed-signature-refused');
    expect(replay?.failure?.message).toContain('the same request again');
  });

  it('runs nowhere against the shipped reference, where no institution declares the option', () => {
    expect(shipped.results.every((r) => r.status === 'not-applicable')).toBe(true);
  });
});
