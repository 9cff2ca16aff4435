import type { Threshold } from '../threshold.ts';
import { k6TagValue } from './k6-endpoints.ts';

/**
 * The k6 thresholds of a scenario's thresholds, by metric: latencies on `http_req_duration`, errors on
 * the script's `stet_failures` rate, 5xx on the `stet_5xx` counter, availability on the
 * `stet_server_errors` rate, throughput on `http_reqs`; an endpoint scope becomes the `endpoint` tag.
 * Findings under load (`stet_findings`) must stay at zero, as in `stet-harness load`.
 */
export function k6Thresholds(thresholds: readonly Threshold[]): Record<string, string[]> {
  const out: Record<string, string[]> = { stet_findings: ['count==0'] };
  for (const t of thresholds) {
    const tag = t.endpoint === undefined ? '' : `{endpoint:${k6TagValue(t.endpoint)}}`;
    const op = t.operator === '=' ? '==' : t.operator;
    let metric: string;
    let expression: string;
    switch (t.metric) {
      case 'p50':
      case 'p90':
      case 'p95':
      case 'p99':
        metric = 'http_req_duration';
        expression = `p(${t.metric.slice(1)})${op}${t.value}`;
        break;
      case 'max':
      case 'avg':
        metric = 'http_req_duration';
        expression = `${t.metric}${op}${t.value}`;
        break;
      case 'errors':
        metric = 'stet_failures';
        expression = `rate${op}${t.value}`;
        break;
      case 'availability':
        metric = 'stet_server_errors';
        expression = `rate${mirror(op)}${Number((1 - t.value).toFixed(9))}`;
        break;
      case '5xx':
        metric = 'stet_5xx';
        expression = `count${op}${t.value}`;
        break;
      case 'rps':
        metric = 'http_reqs';
        expression = `rate${op}${t.value}`;
        break;
    }
    const key = `${metric}${tag}`;
    (out[key] ??= []).push(expression);
  }
  return out;
}

/** `availability >= a` is `5xx rate <= 1 - a`. */
function mirror(op: string): string {
  const mirrored: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };
  return mirrored[op] ?? op;
}
