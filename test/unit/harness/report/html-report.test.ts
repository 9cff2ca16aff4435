import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { reportCss, reportJs } from '../../../../harness/report/html-assets.ts';
import { toHtml } from '../../../../harness/report/html-report.ts';
import { escapeMarkup } from '../../../../harness/report/markup-escape.ts';
import { getRule } from '../../../../spec/lib/index.ts';
import { unpackTranscripts } from '../../../../harness/report/html-transcripts.ts';
import type { CaseResult, RunReport } from '../../../../harness/report/model.ts';
import { summarize } from '../../../../harness/report/model.ts';
import { redactRunReport } from '../../../../harness/report/redact.ts';
import { planted, rawReport, registeredSecrets } from './fixture.ts';
import { checkMarkup } from './markup-check.ts';

const html = toHtml(redactRunReport(rawReport(), registeredSecrets()));
const packed = unpackTranscripts(html);
const dateRange = 'r-ais-transactions_2fdate-range_40v1.4.2_2f10101';
const journey = 'r-oauth_2fconsent-journey_40v1.6.2_2f20202';

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/** The fixture's failure judged by real rules of the catalogue (a seed one and a choice one). */
function judged(rules: string[]): RunReport {
  const report = rawReport();
  const failed = report.results.find((r) => r.status === 'failed');
  if (failed?.failure === undefined) throw new Error('fixture changed');
  failed.failure.rules = rules;
  return report;
}

describe('HTML report', () => {
  it('is well-formed with our script, our style and one data block of packed transcripts', () => {
    const { elements } = checkMarkup(html, { html: true });
    expect(elements.filter((name) => name === 'script')).toHaveLength(2);
    expect(elements.filter((name) => name === 'style')).toHaveLength(1);
    expect(html).toContain(`<script>${reportJs}</script>`);
    expect(html).toContain(`<style>${reportCss}</style>`);
    expect(html).toMatch(/<script type="application\/gzip" id="transcripts">[A-Za-z0-9+/=]+<\/script>/);
  });

  it('loads nothing from outside: no links, no remote sources, a CSP allowing only its own script and style', () => {
    expect(html).not.toMatch(/<link\b/);
    expect(html).not.toMatch(/\b(src|href)="(?!#|data:image\/)/);
    expect(html).toContain(
      `content="default-src &#39;none&#39;; img-src data:; style-src &#39;sha256-${sha256(reportCss)}&#39;; script-src &#39;sha256-${sha256(reportJs)}&#39;;`,
    );
  });

  it('escapes a hostile response body in the packed transcript instead of letting it run', () => {
    const markup = packed[dateRange] ?? '';
    expect(markup).toContain(
      '&lt;/script&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;&lt;img src=x onerror=&quot;window.pwned=2&quot;&gt;',
    );
    expect(markup).not.toContain('window.pwned=1</script>');
    expect(markup).not.toContain('<img src=x');
    expect(() => checkMarkup(markup, { html: true })).not.toThrow();
  });

  it('escapes hostile case names and titles in attributes and text', () => {
    const report = rawReport();
    for (const result of report.results.filter((r) => r.case === 'date-range')) {
      result.suite = '"><script>alert(1)</script>';
      result.title = "' onmouseover='alert(2)";
    }
    const out = toHtml(report);
    expect(() => checkMarkup(out, { html: true })).not.toThrow();
    expect(out).not.toContain('<script>alert(1)');
    expect(out).not.toContain("' onmouseover='");
    expect(out).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('keeps the matrix of every case, collapsed: one row per case, one column per version × institution', () => {
    expect(html).toContain('<details id="matrix">');
    expect(html.match(/<tr data-suite=/g)).toHaveLength(4);
    expect(html).toContain('<th data-version="v1.4.2" data-institution="20202">v1.4.2<br>20202</th>');
    const row = /<tr data-suite="ais-transactions"[^>]*><th>ais-transactions\/date-range<\/th>.*?<\/tr>/.exec(
      html,
    )?.[0];
    expect(row?.match(/class="s-passed"/g)).toHaveLength(2);
    expect(row).toContain(`<td class="s-failed"><a href="#${dateRange}">✗</a></td>`);
    expect(row?.match(/<td>·<\/td>/g)).toHaveLength(1);
  });

  it('puts the filters and counts at the top: severity, status, suite, rule, version, institution, sort', () => {
    expect(html.indexOf('<form id="filters">')).toBeLessThan(html.indexOf('<section id="findings">'));
    for (const name of ['severity', 'status', 'suite', 'rule', 'version', 'institution', 'sort'])
      expect(html).toContain(`<select name="${name}">`);
    expect(html).toContain('<option value="security">security and data exposure</option>');
    expect(html).toContain('<option value="AIS-TRX-003">AIS-TRX-003</option>');
    expect(html).toContain('<option value="oauth">oauth</option>');
    expect(html).toContain('<p id="shown">2 rules · 2 cases · 2 cells</p>');
  });

  it('details a failure in its cell: expected vs actual in the page, steps, transcript, curl and screenshot packed', () => {
    const start = html.indexOf(`<details class="cell" id="${dateRange}"`);
    expect(start).toBeGreaterThan(0);
    const cell = html.slice(start, html.indexOf('</details>', start));
    expect(cell).toContain('<pre class="expected">before 2024-01-10</pre>');
    expect(cell).toContain('<pre class="actual">2024-01-10</pre>');
    expect(cell).toContain(`<div class="transcript" data-key="${dateRange}">`);
    const markup = packed[dateRange] ?? '';
    expect(markup).toContain(
      '<details class="step" open><summary>Failing step: transactions (request)</summary>',
    );
    expect(markup).toContain('authorization: Bearer &lt;redacted:access_token#1&gt;');
    expect(markup).toContain('signature=&quot;&lt;redacted:signature#1&gt;&quot;');
    expect(markup).toContain(
      '<pre class="curl">curl -H &#39;Authorization: Bearer &lt;redacted:access_token#1&gt;&#39;',
    );
    expect(markup).toContain(
      '<img alt="screenshot of the failing step" src="data:image/png;base64,iVBORw0KGgo',
    );
    expect(html).not.toContain('iVBORw0KGgo');
  });

  it('builds the curl command from the transcript when the step has none', () => {
    const markup = packed[journey] ?? '';
    expect(markup).toContain(
      '<pre class="curl">curl -sS -i -X POST https://api-20202.psd2.groupbank.example/stet/psd2/oauth/authorize/j1',
    );
    expect(markup).toMatch(/--data-binary &#39;identifier=alice&amp;otp=[^\n]*<\/pre>/);
    expect(markup).not.toContain(planted.otp);
  });

  it("offers under Reproduce the repro command of the cell, with the run's faults or target file, and no placeholder", () => {
    const withFaults = rawReport();
    withFaults.target = { ...withFaults.target, reproduce: { faults: ['dateto-inclusive'] } };
    const markup = unpackTranscripts(toHtml(withFaults))[dateRange] ?? '';
    expect(markup).toContain(
      '<h4>Reproduce</h4><pre class="curl">stet-harness repro ais-transactions/date-range --version v1.4.2 --institution 10101 --fault dateto-inclusive --out repro.sh</pre>',
    );
    const withFile = rawReport();
    withFile.target = { ...withFile.target, reproduce: { targetFile: '/srv/bank target.yaml' } };
    expect(unpackTranscripts(toHtml(withFile))[dateRange]).toContain(
      '--institution 10101 --target &#39;/srv/bank target.yaml&#39; --out repro.sh',
    );
    // A run that does not know how to reach its target again offers no command rather than a placeholder.
    expect(packed[dateRange]).not.toContain('<h4>Reproduce</h4>');
  });

  it('lists skipped and not-applicable cells with their reasons, collapsed, one row per reason', () => {
    expect(html).toContain('<details id="others">\n<summary>skipped, not-applicable (2)</summary>');
    expect(html).toContain(
      '<td>target lacks capability sandbox</td><td>ais-transactions/sandbox-clock [v1.4.2 · 20202]</td>',
    );
  });

  it('leaves out a screenshot that is not a plain base64 image', () => {
    const report = rawReport();
    const step = report.results[2]?.steps[1];
    if (step === undefined) throw new Error('fixture changed');
    step.screenshot = { mediaType: 'text/html', base64: 'PHNjcmlwdD4=' };
    const markup = unpackTranscripts(toHtml(report))[dateRange] ?? '';
    expect(markup).toContain('(screenshot omitted');
    expect(markup).not.toContain('data:text/html');
  });

  it('contains no registered secret, in the page or its packed transcripts', () => {
    for (const secret of Object.values(planted)) {
      expect(html).not.toContain(secret);
      expect(JSON.stringify(packed)).not.toContain(secret);
    }
  });
});

describe('HTML report for the person who must fix the bank', () => {
  it('opens on one collapsed row per rule, everything closed until opened', () => {
    expect(html).not.toMatch(/<details[^>]* open/);
    expect(html.indexOf('<section id="findings">')).toBeLessThan(html.indexOf('<details id="matrix">'));
    expect(html.match(/<details class="rule"/g)).toHaveLength(2);
    expect(html.match(/<details class="case"/g)).toHaveLength(2);
    expect(html.match(/<details class="cell"/g)).toHaveLength(2);
  });

  it('shows the seed quote and the severity of a seed rule on its finding', () => {
    const out = toHtml(judged(['AIS-ACC-NOT-CONSENTED-NGAC']));
    const start = out.indexOf('<details class="rule" data-rule="AIS-ACC-NOT-CONSENTED-NGAC"');
    const row = out.slice(start, out.indexOf('<details class="case"', start));
    expect(row).toContain('data-severity="security"');
    expect(out).toContain(
      '<ul class="summary severities"><li class="sev sev-security">security and data exposure: 1 rule, 1 cell</li><li class="sev sev-behaviour">behaviour: 0 rules, 0 cells</li>',
    );
    expect(row).toContain(
      '<span class="sev sev-security" title="severity">security and data exposure</span>',
    );
    const basis = getRule('AIS-ACC-NOT-CONSENTED-NGAC')?.basis;
    expect(basis?.kind).toBe('seed');
    expect(row).toContain(
      `<blockquote class="quote">${escapeMarkup(basis?.kind === 'seed' ? basis.quote : '')}</blockquote>`,
    );
  });

  it('shows our reason for a choice rule, and that it is ours', () => {
    const out = toHtml(judged(['ERR-STET-BODY']));
    const start = out.indexOf('<details class="rule" data-rule="ERR-STET-BODY"');
    const row = out.slice(start, out.indexOf('<details class="case"', start));
    expect(row).toContain('<span class="sev sev-format" title="severity">format</span>');
    expect(row).toContain('<strong>Our choice</strong>, where the seed is silent');
    expect(row).toContain('<span class="reason">');
    expect(row).not.toContain('blockquote');
  });

  it('files a failure once, under its most serious rule, naming the others', () => {
    const out = toHtml(judged(['ERR-STET-BODY', 'AIS-ACC-NOT-CONSENTED-NGAC']));
    expect(out).not.toContain('data-rule="ERR-STET-BODY"');
    expect(out.indexOf('data-rule="AIS-ACC-NOT-CONSENTED-NGAC"')).toBeLessThan(
      out.indexOf('data-rule="(harness error)"'),
    );
    expect(out).toContain('<p class="also">Also judged by <code>ERR-STET-BODY</code>.</p>');
    // The rule filter finds it by either rule.
    expect(out).toContain('<option value="ERR-STET-BODY">ERR-STET-BODY</option>');
    expect(out).toContain('data-rules="AIS-ACC-NOT-CONSENTED-NGAC ERR-STET-BODY"');
  });

  it('shows a case as one row with its version × institution cells', () => {
    const start = html.indexOf('<details class="case" data-suite="ais-transactions"');
    const summary = html.slice(start, html.indexOf('</summary>', start));
    expect(summary).toContain('<b>ais-transactions/date-range</b>');
    expect(summary.match(/<i /g)).toHaveLength(4);
    expect(summary).toContain('<i class="s-failed mine" title="v1.4.2 · 10101: failed">✗</i>');
    expect(summary).toContain('<i title="v1.6.2 · 20202: not run"></i>');
    expect(summary).toContain('1 of 3 cells');
  });

  it('stays under a megabyte with a hundred failures carrying long bodies', () => {
    const report = rawReport();
    const failed = report.results.find((r) => r.status === 'failed');
    if (failed === undefined) throw new Error('fixture changed');
    const body = JSON.stringify({
      transactions: Array.from({ length: 300 }, (_v, i) => ({
        resourceId: `tx${String(i * 7919).padStart(8, '0')}`,
        transactionAmount: { amount: `${(i * 13.37).toFixed(2)}`, currency: 'EUR' },
        creditDebitIndicator: i % 2 === 0 ? 'DBIT' : 'CRDT',
        bookingDate: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      })),
    });
    const results: CaseResult[] = Array.from({ length: 100 }, (_v, i) => ({
      ...failed,
      case: `case-${Math.floor(i / 9)}`,
      version: ['v1', 'v1.4.2', 'v1.6.2'][i % 3] ?? 'v1',
      institution: ['10101', '20202', '30303'][Math.floor(i / 3) % 3] ?? '10101',
      steps: failed.steps.map((step) => ({
        ...step,
        transcript: step.transcript.map((entry) => ({
          ...entry,
          response: { status: 200, headers: { 'x-request-id': `id-${i}` }, body },
        })),
      })),
    }));
    report.results = results;
    report.summary = summarize(results);
    const out = toHtml(report);
    expect(out.match(/<details class="cell"/g)).toHaveLength(100);
    expect(Buffer.byteLength(out)).toBeLessThan(1_000_000);
    expect(unpackTranscripts(out)[`r-ais-transactions_2fcase-0_40v1_2f10101`]).toContain(
      'more characters in report.json',
    );
  });

  it('pretty-prints JSON bodies and folds long ones', () => {
    const report = rawReport();
    const failed = report.results.find((r) => r.status === 'failed');
    const entry = failed?.steps[0]?.transcript[0];
    if (entry?.response === undefined) throw new Error('fixture changed');
    entry.response.body = JSON.stringify({ items: Array.from({ length: 30 }, (_v, i) => ({ i })) });
    const markup = unpackTranscripts(toHtml(report))[dateRange] ?? '';
    expect(markup).toContain('<details class="body"><summary>body (');
    expect(markup).toContain(
      '<pre class="response body">{\n  &quot;items&quot;: [\n    {\n      &quot;i&quot;: 0\n',
    );
  });

  it('says "conforms to its baseline" and lists the baseline section when only accepted deviations remain', () => {
    const report = rawReport();
    report.results = report.results
      .filter((r) => r.status !== 'errored')
      .map((r) =>
        r.status === 'failed' ? { ...r, status: 'accepted' as const, reason: 'in the baseline b.yaml' } : r,
      );
    report.summary = { ...report.summary, failed: 0, errored: 0, accepted: 1 };
    report.baseline = {
      file: 'b.yaml',
      accepted: [{ rule: 'AIS-TRX-003', case: 'ais-transactions/date-range', reason: 'fix in 24.3' }],
      fixed: [],
      unexpected: [],
    };
    const text = toHtml(report);
    expect(text).toContain('<p class="verdict">The target conforms to its baseline.</p>');
    expect(text).toContain('<h2>Baseline b.yaml</h2>');
    expect(text).toContain('<p>None: every check held.</p>');
    expect(text).toMatch(
      /<span class="badge s-accepted">accepted<\/span><\/td><td>in the baseline b\.yaml — bookingDate outside \[dateFrom, dateTo\)<\/td><td>ais-transactions\/date-range/,
    );
  });
});
