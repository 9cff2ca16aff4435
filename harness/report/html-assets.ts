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
h2 { font-size: 1.2rem; margin-top: 1.5rem; border-bottom: 1px solid #d8dce5; }
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
#filters { display: flex; gap: 1rem; flex-wrap: wrap; align-items: end; background: #f5f6f9; padding: .75rem; border-radius: .5rem; position: sticky; top: 0; z-index: 1; }
#filters label { display: flex; flex-direction: column; font-size: .8rem; color: #5a6375; gap: .2rem; }
#shown { font-size: .9rem; font-weight: 600; margin: 0; }
details > summary { cursor: pointer; }
details.rule { border: 1px solid #d8dce5; border-radius: .5rem; margin: .4rem 0; padding: .4rem .75rem; }
details.rule > summary { font-size: .95rem; }
details.case { margin: .3rem 0 .3rem 1rem; padding: .2rem .5rem; border-left: 3px solid #d8dce5; }
details.cell { margin: .25rem 0 .25rem 1rem; font-size: .9rem; }
details.cell[open] { background: #fbfbfd; padding: .25rem .5rem; border-radius: .35rem; }
.count { color: #5a6375; font-size: .85rem; margin-left: .5rem; }
.title { display: block; color: #5a6375; font-size: .85rem; margin-left: 1.25rem; }
.message { color: #333a48; }
.sev { padding: .1rem .5rem; border-radius: .75rem; font-size: .75rem; font-weight: 700; text-transform: uppercase; }
.sev-security { background: #9b1c1c; color: #fff; }
.sev-behaviour { background: #f7d9a8; color: #6b4100; }
.sev-format { background: #e4e7ee; color: #3d4555; }
.sev-none { background: #f1e2fb; color: #6b1f94; }
.severities li { font-size: .8rem; }
.basis { margin: .5rem 0 .5rem 1rem; font-size: .9rem; }
.basis p { margin: .2rem 0; }
.quote { margin: .25rem 0; padding: .35rem .75rem; border-left: 4px solid #17612b; background: #f3faf4; font-style: italic; }
.choice { border-left: 4px solid #1d3f8f; padding-left: .75rem; }
.section { color: #5a6375; }
.cells { display: inline-flex; gap: 2px; vertical-align: middle; margin-left: .5rem; }
.cells i { display: inline-block; width: 1.1rem; height: 1.1rem; font-style: normal; font-size: .7rem; text-align: center; line-height: 1.1rem; border-radius: 2px; background: #f5f6f9; opacity: .45; }
.cells i.mine { opacity: 1; outline: 1px solid currentColor; }
table { border-collapse: collapse; }
.matrix th, .matrix td { border: 1px solid #d8dce5; padding: .2rem .4rem; text-align: left; vertical-align: top; font-size: .85rem; }
.matrix thead th { background: #f5f6f9; position: sticky; top: 0; font-size: .75rem; }
.matrix td { text-align: center; min-width: 4rem; font-weight: 600; }
.matrix td a { color: inherit; text-decoration: none; display: block; }
.matrix td.dim { opacity: .25; }
.legend span { padding: .1rem .4rem; border-radius: .5rem; font-size: .8rem; margin-right: .25rem; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .82rem; }
pre { background: #f5f6f9; padding: .5rem .75rem; border-radius: .35rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; margin: .25rem 0; }
.badge { padding: .1rem .5rem; border-radius: .75rem; font-size: .8rem; }
.expected-actual { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
.steps li { margin: .15rem 0; }
details.step > summary, details.body > summary { font-family: ui-monospace, monospace; font-size: .85rem; }
.screenshot img { max-width: 100%; border: 1px solid #d8dce5; }
#matrix, #others { margin-top: 1.5rem; }
#matrix > summary, #others > summary { font-size: 1.1rem; font-weight: 600; }
.reasons td { border-bottom: 1px solid #eceef2; padding: .2rem .5rem; vertical-align: top; }
.baseline li { margin: .15rem 0; }
`;

/**
 * The report's script: filters and sorts the findings (rules, cases, cells) and the matrix, counts
 * what is shown, opens the finding a link points at, and unpacks a cell's transcript the first time
 * the cell is opened (the gzip, base64 data block of `html-transcripts.ts`).
 */
export const reportJs = `
(function () {
  'use strict';
  var form = document.getElementById('filters');
  if (!form) return;
  var list = document.getElementById('rules');
  function value(name) { var el = form.elements.namedItem(name); return el ? el.value : ''; }
  function has(el, name, v) { return (' ' + (el.getAttribute(name) || '') + ' ').indexOf(' ' + v + ' ') >= 0; }
  function apply() {
    var f = { severity: value('severity'), status: value('status'), suite: value('suite'), rule: value('rule'),
      version: value('version'), institution: value('institution'), text: value('q').toLowerCase() };
    var nRules = 0, nCases = 0, nCells = 0;
    var rules = document.querySelectorAll('details.rule');
    for (var i = 0; i < rules.length; i++) {
      var rule = rules[i];
      var ruleMatch = f.severity === '' || rule.getAttribute('data-severity') === f.severity;
      var ruleText = rule.getAttribute('data-text') || '';
      var cases = rule.querySelectorAll('details.case');
      var anyCase = false;
      for (var j = 0; j < cases.length; j++) {
        var one = cases[j];
        var caseMatch = ruleMatch && (f.suite === '' || one.getAttribute('data-suite') === f.suite) &&
          (f.text === '' || ruleText.indexOf(f.text) >= 0 || (one.getAttribute('data-text') || '').indexOf(f.text) >= 0);
        var cells = one.querySelectorAll('details.cell');
        var shown = 0;
        for (var k = 0; k < cells.length; k++) {
          var cell = cells[k];
          var match = caseMatch && (f.status === '' || cell.getAttribute('data-status') === f.status) &&
            (f.rule === '' || has(cell, 'data-rules', f.rule)) &&
            (f.version === '' || cell.getAttribute('data-version') === f.version) &&
            (f.institution === '' || cell.getAttribute('data-institution') === f.institution);
          cell.hidden = !match;
          if (match) shown++;
        }
        one.hidden = shown === 0;
        if (shown > 0) { anyCase = true; nCases++; nCells += shown; }
      }
      rule.hidden = !anyCase;
      if (anyCase) nRules++;
    }
    var heads = document.querySelectorAll('.matrix thead th[data-version]');
    var keep = [];
    for (var h = 0; h < heads.length; h++) {
      var th = heads[h];
      keep[h] = (f.version === '' || th.getAttribute('data-version') === f.version) &&
        (f.institution === '' || th.getAttribute('data-institution') === f.institution);
      th.hidden = !keep[h];
    }
    var rows = document.querySelectorAll('.matrix tbody tr');
    for (var r = 0; r < rows.length; r++) {
      var row = rows[r];
      var rowMatch = (f.suite === '' || row.getAttribute('data-suite') === f.suite) &&
        (f.rule === '' || has(row, 'data-rules', f.rule)) &&
        (f.text === '' || row.cells[0].textContent.toLowerCase().indexOf(f.text) >= 0);
      var tds = row.querySelectorAll('td');
      var any = false;
      for (var c = 0; c < tds.length; c++) {
        var td = tds[c];
        td.hidden = !keep[c];
        var status = (/(?:^| )s-([a-z-]+)/.exec(td.className) || [])[1] || '';
        var on = keep[c] && status !== '' && (f.status === '' || status === f.status);
        td.classList.toggle('dim', !on);
        if (on) any = true;
      }
      row.hidden = !(rowMatch && any);
    }
    var counter = document.getElementById('shown');
    if (counter) counter.textContent = nRules + ' rules · ' + nCases + ' cases · ' + nCells + ' cells shown';
  }
  function sort() {
    if (!list) return;
    var by = value('sort');
    var items = Array.prototype.slice.call(list.children);
    function num(el, name) { return Number(el.getAttribute(name)); }
    items.sort(function (a, b) {
      var ra = a.getAttribute('data-rule'), rb = b.getAttribute('data-rule');
      if (by === 'rule') return ra < rb ? -1 : ra > rb ? 1 : 0;
      if (by === 'cells') return num(b, 'data-cells') - num(a, 'data-cells') || (ra < rb ? -1 : 1);
      return num(a, 'data-rank') - num(b, 'data-rank') || num(b, 'data-cells') - num(a, 'data-cells') || (ra < rb ? -1 : 1);
    });
    for (var i = 0; i < items.length; i++) list.appendChild(items[i]);
  }
  var packed = null;
  function transcripts() {
    if (packed === null) {
      var block = document.getElementById('transcripts');
      var bin = atob(block ? block.textContent.trim() : '');
      var bytes = new Uint8Array(bin.length);
      for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      packed = new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).json();
    }
    return packed;
  }
  function load(cell) {
    var slot = cell.querySelector('.transcript[data-key]');
    if (!slot || slot.getAttribute('data-loaded')) return;
    slot.setAttribute('data-loaded', 'loading');
    transcripts().then(function (map) {
      var key = slot.getAttribute('data-key');
      slot.innerHTML = Object.prototype.hasOwnProperty.call(map, key) ? map[key] : '<p>No transcript was kept.</p>';
      slot.setAttribute('data-loaded', 'yes');
    }, function (error) { slot.textContent = 'The transcript could not be unpacked: ' + error; });
  }
  function reveal() {
    var id = decodeURIComponent(location.hash.slice(1));
    var el = id === '' ? null : document.getElementById(id);
    if (!el) return;
    for (var p = el; p; p = p.parentElement) if (p.tagName === 'DETAILS') p.open = true;
    el.scrollIntoView();
  }
  document.addEventListener('toggle', function (event) {
    var t = event.target;
    if (t && t.open && t.classList && t.classList.contains('cell')) load(t);
  }, true);
  form.addEventListener('input', apply);
  form.addEventListener('change', function (event) { if (event.target && event.target.name === 'sort') sort(); else apply(); });
  form.addEventListener('submit', function (e) { e.preventDefault(); });
  window.addEventListener('hashchange', reveal);
  apply();
  reveal();
})();
`;

/** A CSP source allowing exactly `text` (`'sha256-…'`). */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The Content-Security-Policy of the report page. */
export const reportCsp = `default-src 'none'; img-src data:; style-src ${cspHash(reportCss)}; script-src ${cspHash(reportJs)}; form-action 'none'; base-uri 'none'`;
