import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli as run } from '../traffic/run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'load-stages-'));

interface Report {
  verdict: string;
  durationMs: number;
  aborted?: { atMs: number; threshold: string; message: string };
  parts: Array<{ rate?: number; stages?: Array<{ durationMs: number; rate: number }>; durationMs: number }>;
  total: { requests: number };
  timeline: Array<{ second: number; requests: number; psuPresent: { requests: number } }>;
}

function report(out: string): Report {
  return JSON.parse(readFileSync(join(out, 'load-report.json'), 'utf8')) as Report;
}

// PSU-present reads at one institution on loopback, two connections: bounded by the stages' rates.
const reads = join(dir, 'ramped-reads.yaml');
writeFileSync(
  reads,
  [
    'scenario: ramped-reads',
    'title: Ramped reads',
    'role: aisp',
    'psuConnected: true',
    'psus: 2',
    'connections: 2',
    'stages: [{ duration: 0s, rate: 4 }, { duration: 3s, rate: 16 }]',
    'steps:',
    '  - request: { path: /accounts }',
    '    follow: [balances]',
    "thresholds: ['5xx=0', 'errors<1%']",
    '',
  ].join('\n'),
);

describe('stet-harness load with stages and --abort-on-fail', () => {
  it('follows the stages on loopback: the run lasts as long as they do and its rate climbs with them', async () => {
    const out = join(dir, 'stages');
    const result = await run(
      'load',
      '--scenario',
      reads,
      '--institution',
      '10101',
      '--warm-up',
      '0',
      '--out',
      out,
    );
    expect(result.code, result.stderr).toBe(0);
    const r = report(out);
    expect(r.parts[0]).toMatchObject({
      stages: [
        { durationMs: 0, rate: 4 },
        { durationMs: 3000, rate: 16 },
      ],
      durationMs: 3000,
    });
    // Not --duration's 30 s default: the stages' 3 s.
    expect(r.durationMs).toBeGreaterThan(2900);
    expect(r.durationMs).toBeLessThan(6000);
    // 4 → 16 requests/s over 3 s plans 30 requests; autocannon's per-second windows give some slack.
    expect(r.total.requests).toBeGreaterThan(10);
    expect(r.total.requests).toBeLessThanOrEqual(60);
    const [first, , third] = r.timeline;
    expect(third?.requests ?? 0).toBeGreaterThan(first?.requests ?? 0);
    expect(r.timeline.every((p) => p.psuPresent.requests === p.requests)).toBe(true);
    // The end-of-run table names the endpoints with their figures and verdicts.
    expect(result.stderr).toMatch(
      /^endpoint\s+institution\s+req\/s\s+p50 ms\s+p95 ms\s+p99 ms\s+errors\s+thresholds$/m,
    );
    expect(result.stderr).toMatch(
      /^GET \/accounts\s+10101\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+0 \(0\.00%\)\s+-$/m,
    );
    expect(result.stderr).toMatch(/^all traffic\s.*kept 2$/m);
  }, 120_000);

  it('stops as soon as a threshold breaks and exits 1, saying which and when', async () => {
    const out = join(dir, 'abort');
    const started = Date.now();
    const result = await run(
      'load',
      '--scenario',
      reads,
      '--institution',
      '10101',
      '--warm-up',
      '0',
      '--rate',
      '8',
      '--duration',
      '60s',
      '--threshold',
      'p50<0.001ms',
      '--abort-on-fail',
      '--out',
      out,
    );
    expect(result.code).toBe(1);
    const r = report(out);
    expect(r.aborted).toMatchObject({ threshold: 'p50<0.001ms' });
    expect(r.aborted?.atMs).toBeGreaterThanOrEqual(1000);
    expect(r.durationMs).toBeLessThan(5000);
    expect(r.verdict).toBe('failed');
    expect(result.stderr).toMatch(/ABORTED after \d+\.\d s \(--abort-on-fail\): .* breaks p50<0\.001ms/);
    expect(readFileSync(join(out, 'load-report.html'), 'utf8')).toContain('Aborted after');
    // Far from the 60 s asked for, set-up included.
    expect(Date.now() - started).toBeLessThan(45_000);
  }, 120_000);
});
