import { describe, expect, it } from 'vitest';
import type { LoadReport } from '../../../load/load-report.ts';
import { loadHtml } from '../../../load/report/html-report.ts';
import { loadJunit } from '../../../load/report/junit-report.ts';

const kpi = {
  requests: 10,
  ok: 8,
  quotaRefusals: 1,
  failures: 1,
  serverErrors: 1,
  availability: 0.9,
  latency: { p50: 10, p90: 20, p95: 30, p99: 40, max: 50, avg: 12 },
  throughput: 5,
  statuses: { '200': 8, '429': 1, '503': 1 },
  codes: { TMRQ: 1 },
};

const report: LoadReport = {
  tool: { name: 'stet-harness', version: '0' },
  target: { name: 't<script>', baseUrl: 'https://api-<institution_code>.x' },
  scenario: { name: 'nightly-batch', title: 'Nightly' },
  startedAt: '2026-03-10T10:00:00.000Z',
  finishedAt: '2026-03-10T10:00:02.000Z',
  durationMs: 2000,
  warmUp: { durationMs: 1000, answers: 3 },
  parts: [],
  total: kpi,
  endpoints: [{ ...kpi, endpoint: 'GET /accounts', institution: '10101' }],
  timeline: [
    {
      second: 0,
      requests: 4,
      failures: 0,
      tooMany: 1,
      p50: 10,
      p95: 20,
      batch: { requests: 3, p95: 18 },
      psuPresent: { requests: 1, p95: 20 },
    },
    {
      second: 1,
      requests: 6,
      failures: 1,
      tooMany: 0,
      p50: 12,
      p95: 48,
      batch: { requests: 2, p95: 30 },
      psuPresent: { requests: 4, p95: 48 },
    },
  ],
  thresholds: [
    {
      threshold: 'p95<300ms',
      endpoint: undefined,
      passed: true,
      actual: 30,
      message: '30.0 ms keeps p95<300ms',
    },
    { threshold: '5xx=0', endpoint: undefined, passed: false, actual: 1, message: '1 breaks 5xx=0' },
  ],
  findings: [
    {
      kind: 'server-error',
      rules: [{ id: 'BAD-NEVER-5XX', title: 'Bad input never causes a 5xx.', section: 'Errors' }],
      institution: '10101',
      endpoint: 'GET /accounts',
      count: 1,
      example: { path: '/stet/psd2/v1.6.2/accounts', status: 503, requestId: 'r1', detail: '503 INTS' },
    },
  ],
  verdict: 'failed',
};

describe('load reports', () => {
  it('write one JUnit test case per threshold, failed when broken, and one per kind of finding', () => {
    const xml = loadJunit(report);
    const thresholds = /<testsuite name="thresholds"[^>]*>([\s\S]*?)<\/testsuite>/.exec(xml)?.[1] ?? '';
    expect(thresholds.match(/<testcase /g)).toHaveLength(2);
    expect(thresholds).toContain('name="5xx=0"');
    expect(thresholds.match(/<failure /g)).toHaveLength(1);
    expect(xml).toMatch(/name="server-error[^"]*"[^>]*><failure message="BAD-NEVER-5XX"/);
    expect(xml).toContain('failures="2"');
  });

  it('draw the charts from the data as inline SVG, with no script and escaped target text', () => {
    const html = loadHtml(report);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('t&lt;script&gt;');
    expect(html.match(/<svg /g)).toHaveLength(3);
    // The p95 line of the timeline goes through both seconds.
    expect(html).toMatch(/<polyline[^>]*points="[\d.]+,[\d.]+ [\d.]+,[\d.]+"><title>p95, all<\/title>/);
    expect(html).toContain('BAD-NEVER-5XX');
    expect(html).toContain('Thresholds broken or findings under load');
    expect(html).toContain('whose 3 answers were judged but are not in the figures');
  });

  it('title every chart, label its axes and name the endpoints beside their bars', () => {
    const html = loadHtml(report);
    const titles = [...html.matchAll(/<text class="chart-title"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(titles).toEqual([
      'Latency per second',
      'Answers per second: batch and PSU-present traffic, failures, 429s',
      'Latency per endpoint and institution',
    ]);
    const axes = [...html.matchAll(/<text class="axis"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(axes).toEqual([
      'seconds since the measured period started',
      'latency (ms)',
      'seconds since the measured period started',
      'answers per second',
      'latency (ms)',
    ]);
    expect(html).toMatch(/<text [^>]*text-anchor="end">GET \/accounts @ 10101<title>/);
  });

  it('plot 429s as their own series, and batch and PSU-present traffic apart', () => {
    const html = loadHtml(report);
    const line = (name: string): string =>
      new RegExp(`points="([^"]*)"><title>${name}</title>`).exec(html)?.[1] ?? '';
    // 1 then 0 answers 429 per second: the line goes down; batch 3 then 2, PSU-present 1 then 4.
    const ys = (name: string): number[] =>
      line(name)
        .split(' ')
        .map((p) => Number(p.split(',')[1]));
    const [tooManyFirst = 0, tooManyThen = 0] = ys('429 Too Many Requests');
    expect(tooManyThen).toBeGreaterThan(tooManyFirst);
    const [batchFirst = 0, batchThen = 0] = ys('batch \\(no PSU-IP-Address\\)');
    expect(batchThen).toBeGreaterThan(batchFirst);
    const [psuFirst = 0, psuThen = 0] = ys('PSU-present');
    expect(psuThen).toBeLessThan(psuFirst);
    expect(html).toContain('<title>p95, batch</title>');
    expect(html).toContain('<title>p95, PSU-present</title>');
  });

  it('leave out the traffic a run did not have, and say when --abort-on-fail stopped it', () => {
    const batchOnly = loadHtml({
      ...report,
      timeline: report.timeline.map((p) => ({ ...p, psuPresent: { requests: 0, p95: 0 } })),
      aborted: { atMs: 2300, threshold: '5xx=0', message: '1 breaks 5xx=0' },
    });
    expect(batchOnly).not.toContain('<title>PSU-present</title>');
    expect(batchOnly).not.toContain('<title>p95, batch</title>');
    expect(batchOnly).toContain('<title>batch (no PSU-IP-Address)</title>');
    expect(batchOnly).toContain('Aborted after 2.3 s (--abort-on-fail): 1 breaks 5xx=0');
  });
});
