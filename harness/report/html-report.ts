/**
 * The self-contained HTML report, written for the person who must fix the bank: the counts and the
 * filters at the top, then one row per rule a failure was judged by (its severity, and the seed's quote
 * or our reason for a choice), each opening on its cases, each case one row with its version ×
 * institution cells, each cell opening on its message, expected vs actual and its transcript. Everything
 * is collapsed until opened; transcripts are unpacked on demand (`html-transcripts.ts`), so a run with a
 * hundred failures gives a page well under a megabyte. The matrix of every case and the cells that did
 * not run follow, collapsed.
 *
 * One file, no external resource, inline CSS and JS allowed by hash (see `html-assets.ts`). Every string
 * from the run passes through {@link escapeMarkup}; nothing is placed in a script but the packed
 * transcripts, a data block that never runs.
 */
import { writeFile } from 'node:fs/promises';
import type { CaseFinding, RuleFinding } from './findings.ts';
import { findingsByRule, harnessErrorGroup, judgingRules, noRuleGroup, severityRank } from './findings.ts';
import { cellLabel, formatDuration, formatValue } from './format-value.ts';
import { reportCss, reportCsp, reportJs } from './html-assets.ts';
import { cellTranscripts, transcriptsBlock } from './html-transcripts.ts';
import { escapeAttribute, escapeMarkup as e } from './markup-escape.ts';
import type { BaselineDeviation, CaseResult, Reporter, RunReport, Status } from './model.ts';
import { cellKey, deviationLabel, statuses, statusTraits, verdictText } from './model.ts';
import { reproCommand } from './repro-command.ts';

export { readableBody } from './html-transcripts.ts';

/** Expected and actual values longer than this are cut in the page (the transcript and report.json keep them). */
const maxValueChars = 4_000;

/** The severities as the page names them. */
const severityWords = {
  security: 'security and data exposure',
  behaviour: 'behaviour',
  format: 'format',
} as const;

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
  const elapsed = Date.parse(report.finishedAt) - Date.parse(report.startedAt);
  const columns = columnsOf(report);
  const findings = findingsByRule(report.results);
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
    severityCounts(findings),
    '</header>',
    filters(report, findings),
    baselineSection(report),
    findingsSection(findings, columns),
    matrix(report, columns),
    others(report),
    transcriptsBlock(transcriptsOf(report)),
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

function filters(report: RunReport, findings: readonly RuleFinding[]): string {
  const select = (name: string, label: string, values: readonly string[], all = 'all'): string =>
    `<label>${e(label)}<select name="${name}"><option value="">${e(all)}</option>${values.map((v) => `<option value="${escapeAttribute(v)}">${e(v)}</option>`).join('')}</select></label>`;
  const problems = statuses.filter((status) => statusTraits[status].problem);
  return [
    '<form id="filters">',
    `<label>Severity<select name="severity"><option value="">all</option>${Object.entries(severityWords)
      .map(([value, words]) => `<option value="${value}">${e(words)}</option>`)
      .join('')}</select></label>`,
    select('status', 'Status', problems),
    select('suite', 'Suite', unique(report.results.map((r) => r.suite))),
    // Every rule a cell was judged by: the rule filter finds a cell under its most serious rule too.
    select(
      'rule',
      'Rule',
      unique(findings.flatMap((f) => f.cases.flatMap((c) => c.cells.flatMap(judgingRules)))).sort(),
    ),
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
    '<label>Sort rules by<select name="sort"><option value="severity">severity</option><option value="cells">cells</option><option value="rule">rule id</option></select></label>',
    `<p id="shown">${findings.length} rules · ${findings.reduce((n, f) => n + f.cases.length, 0)} cases · ${findings.reduce((n, f) => n + f.cellCount, 0)} cells</p>`,
    '</form>',
  ].join('\n');
}

/** How many rules and cells each severity has among the findings, most serious first. */
function severityCounts(findings: readonly RuleFinding[]): string {
  if (findings.length === 0) return '';
  const items = Object.entries(severityWords).map(([severity, words]) => {
    const mine = findings.filter((f) => f.severity === severity);
    const cells = mine.reduce((n, f) => n + f.cellCount, 0);
    return `<li class="sev sev-${severity}">${e(`${words}: ${mine.length} rule${mine.length === 1 ? '' : 's'}, ${cells} cell${cells === 1 ? '' : 's'}`)}</li>`;
  });
  return `<ul class="summary severities">${items.join('')}</ul>`;
}

function findingsSection(findings: readonly RuleFinding[], columns: readonly Column[]): string {
  const seen = new Set<string>();
  const advisory = findings.some((f) => f.cases.some((c) => c.cells.some((r) => r.status === 'advisory')));
  return [
    '<section id="findings">',
    `<h2>Findings by rule (${findings.length})</h2>`,
    // Advisory findings are checks of the reference's choices: they fail a run only with --strict.
    advisory
      ? "<p>An <em>advisory</em> finding checks one of the reference's choices where the seed is silent (rule basis: choice): it fails a run only with <code>--strict</code>.</p>"
      : '',
    findings.length === 0
      ? '<p>None: every check held.</p>'
      : `<div id="rules">${findings.map((f) => ruleRow(f, columns, seen)).join('\n')}</div>`,
    '</section>',
  ].join('\n');
}

function ruleRow(finding: RuleFinding, columns: readonly Column[], seen: Set<string>): string {
  const severity = finding.severity;
  const badge =
    severity === undefined
      ? '<span class="sev sev-none">—</span>'
      : `<span class="sev sev-${severity}" title="severity">${e(severityWords[severity])}</span>`;
  const cases = finding.cases.length;
  const count = `${cases} case${cases === 1 ? '' : 's'} · ${finding.cellCount} cell${finding.cellCount === 1 ? '' : 's'}`;
  const attributes = [
    'class="rule"',
    `data-rule="${escapeAttribute(finding.id)}"`,
    `data-severity="${severity ?? ''}"`,
    `data-rank="${severityRank(severity)}"`,
    `data-cells="${finding.cellCount}"`,
    `data-text="${escapeAttribute(`${finding.id} ${finding.title}`.toLowerCase())}"`,
  ].join(' ');
  return [
    `<details ${attributes}>`,
    `<summary>${badge} <span class="badge s-${finding.status}">${e(finding.status)}</span> <code>${e(finding.id)}</code> ${e(finding.title)} <span class="count">${e(count)}</span></summary>`,
    basisBlock(finding),
    finding.cases.map((c) => caseRow(c, finding, columns, seen)).join('\n'),
    '</details>',
  ].join('\n');
}

/** The seed's sentence for a seed rule; our reason, and that it is ours, for a choice. */
function basisBlock(finding: RuleFinding): string {
  const basis = finding.basis;
  const section = finding.section === '' ? '' : ` <span class="section">§ ${e(finding.section)}</span>`;
  switch (basis.kind) {
    case 'seed':
      return `<div class="basis"><p>The seed${section}:</p><blockquote class="quote">${e(basis.quote)}</blockquote></div>`;
    case 'choice':
      return `<div class="basis choice"><p><strong>Our choice</strong>, where the seed is silent${section}: <span class="reason">${e(basis.reason)}</span></p>${basis.alternate === undefined ? '' : `<p>A bank that chose otherwise: ${e(basis.alternate)}</p>`}<p>Its findings are advisory unless the run is <code>--strict</code>.</p></div>`;
    case 'unknown':
      if (finding.id === harnessErrorGroup)
        return '<div class="basis"><p>Not a finding on the bank: the harness could not check these cells (each says why).</p></div>';
      return finding.id === noRuleGroup
        ? '<div class="basis"><p>These cells name no rule.</p></div>'
        : `<div class="basis"><p>A rule this harness's catalogue does not hold${section}.</p></div>`;
  }
}

function caseRow(
  one: CaseFinding,
  finding: RuleFinding,
  columns: readonly Column[],
  seen: Set<string>,
): string {
  const byColumn = new Map(one.all.map((r) => [`${r.version} ${r.institution}`, r]));
  const mine = new Set(one.cells);
  const chips = columns
    .map((c) => {
      const r = byColumn.get(`${c.version} ${c.institution}`);
      const where = `${c.version} · ${c.institution}`;
      if (r === undefined) return `<i title="${escapeAttribute(`${where}: not run`)}"></i>`;
      return `<i class="s-${r.status}${mine.has(r) ? ' mine' : ''}" title="${escapeAttribute(`${where}: ${r.status}`)}">${e(statusTraits[r.status].symbol)}</i>`;
    })
    .join('');
  const worst = one.cells.some((r) => r.status === 'errored')
    ? 'errored'
    : one.cells.some((r) => r.status === 'failed')
      ? 'failed'
      : 'advisory';
  const text = `${one.suite}/${one.case} ${one.title}`.toLowerCase();
  return [
    `<details class="case" data-suite="${escapeAttribute(one.suite)}" data-text="${escapeAttribute(text)}">`,
    `<summary><span class="badge s-${worst}">${e(worst)}</span> <b>${e(`${one.suite}/${one.case}`)}</b> <span class="cells" title="version × institution">${chips}</span> <span class="count">${one.cells.length} of ${one.all.length} cells</span><span class="title">${e(one.title)}</span></summary>`,
    one.cells.map((r) => cellRow(r, finding, seen)).join('\n'),
    '</details>',
  ].join('\n');
}

function cellRow(result: CaseResult, finding: RuleFinding, seen: Set<string>): string {
  const key = anchor(result);
  // A cell judged by two rules shows under both; the first keeps the id the matrix links to.
  const id = seen.has(key) ? '' : ` id="${escapeAttribute(key)}"`;
  seen.add(key);
  const failure = result.failure;
  const message = failure?.message ?? result.reason ?? '';
  const others = judgingRules(result).filter((id) => id !== finding.id);
  const parts = [
    `<details class="cell"${id} data-rules="${escapeAttribute(judgingRules(result).join(' '))}" data-status="${result.status}" data-version="${escapeAttribute(result.version)}" data-institution="${escapeAttribute(result.institution)}">`,
    `<summary><span class="badge s-${result.status}">${e(result.status)}</span> ${e(`${result.version} · ${result.institution}`)} <span class="message">${e(message)}</span></summary>`,
  ];
  if (others.length > 0)
    parts.push(
      `<p class="also">Also judged by ${others.map((other) => `<code>${e(other)}</code>`).join(', ')}.</p>`,
    );
  if (failure !== undefined && ('expected' in failure || 'actual' in failure)) {
    parts.push(
      '<div class="expected-actual">',
      `<div><h4>Expected</h4><pre class="expected">${e(cut(formatValue(failure.expected)))}</pre></div>`,
      `<div><h4>Actual</h4><pre class="actual">${e(cut(formatValue(failure.actual)))}</pre></div>`,
      '</div>',
    );
  }
  parts.push(
    `<div class="transcript" data-key="${escapeAttribute(key)}"><p>${e(`${cellLabel(result)}: ${result.steps.length} steps, ${formatDuration(result.durationMs)}; opening…`)}</p></div>`,
    '</details>',
  );
  return parts.join('\n');
}

/**
 * "Reproduce": the `stet-harness repro` command that runs this one cell again and writes a script that
 * runs as is (docs/running.md); offered only when the run knows how to reach its target again.
 */
function reproduceBlock(report: RunReport, result: CaseResult): string {
  const how = report.target.reproduce;
  if (how === undefined || result.suite === 'seed-model') return '';
  const command = reproCommand({
    suite: result.suite,
    case: result.case,
    version: result.version,
    institution: result.institution,
    ...(how.targetFile !== undefined ? { targetFile: how.targetFile } : { faults: how.faults ?? [] }),
  });
  return `<h4>Reproduce</h4><pre class="curl">${e(`${command} --out repro.sh`)}</pre>`;
}

/** Each problem cell's steps and transcripts, keyed as the page's cells name them. */
function transcriptsOf(report: RunReport): Map<string, string> {
  const markup = new Map<string, string>();
  for (const result of report.results) {
    if (!statusTraits[result.status].problem) continue;
    const steps = `<ol class="steps">${result.steps.map((step) => `<li><span class="badge s-${step.status}">${e(step.status)}</span> ${e(step.name)} <small>(${e(step.kind)}, ${e(formatDuration(step.durationMs))})</small>${step.message === undefined ? '' : ` ${e(step.message)}`}</li>`).join('')}</ol>`;
    markup.set(
      anchor(result),
      `${reproduceBlock(report, result)}<h4>Steps</h4>${steps}\n${cellTranscripts(result)}`,
    );
  }
  return markup;
}

/** Every case × version/institution, collapsed: a problem cell links to its finding. */
function matrix(report: RunReport, columns: readonly Column[]): string {
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
        `<th data-version="${escapeAttribute(c.version)}" data-institution="${escapeAttribute(c.institution)}">${e(c.version)}<br>${e(c.institution)}</th>`,
    )
    .join('');
  const body: string[] = [];
  for (const [rowKey, cells] of rows) {
    const first = firsts.get(rowKey);
    if (first === undefined) continue;
    const ruleIds = [...(rowRules.get(rowKey) ?? [])];
    const tds = columns.map((c) => cell(cells.get(`${c.version} ${c.institution}`))).join('');
    body.push(
      `<tr data-suite="${escapeAttribute(first.suite)}" data-rules="${escapeAttribute(ruleIds.join(' '))}"><th>${e(rowKey)}</th>${tds}</tr>`,
    );
  }
  return [
    '<details id="matrix">',
    `<summary>${e(`All cases: ${rows.size} cases × ${columns.length} versions and institutions`)}</summary>`,
    `<p class="legend">${statuses.map((status) => `<span class="s-${status}">${e(cellText(status))}</span>`).join(' ')}</p>`,
    `<table class="matrix"><thead><tr><th>Case</th>${head}</tr></thead>`,
    `<tbody>${body.join('\n')}</tbody></table>`,
    '</details>',
  ].join('\n');
}

/** A matrix cell: its status as a class and a mark (the legend says which), a problem linked to its finding. */
function cell(result: CaseResult | undefined): string {
  if (result === undefined) return '<td>·</td>';
  const mark = e(statusTraits[result.status].symbol);
  const content = statusTraits[result.status].problem
    ? `<a href="#${escapeAttribute(anchor(result))}">${mark}</a>`
    : mark;
  return `<td class="s-${result.status}">${content}</td>`;
}

function others(report: RunReport): string {
  const rest = report.results.filter((r) => r.status !== 'passed' && !statusTraits[r.status].problem);
  if (rest.length === 0) return '';
  const kinds = statuses.filter((status) => rest.some((r) => r.status === status));
  // One row per status and reason: the same reason holds for many cells (a capability, a version).
  const byReason = new Map<string, CaseResult[]>();
  for (const r of rest) {
    const why = `${r.status}\n${[r.reason, r.failure?.message].filter((w) => w !== undefined).join(' — ')}`;
    byReason.set(why, [...(byReason.get(why) ?? []), r]);
  }
  const rows = [...byReason.entries()].map(([why, cells]) => {
    const status = cells[0]?.status ?? 'skipped';
    return `<tr><td><span class="badge s-${status}">${e(status)}</span></td><td>${e(why.slice(why.indexOf('\n') + 1))}</td><td>${e(cells.map(cellLabel).join(', '))}</td></tr>`;
  });
  return [
    '<details id="others">',
    `<summary>${e(`${kinds.join(', ')} (${rest.length})`)}</summary>`,
    `<table class="reasons"><tbody>${rows.join('\n')}</tbody></table>`,
    '</details>',
  ].join('\n');
}

/** A fragment id derived from the cell key, restricted to characters safe in ids and URLs. */
function anchor(result: CaseResult): string {
  return `r-${cellKey(result).replace(/[^A-Za-z0-9._-]/g, (c) => `_${c.codePointAt(0)?.toString(16) ?? ''}`)}`;
}

function cut(text: string): string {
  return text.length > maxValueChars
    ? `${text.slice(0, maxValueChars)}\n… (${text.length - maxValueChars} more characters in report.json)`
    : text;
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

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
