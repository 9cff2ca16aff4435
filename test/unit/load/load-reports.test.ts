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
    { second: 0, requests: 4, failures: 0, p50: 10, p95: 20 },
    { second: 1, requests: 6, failures: 1, p50: 12, p95: 48 },
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
    expect(html).toMatch(/<polyline[^>]*points="[\d.]+,[\d.]+ [\d.]+,[\d.]+"><title>p95<\/title>/);
    expect(html).toContain('BAD-NEVER-5XX');
    expect(html).toContain('Thresholds broken or findings under load');
    expect(html).toContain('whose 3 answers were judged but are not in the figures');
  });
});
