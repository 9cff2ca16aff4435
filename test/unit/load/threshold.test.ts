import { describe, expect, it } from 'vitest';
import { isCodedError } from '../../../lib/coded-error.ts';
import { parseDuration } from '../../../load/duration.ts';
import { evaluateThreshold, parseThreshold, type ThresholdSubject } from '../../../load/threshold.ts';

const subject: ThresholdSubject = {
  requests: 1000,
  latency: { p50: 20, p90: 80, p95: 120, p99: 400, max: 900, avg: 35 },
  failures: 2,
  serverErrors: 1,
  throughput: 50,
};

describe('parseThreshold', () => {
  it('reads latencies in ms or s, shares in % and counts', () => {
    expect(parseThreshold('p95<300ms')).toMatchObject({
      metric: 'p95',
      operator: '<',
      value: 300,
      endpoint: undefined,
    });
    expect(parseThreshold('p99 <= 1.5s')).toMatchObject({ metric: 'p99', operator: '<=', value: 1500 });
    expect(parseThreshold('errors<0.1%').value).toBeCloseTo(0.001);
    expect(parseThreshold('availability>=99.9%').value).toBeCloseTo(0.999);
    expect(parseThreshold('5xx=0')).toMatchObject({ metric: '5xx', operator: '=', value: 0 });
    expect(parseThreshold('rps>50/s')).toMatchObject({ metric: 'rps', operator: '>', value: 50 });
  });

  it('scopes a threshold to one endpoint when it starts with a method and a path', () => {
    expect(parseThreshold('GET /accounts/{accountResourceId}/balances p95<200ms')).toMatchObject({
      endpoint: 'GET /accounts/{accountResourceId}/balances',
      metric: 'p95',
      value: 200,
    });
  });

  it.each(['p95', 'p95<', 'p97<3ms', 'errors<5ms', 'p95<10%', 'availability>120%', '5xx<3ms', 'latency<1s'])(
    'refuses %s with ERR_LOAD_THRESHOLD_INVALID',
    (text) => {
      let thrown: unknown;
      try {
        parseThreshold(text);
      } catch (error) {
        thrown = error;
      }
      expect(isCodedError(thrown, 'ERR_LOAD_THRESHOLD_INVALID')).toBe(true);
    },
  );
});

describe('evaluateThreshold', () => {
  it('keeps a threshold the figures satisfy and breaks one they do not', () => {
    expect(evaluateThreshold(parseThreshold('p95<300ms'), subject).passed).toBe(true);
    expect(evaluateThreshold(parseThreshold('p99<300ms'), subject).passed).toBe(false);
    expect(evaluateThreshold(parseThreshold('errors<0.1%'), subject).passed).toBe(false);
    expect(evaluateThreshold(parseThreshold('errors<0.5%'), subject)).toMatchObject({
      passed: true,
      actual: 0.002,
    });
    expect(evaluateThreshold(parseThreshold('5xx=0'), subject)).toMatchObject({ passed: false, actual: 1 });
    expect(evaluateThreshold(parseThreshold('availability>=99.95%'), subject).passed).toBe(false);
    expect(evaluateThreshold(parseThreshold('availability>=99.9%'), subject).passed).toBe(true);
    expect(evaluateThreshold(parseThreshold('rps>=50'), subject).passed).toBe(true);
    expect(evaluateThreshold(parseThreshold('rps>50'), subject).passed).toBe(false);
  });

  it('breaks a threshold when nothing was measured, so a misspelt endpoint never passes', () => {
    const verdict = evaluateThreshold(parseThreshold('GET /acounts p95<300ms'), undefined);
    expect(verdict.passed).toBe(false);
    expect(verdict.message).toContain('GET /acounts');
  });
});

describe('parseDuration', () => {
  it('reads k6-style durations', () => {
    expect(parseDuration('10s')).toBe(10_000);
    expect(parseDuration('1m30s')).toBe(90_000);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('2')).toBe(2000);
  });

  it.each(['', '10x', 's', '0s', '1m 30s'])('refuses %j with ERR_LOAD_OPTION', (text) => {
    expect(() => parseDuration(text)).toThrow(expect.objectContaining({ code: 'ERR_LOAD_OPTION' }));
  });
});
