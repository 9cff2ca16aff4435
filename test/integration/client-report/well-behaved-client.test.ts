import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReport, type RunReport } from '../../../harness/report/index.ts';
import { startCli, startServe, stop } from './serve-process.ts';

/**
 * The harness itself as the client: the smoke cases that follow the rules (no deliberate mistake:
 * the code-reuse and quota cases are left out, they break client rules on purpose) and the PISP
 * journey, confirmation and cancellation, against `serve --client-report`.
 */
const wellBehavedRules = [
  'TOK-REDIRECT-WITH-CODE',
  'TOK-CALLBACK-ON-REFUSAL',
  'AIS-ACC-USE-LINKS',
  'AIS-TRX-DATEFROM-INCLUSIVE',
  'PIS-SUCCESS-CALLBACK',
  'PIS-CANCEL',
];

describe('serve --client-report judging the harness as a client', () => {
  let dir: string;
  let report: RunReport;
  let runExit: number | null;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'client-report-harness-'));
    const target = join(dir, 'target.yaml');
    const { process: serve, info } = await startServe([
      '--client-report',
      join(dir, 'reports'),
      '--write-target',
      target,
    ]);
    expect(info).toBeTypeOf('object');
    const run = startCli([
      'run',
      '--target',
      target,
      '--suites',
      'suites/smoke',
      '--suites',
      'suites/pisp',
      '--institution',
      '10101',
      ...wellBehavedRules.flatMap((rule) => ['--rule', rule]),
      '--out',
      join(dir, 'run'),
    ]);
    try {
      runExit = await run.exited;
    } finally {
      expect(await stop(serve), serve.stderr()).toBe(0);
    }
    const file = join(dir, 'reports', 'PSDFR-ACPR-12345', 'report.json');
    report = parseReport(JSON.parse(await readFile(file, 'utf8')));
  }, 240_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('runs the chosen cases green', () => {
    expect(runExit).toBe(0);
  });

  it('gets a clean client report', () => {
    const failed = report.results.filter((r) => !['passed', 'not-applicable'].includes(r.status));
    expect(failed.map((r) => `${r.case}: ${r.failure?.message ?? ''}`)).toEqual([]);
  });

  it('has the signing, link, token and PISP rules exercised and passed', () => {
    const passed = report.results.filter((r) => r.status === 'passed').map((r) => r.case);
    expect(passed).toEqual(
      expect.arrayContaining([
        'CLT-SIGNATURE',
        'CLT-DIGEST',
        'CLT-REQUEST-ID-UNIQUE',
        'CLT-LINKS-NOT-BUILT',
        'CLT-CONSENT-BEFORE-READ',
        'CLT-TOKEN-NO-SCOPE',
        'CLT-REDIRECT-URI-SAME',
        'CLT-CODE-ONCE',
        'CLT-PKCE-S256',
        'CLT-PISP-TOKEN-CONFIRMATION-ONLY',
        'CLT-PISP-STATUS-REQUEST-ID',
      ]),
    );
  });
});
