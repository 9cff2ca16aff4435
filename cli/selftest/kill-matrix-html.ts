import { reportCss, reportCsp } from '../../harness/report/html-assets.ts';
import { escapeAttribute, escapeMarkup as e } from '../../harness/report/markup-escape.ts';
import { cellKey } from '../../harness/report/model.ts';
import type { FaultOutcome, KillMatrix } from './kill-matrix.ts';

/** Report colour class of each outcome (the run report's status classes). */
const outcomeClass: Record<FaultOutcome, string> = {
  killed: 's-passed',
  survived: 's-failed',
  uncovered: 's-failed',
  errored: 's-errored',
};

/**
 * The kill matrix as a self-contained HTML page: one row per fault with its rules, outcome and the
 * cases that killed it. Same stylesheet and Content-Security-Policy as the run report; everything
 * from suites or faults is escaped.
 */
export function killMatrixHtml(matrix: KillMatrix): string {
  const rows = matrix.faults.map((verdict) => {
    const killers =
      verdict.killers.length === 0
        ? verdict.errors
            .map((err) => `<div>errored: <code>${e(cellKey(err))}</code> ${e(err.message)}</div>`)
            .join('')
        : verdict.killers
            .map(
              (k) => `<div><code>${e(cellKey(k))}</code>${k.advisory ? ' (advisory: --strict)' : ''}</div>`,
            )
            .join('');
    return [
      `<tr data-outcome="${escapeAttribute(verdict.outcome)}">`,
      `<th><code>${e(verdict.fault)}</code><span class="title">${e(verdict.description)}</span></th>`,
      `<td>${verdict.rules.map((rule) => `<code>${e(rule)}</code>`).join(' ')}</td>`,
      `<td class="cell ${outcomeClass[verdict.outcome]}">${e(verdict.outcome)}</td>`,
      `<td>${verdict.killers.length}/${verdict.cases}</td>`,
      `<td>${killers}</td>`,
      '</tr>',
    ].join('');
  });
  const t = matrix.totals;
  const c = matrix.clean.summary;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(reportCsp)}">`,
    '<title>stet-harness selftest: kill matrix</title>',
    `<style>${reportCss}</style>`,
    '</head><body>',
    '<h1>Kill matrix</h1>',
    `<p class="meta">${e(matrix.startedAt)} → ${e(matrix.finishedAt)}</p>`,
    `<ul class="summary"><li>${matrix.faults.length} faults</li><li class="s-passed">${t.killed} killed</li><li class="s-failed">${t.survived} survived</li><li class="s-failed">${t.uncovered} uncovered</li><li class="s-errored">${t.errored} errored</li></ul>`,
    `<p class="verdict">Clean reference: ${c.passed} passed, ${c.failed} failed, ${c.errored} errored, ${c['not-applicable']} not applicable.</p>`,
    matrix.clean.failures.length === 0
      ? ''
      : `<ul>${matrix.clean.failures.map((f) => `<li><code>${e(cellKey(f))}</code> ${e(f.message)}</li>`).join('')}</ul>`,
    '<table class="matrix"><thead><tr><th>Fault</th><th>Rules</th><th>Outcome</th><th>Killers</th><th>Killing cases</th></tr></thead>',
    `<tbody>${rows.join('')}</tbody></table>`,
    '</body></html>',
    '',
  ].join('\n');
}
