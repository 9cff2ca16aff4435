import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli as run } from '../traffic/run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'load-command-'));
const fixture = new URL('../../unit/traffic/fixtures/ais-session.har', import.meta.url).pathname;

// Short runs at one institution: enough for the batch PSUs to reach their fifth access of the day.
const batch = [
  'load',
  '--scenario',
  'nightly-batch',
  '--institution',
  '10101',
  '--duration',
  '3s',
  '--warm-up',
  '0',
];

describe('stet-harness load', () => {
  it('exits 0 against the embedded reference and writes the JSON, HTML and JUnit reports', async () => {
    const out = join(dir, 'ok');
    const result = await run(...batch, '--threshold', '5xx=0', '--threshold', 'errors<1%', '--out', out);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(out, 'load-report.json'), 'utf8')) as {
      verdict: string;
      total: { requests: number; quotaRefusals: number };
      findings: unknown[];
    };
    expect(report.verdict).toBe('passed');
    expect(report.findings).toEqual([]);
    // The fifth batch access of the day was refused, and counted apart from failures.
    expect(report.total.quotaRefusals).toBeGreaterThan(0);
    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    const thresholds = /<testsuite name="thresholds"[^>]*>([\s\S]*?)<\/testsuite>/.exec(junit)?.[1] ?? '';
    expect(thresholds.match(/<testcase /g)).toHaveLength(2);
    expect(readFileSync(join(out, 'load-report.html'), 'utf8')).toContain('<svg ');
  }, 120_000);

  it('exits 1 naming the quota rule when the reference lets a fifth batch call through', async () => {
    const out = join(dir, 'fault');
    const result = await run(...batch, '--fault', 'fifth-batch-call-allowed', '--out', out);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('QTA-EXCEEDED-TMRQ');
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toMatch(/<failure message="[^"]*QTA-EXCEEDED-TMRQ/);
  }, 120_000);

  it('exits 2 on a malformed threshold before starting anything', async () => {
    const result = await run('load', '--threshold', 'p95<fast', '--out', join(dir, 'never'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ERR_LOAD_THRESHOLD_INVALID');
    expect(existsSync(join(dir, 'never'))).toBe(false);
  });
});

describe('stet-harness har2k6', () => {
  it('writes a k6 TypeScript script of the recording with its thresholds', async () => {
    const script = join(dir, 'recording.ts');
    const result = await run('har2k6', fixture, '--out', script, '--p95', '300', '--vus', '2');
    expect(result.code, result.stderr).toBe(0);
    const text = readFileSync(script, 'utf8');
    expect(text).toContain("import { request } from 'k6/http';");
    expect(text).toContain('"p(95)<300"');
    expect(text).toContain('"name": "recording-10101"');
  });

  it('exits 2 for an empty recording and writes no script', async () => {
    const empty = join(dir, 'empty.har');
    writeFileSync(
      empty,
      JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [] } }),
    );
    const script = join(dir, 'empty.ts');
    const result = await run('har2k6', empty, '--out', script);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ERR_HAR_NOT_STET');
    expect(existsSync(script)).toBe(false);
  });

  it('exits 2 on a bad --vus', async () => {
    const result = await run('har2k6', fixture, '--out', join(dir, 'x.ts'), '--vus', '0');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ERR_LOAD_OPTION');
  });
});
