/**
 * The self-contained HTML report: a matrix of cases × (version, institution), filters, and every failure
 * with its rules, seed sections, expected vs actual, the redacted transcript, a curl command and the
 * screenshot when there is one.
 *
 * One file, no external resource, inline CSS and JS allowed by hash (see `html-assets.ts`). Every string
 * from the run passes through {@link escapeMarkup}; nothing is placed in a script.
 */
import { writeFile } from 'node:fs/promises';
import { curlCommand } from './curl.ts';
import { cellLabel, failingStep, formatDuration, formatValue } from './format-value.ts';
import { reportCss, reportCsp, reportJs } from './html-assets.ts';
import { escapeAttribute, escapeMarkup as e } from './markup-escape.ts';
import type {
  BaselineDeviation,
  CaseResult,
  HeaderMap,
  Reporter,
  RunReport,
  Screenshot,
  Status,
  StepResult,
} from './model.ts';
import { cellKey, deviationLabel, statuses, statusTraits, verdictText } from './model.ts';

/** Bodies longer than this are cut in the HTML report (report.json keeps them whole). */
const maxBodyChars = 20_000;

/** Bodies with more lines than this are folded (a `<details>` to open). */
const foldLines = 25;

/** Short cell labels; a status without one shows its mark and name. */
const shortLabels: Partial<Record<Status, string>> = {
  passed: 'pass',
  failed: 'fail',
  errored: 'error',
  skipped: 'skip',
  'not-applicable': 'n/a',
};

function cellText(status: Status): string {
  return `${statusTraits[status].symbol} ${shortLabels[status] ?? status}`;
}

/** Renders a run as one HTML document. */
export function toHtml(report: RunReport): string {
  const s = report.summary;
  const said = verdictText(report);
  const verdict = `${said.charAt(0).toUpperCase()}${said.slice(1)}.`;
  const hasProblems = report.results.some((r) => statusTraits[r.status].problem);
  const elapsed = Date.parse(report.finishedAt) - Date.parse(report.startedAt);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(reportCsp)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(`Conformance report: ${report.target.name}`)}</title>`,
    `<style>${reportCss}</style>`,
    '</head>',
    '<body>',
    '<header>',
    `<h1>${e(`Conformance report: ${report.target.name}`)}</h1>`,
    `<p class="meta">${e(report.target.baseUrl)} · ${e(`${report.tool.name} ${report.tool.version}`)} · ${e(report.startedAt)} → ${e(report.finishedAt)}${Number.isFinite(elapsed) ? ` (${e(formatDuration(Math.max(0, elapsed)))})` : ''}</p>`,
    `<ul class="summary"><li>${s.total} results</li>${statuses.map((status) => `<li class="s-${status}" data-summary="${status}">${s[status]} ${status}</li>`).join('')}</ul>`,
    `<p class="verdict">${e(verdict)}</p>`,
    '</header>',
    baselineSection(report),
    // A failing run opens on its failures; a passing one on the matrix.
    ...(hasProblems
      ? [problems(report), filters(report), matrix(report)]
      : [filters(report), matrix(report), problems(report)]),
    others(report),
    `<script>${reportJs}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** A reporter writing {@link toHtml} to a file when the run ends. */
export function htmlReporter(path: string): Reporter {
  return { onRunEnd: (report) => writeFile(path, toHtml(report), 'utf8') };
}

interface Column {
  version: string;
  institution: string;
}

function columnsOf(report: RunReport): Column[] {
  const versions = unique([...report.matrix.versions, ...report.results.map((r) => r.version)]);
  const institutions = unique([...report.matrix.institutions, ...report.results.map((r) => r.institution)]);
  return versions.flatMap((version) => institutions.map((institution) => ({ version, institution })));
}

function filters(report: RunReport): string {
  const select = (name: string, label: string, values: readonly string[]): string =>
    `<label>${e(label)}<select name="${name}"><option value="">all</option>${values.map((v) => `<option value="${escapeAttribute(v)}">${e(v)}</option>`).join('')}</select></label>`;
  const rules = unique(report.results.flatMap((r) => r.rules.map((rule) => rule.id))).sort();
  return [
    '<form id="filters">',
    select('status', 'Status', statuses),
    select('suite', 'Suite', unique(report.results.map((r) => r.suite))),
    select('rule', 'Rule', rules),
    select(
      'version',
      'Version',
      unique([...report.matrix.versions, ...report.results.map((r) => r.version)]),
    ),
    select(
      'institution',
      'Institution',
      unique([...report.matrix.institutions, ...report.results.map((r) => r.institution)]),
    ),
    '<label>Search<input type="search" name="q" placeholder="case, title, rule"></label>',
    `<span id="shown">${report.results.length} results</span>`,
    '</form>',
  ].join('\n');
}

function matrix(report: RunReport): string {
  const columns = columnsOf(report);
  const rows = new Map<string, Map<string, CaseResult>>();
  const firsts = new Map<string, CaseResult>();
  const rowRules = new Map<string, Set<string>>();
  for (const result of report.results) {
    const rowKey = `${result.suite}/${result.case}`;
    if (!firsts.has(rowKey)) firsts.set(rowKey, result);
    const cells = rows.get(rowKey) ?? new Map<string, CaseResult>();
    cells.set(`${result.version} ${result.institution}`, result);
    rows.set(rowKey, cells);
    const ruleIds = rowRules.get(rowKey) ?? new Set<string>();
    for (const rule of result.rules) ruleIds.add(rule.id);
    rowRules.set(rowKey, ruleIds);
  }
  const head = columns
    .map(
      (c) =>
        `<th data-col data-version="${escapeAttribute(c.version)}" data-institution="${escapeAttribute(c.institution)}">${e(c.version)}<br>${e(c.institution)}</th>`,
    )
    .join('');
  const body: string[] = [];
  for (const [rowKey, cells] of rows) {
    const first = firsts.get(rowKey);
    if (first === undefined) continue;
    const ruleIds = [...(rowRules.get(rowKey) ?? [])];
    const text = `${rowKey} ${first.title} ${ruleIds.join(' ')}`.toLowerCase();
    const tds = columns.map((c) => cell(cells.get(`${c.version} ${c.institution}`), c)).join('');
    body.push(
      `<tr data-row data-suite="${escapeAttribute(first.suite)}" data-rules="${escapeAttribute(ruleIds.join(' '))}" data-text="${escapeAttribute(text)}"><th>${e(rowKey)}<span class="title">${e(first.title)}</span></th><td>${ruleIds.map((id) => `<code>${e(id)}</code>`).join(' ')}</td>${tds}</tr>`,
    );
  }
  return [
    '<section id="matrix">',
    '<h2>Matrix</h2>',
    `<table class="matrix"><thead><tr><th>Case</th><th>Rules</th>${head}</tr></thead>`,
    `<tbody>${body.join('\n')}</tbody></table>`,
    '</section>',
  ].join('\n');
}

function cell(result: CaseResult | undefined, column: Column): string {
  const attributes = `data-col data-version="${escapeAttribute(column.version)}" data-institution="${escapeAttribute(column.institution)}"`;
  if (result === undefined) return `<td class="cell" ${attributes} data-status="" title="not run">·</td>`;
  const tip = result.failure?.message ?? result.reason ?? formatDuration(result.durationMs);
  const label = e(cellText(result.status));
  const content =
    result.status === 'passed' ? label : `<a href="#${escapeAttribute(anchor(result))}">${label}</a>`;
  return `<td class="cell s-${result.status}" ${attributes} data-status="${result.status}" title="${escapeAttribute(tip)}">${content}</td>`;
}

function problems(report: RunReport): string {
  const bad = report.results.filter((r) => statusTraits[r.status].problem);
  const articles = bad.map(article);
  return [
    '<section id="problems">',
    `<h2>Failures, errors and advisory findings (${bad.length})</h2>`,
    // Advisory findings are checks of the reference's choices: they fail a run only with --strict.
    bad.some((r) => r.status === 'advisory')
      ? "<p>An <em>advisory</em> finding checks one of the reference's choices where the seed is silent (rule basis: choice): it fails a run only with <code>--strict</code>.</p>"
      : '',
    bad.length === 0 ? '<p>None.</p>' : articles.join('\n'),
    '</section>',
  ].join('\n');
}

function article(result: CaseResult): string {
  const failure = result.failure;
  const parts: string[] = [
    `<article class="result" id="${escapeAttribute(anchor(result))}" ${filterAttributes(result)}>`,
    `<h3><span class="badge s-${result.status}">${e(result.status)}</span> ${e(cellLabel(result))}</h3>`,
    `<p>${e(result.title)} · ${e(formatDuration(result.durationMs))}</p>`,
  ];
  if (result.rules.length > 0) {
    parts.push(
      `<ul class="rules">${result.rules.map((rule) => `<li><code>${e(rule.id)}</code> ${e(rule.title)} · seed §${e(rule.section)}${rule.basis === 'choice' ? ' · <em>our choice</em>' : ''}</li>`).join('')}</ul>`,
    );
  }
  const message = failure?.message ?? result.reason;
  if (message !== undefined) parts.push(`<p class="message">${e(message)}</p>`);
  if (failure !== undefined && ('expected' in failure || 'actual' in failure)) {
    parts.push(
      '<div class="expected-actual">',
      `<div><h4>Expected</h4><pre class="expected">${e(formatValue(failure.expected))}</pre></div>`,
      `<div><h4>Actual</h4><pre class="actual">${e(formatValue(failure.actual))}</pre></div>`,
      '</div>',
    );
  }
  const failing = failingStep(result);
  if (result.steps.length > 0) {
    parts.push(
      '<h4>Steps</h4>',
      `<ol class="steps">${result.steps.map((step) => `<li><span class="badge s-${step.status}">${e(step.status)}</span> ${e(step.name)} <small>(${e(step.kind)}, ${e(formatDuration(step.durationMs))})</small>${step.message === undefined ? '' : ` ${e(step.message)}`}</li>`).join('')}</ol>`,
    );
  }
  for (const step of result.steps) {
    if (step.transcript.length === 0 && step.screenshot === undefined && step.curl === undefined) continue;
    parts.push(stepDetails(step, step === failing));
  }
  parts.push('</article>');
  return parts.join('\n');
}

function stepDetails(step: StepResult, isFailing: boolean): string {
  const parts = [
    `<details class="step"${isFailing ? ' open' : ''}><summary>${e(`${isFailing ? 'Failing step' : 'Step'}: ${step.name} (${step.kind})`)}</summary>`,
  ];
  for (const entry of step.transcript) {
    const status = entry.response === undefined ? 'no response' : String(entry.response.status);
    parts.push(`<h4>${e(`${entry.request.method} ${entry.request.url} → ${status}`)}</h4>`);
    const request = entry.request;
    parts.push(httpBlock('request', `${request.method} ${request.url}`, request.headers, request.body));
    if (entry.response !== undefined) {
      const response = entry.response;
      parts.push(httpBlock('response', `HTTP ${response.status}`, response.headers, response.body));
    }
  }
  const last = step.transcript.at(-1);
  const curl = step.curl ?? (last === undefined ? undefined : curlCommand(last.request));
  if (curl !== undefined) parts.push('<h4>Reproduce</h4>', `<pre class="curl">${e(curl)}</pre>`);
  if (step.screenshot !== undefined) parts.push(screenshot(step.screenshot));
  parts.push('</details>');
  return parts.join('\n');
}

/** Only image types browsers render, only base64: anything else is left out rather than trusted. */
function screenshot(shot: Screenshot): string {
  if (!/^image\/(png|jpeg|webp|gif)$/.test(shot.mediaType) || !/^[A-Za-z0-9+/]*={0,2}$/.test(shot.base64)) {
    return '<p>(screenshot omitted: not a base64 PNG, JPEG, WebP or GIF image)</p>';
  }
  return `<figure class="screenshot"><img alt="screenshot of the failing step" src="data:${shot.mediaType};base64,${shot.base64}"><figcaption>Screenshot</figcaption></figure>`;
}

function others(report: RunReport): string {
  const rest = report.results.filter((r) => r.status !== 'passed' && !statusTraits[r.status].problem);
  if (rest.length === 0) return '';
  const kinds = statuses.filter((status) => rest.some((r) => r.status === status));
  const rows = rest.map(
    (r) =>
      `<tr id="${escapeAttribute(anchor(r))}" ${filterAttributes(r)}><td><span class="badge s-${r.status}">${e(r.status)}</span></td><td>${e(cellLabel(r))}</td><td>${e(r.reason ?? '')}${r.failure === undefined ? '' : `<br><small>${e(r.failure.message)}</small>`}</td></tr>`,
  );
  return [
    '<section id="others">',
    `<h2>${e(kinds.join(', '))} (${rest.length})</h2>`,
    `<table class="reasons"><tbody>${rows.join('\n')}</tbody></table>`,
    '</section>',
  ].join('\n');
}

function filterAttributes(result: CaseResult): string {
  const ruleIds = result.rules.map((rule) => rule.id).join(' ');
  const text = `${result.suite}/${result.case} ${result.title} ${ruleIds}`.toLowerCase();
  return [
    'data-result',
    `data-status="${result.status}"`,
    `data-suite="${escapeAttribute(result.suite)}"`,
    `data-rules="${escapeAttribute(ruleIds)}"`,
    `data-version="${escapeAttribute(result.version)}"`,
    `data-institution="${escapeAttribute(result.institution)}"`,
    `data-text="${escapeAttribute(text)}"`,
  ].join(' ');
}

/** A fragment id derived from the cell key, restricted to characters safe in ids and URLs. */
function anchor(result: CaseResult): string {
  return `r-${cellKey(result).replace(/[^A-Za-z0-9._-]/g, (c) => `_${c.codePointAt(0)?.toString(16) ?? ''}`)}`;
}

/** The baseline the run was compared with: what it accepted, what disappeared, what is new. */
function baselineSection(report: RunReport): string {
  const baseline = report.baseline;
  if (baseline === undefined) return '';
  const item = (d: BaselineDeviation, what: string): string =>
    `<li>${e(what)}: <code>${e(d.rule)}</code> ${e(deviationLabel(d).slice(d.rule.length + 1))}</li>`;
  const items = [
    ...baseline.accepted.map((d) => item(d, 'accepted')),
    ...baseline.fixed.map((d) => item(d, 'no longer deviates (remove it from the baseline)')),
    ...baseline.unexpected.map((d) => item(d, 'new deviation')),
  ];
  return [
    '<section id="baseline">',
    `<h2>${e(`Baseline ${baseline.file}`)}</h2>`,
    items.length === 0
      ? '<p>No deviation, none accepted.</p>'
      : `<ul class="baseline">${items.join('')}</ul>`,
    '</section>',
  ].join('\n');
}

/** A body for reading: JSON pretty-printed, anything else as it came. */
export function readableBody(body: string): string {
  const trimmed = body.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return body;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return body;
  }
}

/** A request or response as a `<pre>`, its body pretty-printed and folded when long. */
function httpBlock(
  kind: 'request' | 'response',
  firstLine: string,
  headers: HeaderMap,
  body: string | undefined,
): string {
  const head = `<pre class="${kind}">${e(httpText(firstLine, headers, undefined))}</pre>`;
  if (body === undefined || body === '') return head;
  const text = readableBody(body);
  const shown =
    text.length > maxBodyChars
      ? `${text.slice(0, maxBodyChars)}\n… (${text.length - maxBodyChars} more characters in report.json)`
      : text;
  const pre = `<pre class="${kind} body">${e(shown)}</pre>`;
  const lines = shown.split('\n').length;
  return lines > foldLines
    ? `${head}<details class="body"><summary>${e(`body (${lines} lines)`)}</summary>${pre}</details>`
    : `${head}${pre}`;
}

function httpText(firstLine: string, headers: HeaderMap, body: string | undefined): string {
  const lines = [firstLine];
  for (const [name, value] of Object.entries(headers)) {
    for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
  }
  if (body !== undefined && body !== '') {
    lines.push(
      '',
      body.length > maxBodyChars
        ? `${body.slice(0, maxBodyChars)}\n… (${body.length - maxBodyChars} more characters in report.json)`
        : body,
    );
  }
  return lines.join('\n');
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
