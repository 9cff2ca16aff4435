import { describe, expect, it } from 'vitest';
import { KpiRecorder, type AnswerRecord } from '../../../load/kpi-recorder.ts';

function answer(fields: Partial<AnswerRecord>): AnswerRecord {
  return {
    institution: '10101',
    endpoint: 'GET /accounts',
    traffic: 'batch',
    status: 200,
    code: undefined,
    latencyMs: 10,
    outcome: 'ok',
    atMs: 100,
    ...fields,
  };
}

describe('KpiRecorder', () => {
  it('gives nearest-rank percentiles, availability and throughput per endpoint and institution', () => {
    const kpis = new KpiRecorder();
    for (let ms = 1; ms <= 100; ms += 1) kpis.record(answer({ latencyMs: ms }));
    kpis.record(
      answer({ institution: '20202', status: 503, code: 'INTS', outcome: 'failure', latencyMs: 5 }),
    );
    const total = kpis.total(2000);
    expect(total).toMatchObject({ requests: 101, failures: 1, serverErrors: 1, codes: { INTS: 1 } });
    expect(total.availability).toBeCloseTo(100 / 101);
    expect(total.throughput).toBeCloseTo(50.5);
    const [alpha, beta] = kpis.endpoints(2000);
    expect(alpha?.latency).toMatchObject({ p50: 50, p95: 95, p99: 99, max: 100 });
    expect(beta).toMatchObject({ institution: '20202', requests: 1, statuses: { '503': 1 } });
    expect(kpis.endpoint('GET /accounts', 2000)?.requests).toBe(101);
    expect(kpis.endpoint('GET /owners', 2000)).toBeUndefined();
  });

  it('keeps quota refusals apart from failures and leaves warm-up answers out of every figure', () => {
    const kpis = new KpiRecorder();
    kpis.record(answer({ status: 429, code: 'TMRQ', outcome: 'quota-refusal' }));
    kpis.record(answer({ atMs: -5, latencyMs: 900 }));
    kpis.record(answer({ atMs: 1500, latencyMs: 30 }));
    expect(kpis.total(2000)).toMatchObject({ requests: 2, quotaRefusals: 1, failures: 0, ok: 1 });
    expect(kpis.total(2000).latency.max).toBe(30);
    expect(kpis.warmUpAnswers).toBe(1);
    expect(kpis.timeline().map((p) => p.requests)).toEqual([1, 1]);
  });
});

describe('KpiRecorder timeline', () => {
  it('counts 429s per second and keeps batch and PSU-present traffic apart', () => {
    const kpis = new KpiRecorder();
    kpis.record(answer({ status: 429, code: 'TMRQ', outcome: 'quota-refusal', latencyMs: 5 }));
    kpis.record(answer({ latencyMs: 40 }));
    kpis.record(answer({ traffic: 'psu-present', latencyMs: 7 }));
    kpis.record(answer({ traffic: 'psu-present', atMs: 1200, latencyMs: 9 }));
    const [first, second] = kpis.timeline();
    expect(first).toMatchObject({
      requests: 3,
      tooMany: 1,
      batch: { requests: 2, p95: 40 },
      psuPresent: { requests: 1, p95: 7 },
    });
    expect(second).toMatchObject({ tooMany: 0, batch: { requests: 0 }, psuPresent: { requests: 1, p95: 9 } });
  });
});
