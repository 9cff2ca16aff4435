/**
 * The inline stylesheet and script of the HTML report.
 *
 * Both are constants so the page's Content-Security-Policy can allow exactly them by hash: even if a
 * target's response smuggled markup past the escaping, no other script or style would run, and nothing
 * is ever fetched from the network (images are data URIs only).
 */
import { createHash } from 'node:crypto';

/** The report's stylesheet. */
export const reportCss = `
:root { font-family: system-ui, sans-serif; color: #1d2330; background: #fff; }
body { margin: 0 auto; padding: 1rem 2rem 4rem; max-width: 110rem; }
h1 { font-size: 1.5rem; margin-bottom: .25rem; }
h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #d8dce5; }
h3 { font-size: 1.05rem; margin: 0 0 .5rem; }
h4 { font-size: .95rem; margin: 1rem 0 .25rem; }
.meta { color: #5a6375; margin-top: 0; }
.summary { display: flex; gap: .5rem; list-style: none; padding: 0; flex-wrap: wrap; }
.summary li { padding: .25rem .75rem; border-radius: 1rem; font-weight: 600; }
.verdict { font-weight: 600; }
.s-passed { background: #dff3e3; color: #17612b; }
.s-failed { background: #fbe0e0; color: #9b1c1c; }
.s-errored { background: #f1e2fb; color: #6b1f94; }
.s-accepted { background: #dcf1f4; color: #0f5b66; }
.s-skipped { background: #fdf1d6; color: #7a5300; }
.s-not-applicable { background: #eceef2; color: #545c6b; }
.s-advisory { background: #e3eafc; color: #1d3f8f; }
#filters { display: flex; gap: 1rem; flex-wrap: wrap; align-items: end; background: #f5f6f9; padding: .75rem; border-radius: .5rem; }
#filters label { display: flex; flex-direction: column; font-size: .8rem; color: #5a6375; gap: .2rem; }
#shown { font-size: .85rem; color: #5a6375; }
table { border-collapse: collapse; }
.matrix th, .matrix td { border: 1px solid #d8dce5; padding: .25rem .5rem; text-align: left; vertical-align: top; }
.matrix thead th { background: #f5f6f9; position: sticky; top: 0; font-size: .8rem; }
.matrix td.cell { text-align: center; min-width: 4.5rem; font-weight: 600; }
.matrix td.cell a { color: inherit; text-decoration: none; display: block; }
.matrix td.dim { opacity: .25; }
.matrix .title { display: block; font-weight: 400; color: #5a6375; font-size: .85rem; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .82rem; }
pre { background: #f5f6f9; padding: .5rem .75rem; border-radius: .35rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; margin: .25rem 0; }
.result { border: 1px solid #d8dce5; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
.badge { padding: .1rem .5rem; border-radius: .75rem; font-size: .8rem; }
.rules { margin: .25rem 0; padding-left: 1.25rem; }
.message { font-weight: 600; }
.expected-actual { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
.steps li { margin: .15rem 0; }
details > summary { cursor: pointer; font-family: ui-monospace, monospace; font-size: .85rem; }
.screenshot img { max-width: 100%; border: 1px solid #d8dce5; }
.reasons td { border-bottom: 1px solid #eceef2; padding: .2rem .5rem; vertical-align: top; }
.baseline li { margin: .15rem 0; }
`;

/** The report's filter script: hides rows, columns and details that do not match the chosen filters. */
export const reportJs = `
(function () {
  'use strict';
  var form = document.getElementById('filters');
  if (!form) return;
  function value(name) { var el = form.elements.namedItem(name); return el ? el.value : ''; }
  function hasRule(el, rule) { return (' ' + (el.getAttribute('data-rules') || '') + ' ').indexOf(' ' + rule + ' ') >= 0; }
  function apply() {
    var f = { status: value('status'), suite: value('suite'), rule: value('rule'), version: value('version'),
      institution: value('institution'), text: value('q').toLowerCase() };
    var columns = document.querySelectorAll('[data-col]');
    for (var i = 0; i < columns.length; i++) {
      var c = columns[i];
      c.hidden = (f.version !== '' && c.getAttribute('data-version') !== f.version) ||
        (f.institution !== '' && c.getAttribute('data-institution') !== f.institution);
    }
    var rows = document.querySelectorAll('tr[data-row]');
    var shown = 0;
    for (var r = 0; r < rows.length; r++) {
      var row = rows[r];
      var rowMatch = (f.suite === '' || row.getAttribute('data-suite') === f.suite) &&
        (f.rule === '' || hasRule(row, f.rule)) &&
        (f.text === '' || (row.getAttribute('data-text') || '').indexOf(f.text) >= 0);
      var cells = row.querySelectorAll('td[data-col]');
      var any = false;
      for (var k = 0; k < cells.length; k++) {
        var cell = cells[k];
        var match = !cell.hidden && cell.getAttribute('data-status') !== '' &&
          (f.status === '' || cell.getAttribute('data-status') === f.status);
        cell.classList.toggle('dim', !match);
        if (match) { any = true; if (rowMatch) shown++; }
      }
      row.hidden = !(rowMatch && any);
    }
    var items = document.querySelectorAll('[data-result]');
    for (var j = 0; j < items.length; j++) {
      var it = items[j];
      it.hidden = !((f.status === '' || it.getAttribute('data-status') === f.status) &&
        (f.suite === '' || it.getAttribute('data-suite') === f.suite) &&
        (f.rule === '' || hasRule(it, f.rule)) &&
        (f.version === '' || it.getAttribute('data-version') === f.version) &&
        (f.institution === '' || it.getAttribute('data-institution') === f.institution) &&
        (f.text === '' || (it.getAttribute('data-text') || '').indexOf(f.text) >= 0));
    }
    var counter = document.getElementById('shown');
    if (counter) counter.textContent = shown + ' results shown';
  }
  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  form.addEventListener('submit', function (e) { e.preventDefault(); });
  apply();
})();
`;

/** A CSP source allowing exactly `text` (`'sha256-…'`). */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The Content-Security-Policy of the report page. */
export const reportCsp = `default-src 'none'; img-src data:; style-src ${cspHash(reportCss)}; script-src ${cspHash(reportJs)}; form-action 'none'; base-uri 'none'`;
