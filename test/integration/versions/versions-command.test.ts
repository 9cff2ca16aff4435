import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../../cli/main.ts';
import { parseReport } from '../../../harness/report/json-report.ts';
import type { RunReport } from '../../../harness/report/model.ts';
import { startReference, type RunningReference } from '../../../reference-aspsp/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'stet-versions-'));
const calendar = join(dir, 'calendar.yaml');
writeFileSync(calendar, '# v1.4.2 on the live gateway\nv1.4.2: 2026-01-01\n', 'utf8');

async function versions(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const text = (chunk: string | Uint8Array): string =>
    typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += text(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += text(chunk);
    return true;
  });
  process.exitCode = undefined;
  try {
    const code = await main(['node', 'stet-harness', 'versions', ...args]);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
    process.exitCode = undefined;
  }
}

function report(out: string): RunReport {
  return parseReport(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')));
}

/** `version: status [tags]` of every result of one institution. */
function cells(r: RunReport, institution: string): string[] {
  return r.results
    .filter((result) => result.institution === institution)
    .map((result) => `${result.version}: ${result.status} ${(result.tags ?? []).join(',')}`);
}

describe('stet-harness versions against the embedded reference', () => {
  it('exits 0 when v1 is refused from T0 + 3 months and v1.4.2 and v1.6.2 are served', async () => {
    const out = join(dir, 'after');
    const result = await versions('--calendar', calendar, '--at', '2026-04-02', '--out', out);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^v1 +1\.4\.0\.47 +not announced +2026-01-01 +2026-04-01 +gone +decommissioned$/m,
    );
    const r = report(out);
    expect(r.summary).toMatchObject({ total: 9, passed: 9 });
    for (const code of ['10101', '20202', '30303']) {
      expect(cells(r, code)).toEqual([
        'v1: passed calendar:decommissioned',
        'v1.4.2: passed calendar:served',
        'v1.6.2: passed calendar:served',
      ]);
    }
    const v1 = r.results.find((result) => result.version === 'v1');
    expect(v1?.rules.map((rule) => rule.id)).toEqual(['VER-DECOMMISSION-T0-3M']);
    expect(v1?.steps[0]?.message).toBe('v1 is gone, decommissioned from 2026-04-01');
    for (const file of ['junit.xml', 'report.html'])
      expect(readFileSync(join(out, file), 'utf8')).toContain('VER-');
  }, 90_000);

  it('exits 1 when the reference keeps serving v1 after its decommission date (fault)', async () => {
    const out = join(dir, 'fault');
    const result = await versions(
      '--calendar',
      calendar,
      '--at',
      '2026-04-02',
      '--fault',
      'version-not-decommissioned',
      '--out',
      out,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      'v1 is still served on 2026-04-02, decommissioned from 2026-04-01 (T0 2026-01-01 + 3 months)',
    );
    const failed = report(out).results.filter((r) => r.status === 'failed');
    expect(failed.map((r) => `${r.version}@${r.institution}`)).toEqual(['v1@10101', 'v1@20202', 'v1@30303']);
    expect(failed[0]?.failure).toMatchObject({
      expected: 'gone (decommissioned from 2026-04-01)',
      actual: 'served (401 invalid_token)',
    });
    // Failed cases keep their transcript: the probe that was answered.
    expect(failed[0]?.steps[0]?.transcript[0]?.request.url).toBe(
      'https://api-10101.psd2.groupbank.example/stet/psd2/v1/accounts',
    );
  }, 90_000);

  it('reports v1 as announced and served on 2026-03-31, the day before', async () => {
    const out = join(dir, 'before');
    const result = await versions('--calendar', calendar, '--at', '2026-03-31', '--out', out);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^v1 +1\.4\.0\.47 +not announced +2026-01-01 +2026-04-01 +1 +announced$/m);
    expect(cells(report(out), '10101')).toEqual([
      'v1: passed calendar:announced',
      'v1.4.2: passed calendar:served',
      'v1.6.2: passed calendar:served',
    ]);
  }, 90_000);

  it('exits 2 with a clear message for a bad calendar file, before starting anything', async () => {
    const bad = join(dir, 'bad-calendar.yaml');
    writeFileSync(bad, 'v1.4.2: 2026-13-01\n', 'utf8');
    const result = await versions('--calendar', bad);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `error ERR_CALENDAR_INVALID: ${bad}: v1.4.2 must be a calendar date YYYY-MM-DD or null, got "2026-13-01"`,
    );
    expect(result.stderr).toContain('hint: A calendar file maps versions to live dates');
    expect(result.stdout).toBe('');
  });

  it('exits 2 for a missing calendar file and for an --at that is no date', async () => {
    const missing = await versions('--calendar', join(dir, 'nowhere.yaml'));
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('ERR_CALENDAR_UNREADABLE')]);
    const at = await versions('--at', '2026-02-30');
    expect([at.code, at.stderr]).toEqual([
      2,
      expect.stringContaining('ERR_VERSIONS_OPTION: --at 2026-02-30'),
    ]);
  });
});

describe('stet-harness versions against a target file', () => {
  let reference: RunningReference;
  let target: string;
  beforeAll(async () => {
    reference = await startReference({
      store: { kind: 'memory' },
      calendar: { 'v1.4.2': '2026-01-01' },
      clock: '2026-04-02T08:00:00Z',
      log: () => undefined,
    });
    const { info } = reference;
    const tpp = info.tpp;
    target = join(dir, 'target.yaml');
    writeFileSync(
      target,
      `name: reference with its own calendar
baseUrl: https://api-<institution_code>.psd2.groupbank.example
connect: 127.0.0.1:${reference.port}
ca: ${info.ca}
versions: [v1, v1.4.2, v1.6.2]
institutions: [{ code: '10101' }, { code: '30303' }]
tpp:
  clientId: ${tpp.clientId}
  qwac: { cert: ${tpp.qwacCert}, key: ${tpp.qwacKey} }
  qseal: { key: ${tpp.qsealKey}, cert: ${tpp.qsealCert}, keyId: ${tpp.keyId} }
  redirectUri: ${tpp.redirectUri}
`,
      'utf8',
    );
  }, 60_000);
  afterAll(async () => reference.close());

  it('exits 0 when the target follows the calendar it is given', async () => {
    const result = await versions('--target', target, '--calendar', calendar, '--at', '2026-04-02');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('6 results: 6 passed');
  });

  it('exits 1 when the target dropped v1 although the calendar announces nothing', async () => {
    const result = await versions('--target', target, '--at', '2026-04-02');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('v1 is gone on 2026-04-02 although no decommissioning is announced');
    // One line per failing case, its cells summarised (the details are in the reports).
    expect(result.stdout).toContain('✗ versions/deprecation-calendar [v1 × every institution: 2 of 6 cells]');
  });

  it('refuses --fault with a target file', async () => {
    const result = await versions('--target', target, '--fault', 'version-not-decommissioned');
    expect([result.code, result.stderr]).toEqual([2, expect.stringContaining('ERR_VERSIONS_OPTION')]);
  });
});
