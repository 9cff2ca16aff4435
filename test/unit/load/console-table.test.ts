import { describe, expect, it } from 'vitest';
import type { Kpi } from '../../../load/kpi-recorder.ts';
import type { LoadReport } from '../../../load/load-report.ts';
import { endpointTable } from '../../../load/report/console-table.ts';

function kpi(fields: Partial<Kpi>): Kpi {
  return {
    requests: 100,
    ok: 100,
    quotaRefusals: 0,
    failures: 0,
    serverErrors: 0,
    availability: 1,
    latency: { p50: 10, p90: 20, p95: 30, p99: 40, max: 50, avg: 12 },
    throughput: 50,
    statuses: { '200': 100 },
    codes: {},
    ...fields,
  };
}

const report: LoadReport = {
  tool: { name: 'stet-harness', version: '0' },
  target: { name: 't', baseUrl: 'https://x' },
  scenario: { name: 'mix', title: 'Mix' },
  startedAt: '2026-03-10T10:00:00.000Z',
  finishedAt: '2026-03-10T10:00:02.000Z',
  durationMs: 2000,
  warmUp: { durationMs: 0, answers: 0 },
  parts: [],
  total: kpi({ requests: 300, failures: 3, throughput: 150 }),
  endpoints: [
    { ...kpi({}), endpoint: 'GET /accounts', institution: '10101' },
    {
      ...kpi({
        failures: 3,
        throughput: 12.345,
        latency: { p50: 101.25, p90: 1, p95: 250.5, p99: 999.9, max: 1000, avg: 1 },
      }),
      endpoint: 'GET /accounts/{accountResourceId}/balances',
      institution: '10101',
    },
  ],
  timeline: [],
  thresholds: [
    {
      threshold: 'GET /accounts p95<100ms',
      endpoint: 'GET /accounts',
      passed: true,
      actual: 30,
      message: '',
    },
    {
      threshold: 'GET /accounts/{accountResourceId}/balances p99<500ms',
      endpoint: 'GET /accounts/{accountResourceId}/balances',
      passed: false,
      actual: 999.9,
      message: '',
    },
    { threshold: 'errors<0.5%', endpoint: undefined, passed: false, actual: 0.01, message: '' },
    { threshold: '5xx=0', endpoint: undefined, passed: true, actual: 0, message: '' },
  ],
  findings: [],
  verdict: 'failed',
};

describe('the end-of-run console table', () => {
  const lines = endpointTable(report).split('\n');

  it('has one row per endpoint and institution, named, then a row for all traffic', () => {
    expect(lines[0]).toMatch(
      /^endpoint\s+institution\s+req\/s\s+p50 ms\s+p95 ms\s+p99 ms\s+errors\s+thresholds$/,
    );
    expect(lines).toHaveLength(6);
    expect(lines[2]).toMatch(/^GET \/accounts\s+10101\s/);
    expect(lines[5]).toMatch(/^all traffic\s/);
  });

  it('gives the rate, p50/p95/p99 and errors of each row, numbers aligned on the right', () => {
    expect(lines[3]).toMatch(/\s12\.3\s+101\.3\s+250\.5\s+999\.9\s+3 \(3\.00%\)\s/);
    expect(lines[2]).toMatch(/\s50\.0\s+10\.0\s+30\.0\s+40\.0\s+0 \(0\.00%\)\s/);
    expect(lines[5]).toMatch(/\s150\.0\s.*\s3 \(1\.00%\)\s/);
    const p99End = (line: string | undefined): number => (line ?? '').indexOf('999.9') + 5;
    expect((lines[2] ?? '').lastIndexOf('40.0') + 4).toBe(p99End(lines[3]));
  });

  it('gives each row the verdict of its own thresholds, the run’s on the last row', () => {
    expect(lines[2]).toMatch(/kept 1$/);
    expect(lines[3]).toMatch(/BROKEN GET \/accounts\/\{accountResourceId\}\/balances p99<500ms$/);
    expect(lines[5]).toMatch(/BROKEN errors<0\.5%$/);
  });

  it('says "-" for a row without a threshold', () => {
    const bare = endpointTable({ ...report, thresholds: [] }).split('\n');
    expect(bare[2]).toMatch(/\s-$/);
    expect(bare[5]).toMatch(/\s-$/);
  });
});
