import { escapeMarkup } from '../../harness/report/markup-escape.ts';
import { findingTitles } from '../load-finding.ts';
import type { LoadReport } from '../load-report.ts';
import { barChart, lineChart } from './svg-chart.ts';

const ms = (v: number): string => v.toFixed(1);
const pct = (v: number): string => `${(v * 100).toFixed(3)}%`;

/**
 * `load-report.html`: one self-contained page (inline CSS and SVG, no script) with the verdict,
 * thresholds, findings with their rules, the latency and throughput charts and the KPI table per
 * endpoint and institution.
 */
export function loadHtml(report: LoadReport): string {
  const e = escapeMarkup;
  const t = report.total;
  const timeline = report.timeline;
  const endpoints = report.endpoints;
  const seconds = timeline.map((p) => `${p.second}s`);
  const xAxis = 'seconds since the measured period started';
  const hasBatch = timeline.some((p) => p.batch.requests > 0);
  const hasPsu = timeline.some((p) => p.psuPresent.requests > 0);
  // Batch calls (no PSU-IP-Address, quotas apply) and PSU-present calls apart, when the run had both.
  const apart = hasBatch && hasPsu;
  const charts = [
    lineChart({
      title: 'Latency per second',
      x: seconds,
      xAxis,
      yAxis: 'latency (ms)',
      series: [
        { name: 'p50, all', values: timeline.map((p) => p.p50) },
        { name: 'p95, all', values: timeline.map((p) => p.p95) },
        ...(apart
          ? [
              { name: 'p95, batch', values: timeline.map((p) => p.batch.p95) },
              { name: 'p95, PSU-present', values: timeline.map((p) => p.psuPresent.p95) },
            ]
          : []),
      ],
    }),
    lineChart({
      title: 'Answers per second: batch and PSU-present traffic, failures, 429s',
      x: seconds,
      xAxis,
      yAxis: 'answers per second',
      series: [
        ...(hasBatch
          ? [{ name: 'batch (no PSU-IP-Address)', values: timeline.map((p) => p.batch.requests) }]
          : []),
        ...(hasPsu ? [{ name: 'PSU-present', values: timeline.map((p) => p.psuPresent.requests) }] : []),
        { name: 'failures', values: timeline.map((p) => p.failures) },
        { name: '429 Too Many Requests', values: timeline.map((p) => p.tooMany) },
      ],
    }),
    barChart({
      title: 'Latency per endpoint and institution',
      groups: endpoints.map((k) => `${k.endpoint} @ ${k.institution}`),
      axis: 'latency (ms)',
      unit: 'ms',
      series: [
        { name: 'p50', values: endpoints.map((k) => k.latency.p50) },
        { name: 'p95', values: endpoints.map((k) => k.latency.p95) },
        { name: 'p99', values: endpoints.map((k) => k.latency.p99) },
      ],
    }),
  ];
  const thresholdRows = report.thresholds
    .map(
      (th) =>
        `<tr class="${th.passed ? 'pass' : 'fail'}"><td>${th.passed ? 'kept' : 'broken'}</td><td><code>${e(th.threshold)}</code></td><td>${e(th.message)}</td></tr>`,
    )
    .join('');
  const findingRows = report.findings
    .map(
      (f) =>
        `<tr class="fail"><td>${f.rules.map((r) => `<b>${e(r.id)}</b><br><small>${e(r.title)}</small>`).join('<br>')}</td><td>${e(findingTitles[f.kind])}</td><td>${e(f.institution)}</td><td><code>${e(f.endpoint)}</code></td><td>${f.count}</td><td><code>${e(f.example.path)}</code> → ${f.example.status}<br><small>X-Request-ID ${e(f.example.requestId)}: ${e(f.example.detail)}</small></td></tr>`,
    )
    .join('');
  const endpointRows = endpoints
    .map(
      (k, i) =>
        `<tr><td>${i + 1}</td><td><code>${e(k.endpoint)}</code></td><td>${e(k.institution)}</td><td>${k.requests}</td><td>${pct(k.availability)}</td><td>${ms(k.latency.p50)}</td><td>${ms(k.latency.p95)}</td><td>${ms(k.latency.p99)}</td><td>${ms(k.latency.max)}</td><td>${k.throughput.toFixed(1)}</td><td>${k.quotaRefusals}</td><td>${k.failures}</td><td>${e(
          Object.entries(k.statuses)
            .map(([s, n]) => `${s}×${n}`)
            .join(' '),
        )}</td><td>${e(
          Object.entries(k.codes)
            .map(([c, n]) => `${c}×${n}`)
            .join(' '),
        )}</td></tr>`,
    )
    .join('');
  const parts = report.parts
    .map(
      (p) =>
        `<tr><td>${e(p.scenario)}</td><td>${e(p.role)}</td><td>${e(p.institution)}</td><td>${e(p.host)}</td><td>${e(p.version)}</td><td>${p.connections}</td><td>${p.stages === undefined ? (p.rate === undefined ? 'open' : `${p.rate}/s`) : e(p.stages.map((st) => `${st.rate}/s over ${st.durationMs / 1000} s`).join(' → '))}</td><td>${p.psus}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Load ${e(report.scenario.name)} — ${e(report.target.name)}</title>
<style>
body{font-family:sans-serif;margin:2em;color:#1f2328}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa}.pass td:first-child{color:#1a7f37;font-weight:bold}.fail td:first-child{color:#d1242f;font-weight:bold}
.verdict{font-size:1.3em;font-weight:bold}.passed{color:#1a7f37}.failed{color:#d1242f}svg{display:block;margin:1em 0}
</style></head><body>
<h1>Load: ${e(report.scenario.title)}</h1>
<p class="verdict ${report.verdict}">${report.verdict === 'passed' ? 'Thresholds kept, no finding' : 'Thresholds broken or findings under load'}</p>${
    report.aborted === undefined
      ? ''
      : `
<p class="verdict failed">Aborted after ${(report.aborted.atMs / 1000).toFixed(1)} s (--abort-on-fail): ${e(report.aborted.message)}</p>`
  }
<p>Target <b>${e(report.target.name)}</b> (${e(report.target.baseUrl)}), scenario <code>${e(report.scenario.name)}</code>, ${e(report.startedAt)} to ${e(report.finishedAt)} (${(report.durationMs / 1000).toFixed(1)} s measured${report.warmUp.durationMs > 0 ? ` after a warm-up of ${(report.warmUp.durationMs / 1000).toFixed(1)} s, whose ${report.warmUp.answers} answers were judged but are not in the figures` : ''}), ${e(report.tool.name)} ${e(report.tool.version)}.</p>
<p>${t.requests} requests, ${t.throughput.toFixed(1)}/s; availability ${pct(t.availability)}; latency p50 ${ms(t.latency.p50)} ms, p95 ${ms(t.latency.p95)} ms, p99 ${ms(t.latency.p99)} ms, max ${ms(t.latency.max)} ms; ${t.failures} failure(s); ${t.quotaRefusals} quota refusal(s) (429 TMRQ on batch calls, counted apart).</p>
<h2>Thresholds</h2>
<table><tr><th>verdict</th><th>threshold</th><th>measured</th></tr>${thresholdRows || '<tr><td colspan="3">no threshold</td></tr>'}</table>
<h2>Findings under load</h2>
${findingRows === '' ? '<p>None: no 5xx, quotas held (fifth batch call refused, connected calls served), every X-Request-ID echoed, one token set per PSU.</p>' : `<table><tr><th>rules</th><th>what</th><th>institution</th><th>endpoint</th><th>count</th><th>example</th></tr>${findingRows}</table>`}
<h2>Charts</h2>
${charts.join('\n')}
<h2>Per endpoint and institution</h2>
<table><tr><th>#</th><th>endpoint</th><th>institution</th><th>requests</th><th>availability</th><th>p50 ms</th><th>p95 ms</th><th>p99 ms</th><th>max ms</th><th>req/s</th><th>quota refusals</th><th>failures</th><th>statuses</th><th>codes</th></tr>${endpointRows}</table>
<h2>What ran</h2>
<table><tr><th>scenario</th><th>role</th><th>institution</th><th>host</th><th>version</th><th>connections</th><th>rate</th><th>virtual PSUs</th></tr>${parts}</table>
</body></html>
`;
}
