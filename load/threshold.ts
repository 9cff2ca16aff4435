/**
 * Thresholds: `p95<300ms`, `errors<0.1%`, `5xx=0`, `availability>=99.9%`, `rps>100`, optionally for one
 * endpoint (`GET /accounts p95<200ms`). A broken threshold makes `load` exit 1.
 */
import { LoadError } from './load-error.ts';

/** What a threshold measures. Latencies are milliseconds, rates fractions (0..1), `5xx` a count. */
export type ThresholdMetric =
  'p50' | 'p90' | 'p95' | 'p99' | 'max' | 'avg' | 'errors' | '5xx' | 'availability' | 'rps';

/** Comparison of a threshold. */
export type ThresholdOperator = '<' | '<=' | '>' | '>=' | '=';

const thresholdMetrics: readonly ThresholdMetric[] = [
  'p50',
  'p90',
  'p95',
  'p99',
  'max',
  'avg',
  'errors',
  '5xx',
  'availability',
  'rps',
];
const thresholdOperators: readonly ThresholdOperator[] = ['<', '<=', '>', '>=', '='];

/** A parsed threshold. */
export interface Threshold {
  /** As written, for reports and JUnit test case names. */
  source: string;
  /** `METHOD /path-template` (without `/stet/psd2/<version>`), or undefined for every request. */
  endpoint: string | undefined;
  metric: ThresholdMetric;
  operator: ThresholdOperator;
  /** In the metric's unit: ms, fraction, count or requests per second. */
  value: number;
}

/** The figures a threshold is evaluated on (the whole run or one endpoint). */
export interface ThresholdSubject {
  requests: number;
  latency: { p50: number; p90: number; p95: number; p99: number; max: number; avg: number };
  /** Unexpected answers and transport errors, quota refusals not included. */
  failures: number;
  serverErrors: number;
  /** Answers per second over the run. */
  throughput: number;
}

/** A threshold and whether the run kept it. */
export interface ThresholdVerdict {
  threshold: Threshold;
  passed: boolean;
  /** The measured value in the metric's unit; undefined when no request was measured. */
  actual: number | undefined;
  message: string;
}

const latencyMetrics = new Set(['p50', 'p90', 'p95', 'p99', 'max', 'avg']);
const pattern =
  /^(?:(GET|POST|PUT|DELETE|PATCH)\s+(\/\S*)\s+)?(p50|p90|p95|p99|max|avg|errors|5xx|availability|rps)\s*(<=|>=|<|>|=)\s*(\d+(?:\.\d+)?)\s*(ms|s|%|\/s)?$/i;

/** Parses one threshold; throws `ERR_LOAD_THRESHOLD_INVALID` naming what is wrong. */
export function parseThreshold(text: string): Threshold {
  const match = pattern.exec(text.trim());
  const invalid = (why: string): never => {
    throw new LoadError('ERR_LOAD_THRESHOLD_INVALID', `threshold ${JSON.stringify(text)}: ${why}`, {
      hint: 'e.g. p95<300ms, errors<0.1%, 5xx=0, availability>=99.9%, rps>50, "GET /accounts p99<1s"',
    });
  };
  if (match === null) return invalid('not of the form [METHOD /path] metric<value');
  const [, method, path, rawMetric = '', operator = '<', rawValue = '0', unit] = match;
  const metric = thresholdMetrics.find((m) => m === rawMetric.toLowerCase());
  const op = thresholdOperators.find((o) => o === operator);
  if (metric === undefined || op === undefined) return invalid('unknown metric or operator');
  let value = Number(rawValue);
  if (latencyMetrics.has(metric)) {
    if (unit === '%' || unit === '/s') invalid(`${metric} is a latency: give ms or s`);
    if (unit === 's') value *= 1000;
  } else if (metric === 'errors' || metric === 'availability') {
    // 99.9 / 100 is 0.9990000000000001 in binary: round, or 99.9% availability would break at 99.9%.
    if (unit === '%') value = Number((value / 100).toPrecision(12));
    else if (unit !== undefined) invalid(`${metric} is a share: give a % or a fraction`);
    if (value > 1) invalid(`${metric} is a share of requests: at most 100%`);
  } else if (metric === '5xx') {
    if (unit !== undefined) invalid('5xx is a count of answers');
  } else if (unit !== undefined && unit !== '/s') invalid('rps is requests per second');
  return {
    source: text.trim(),
    endpoint: method === undefined ? undefined : `${method.toUpperCase()} ${path ?? '/'}`,
    metric,
    operator: op,
    value,
  };
}

/** The value of `metric` for `subject`, or undefined when nothing was measured. */
export function measure(metric: ThresholdMetric, subject: ThresholdSubject): number | undefined {
  if (subject.requests === 0) return undefined;
  switch (metric) {
    case 'errors':
      return subject.failures / subject.requests;
    case 'availability':
      return 1 - subject.serverErrors / subject.requests;
    case '5xx':
      return subject.serverErrors;
    case 'rps':
      return subject.throughput;
    default:
      return subject.latency[metric];
  }
}

/** Judges one threshold: no measured request breaks it (a misspelt endpoint must not pass). */
export function evaluateThreshold(
  threshold: Threshold,
  subject: ThresholdSubject | undefined,
): ThresholdVerdict {
  const actual = subject === undefined ? undefined : measure(threshold.metric, subject);
  if (actual === undefined) {
    return {
      threshold,
      passed: false,
      actual,
      message: `no request measured${threshold.endpoint === undefined ? '' : ` for ${threshold.endpoint}`}`,
    };
  }
  const passed = compare(actual, threshold.operator, threshold.value);
  return {
    threshold,
    passed,
    actual,
    message: `${formatValue(threshold.metric, actual)} ${passed ? 'keeps' : 'breaks'} ${threshold.source}`,
  };
}

function compare(actual: number, operator: ThresholdOperator, limit: number): boolean {
  switch (operator) {
    case '<':
      return actual < limit;
    case '<=':
      return actual <= limit;
    case '>':
      return actual > limit;
    case '>=':
      return actual >= limit;
    case '=':
      return actual === limit;
  }
}

/** A metric value for people: `312.4 ms`, `0.12%`, `3`, `120.5/s`. */
export function formatValue(metric: ThresholdMetric, value: number): string {
  if (latencyMetrics.has(metric)) return `${value.toFixed(1)} ms`;
  if (metric === 'errors' || metric === 'availability') return `${(value * 100).toFixed(3)}%`;
  if (metric === 'rps') return `${value.toFixed(1)}/s`;
  return String(value);
}
