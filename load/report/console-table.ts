/**
 * The end-of-run table on the console: one row per endpoint and institution — arrival rate (req/s),
 * p50/p95/p99 latency, errors, and the verdict of the thresholds scoped to that endpoint — then a row
 * for all traffic with the run's thresholds. Plain text, columns aligned, no colour.
 */
import type { Kpi } from '../kpi-recorder.ts';
import type { LoadReport, ThresholdReport } from '../load-report.ts';

const headings = ['endpoint', 'institution', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'thresholds'];
/** Columns aligned to the right (numbers). */
const numeric = new Set([2, 3, 4, 5, 6]);

/** The table as lines (no trailing newline). */
export function endpointTable(report: LoadReport): string {
  const rows = report.endpoints.map((k) =>
    row(
      k.endpoint,
      k.institution,
      k,
      report.thresholds.filter((t) => t.endpoint === k.endpoint),
    ),
  );
  rows.push(
    row(
      'all traffic',
      '',
      report.total,
      report.thresholds.filter((t) => t.endpoint === undefined),
    ),
  );
  const table = [headings, ...rows];
  const widths = headings.map((_, c) => Math.max(...table.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, c) => (numeric.has(c) ? cell.padStart(widths[c] ?? 0) : cell.padEnd(widths[c] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(headings), rule, ...rows.slice(0, -1).map(line), rule, line(rows.at(-1) ?? [])].join('\n');
}

function row(endpoint: string, institution: string, k: Kpi, thresholds: ThresholdReport[]): string[] {
  const errorShare = k.requests === 0 ? 0 : k.failures / k.requests;
  return [
    endpoint,
    institution,
    k.throughput.toFixed(1),
    k.latency.p50.toFixed(1),
    k.latency.p95.toFixed(1),
    k.latency.p99.toFixed(1),
    `${k.failures} (${(errorShare * 100).toFixed(2)}%)`,
    verdict(thresholds),
  ];
}

/** `-` with no threshold, `kept N` when all are kept, otherwise each broken one. */
function verdict(thresholds: ThresholdReport[]): string {
  if (thresholds.length === 0) return '-';
  const broken = thresholds.filter((t) => !t.passed);
  if (broken.length === 0) return `kept ${thresholds.length}`;
  return `BROKEN ${broken.map((t) => t.threshold).join(', ')}`;
}
