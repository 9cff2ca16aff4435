import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { reportCss, reportJs } from '../../../../harness/report/html-assets.ts';
import { toHtml } from '../../../../harness/report/html-report.ts';
import { redactRunReport } from '../../../../harness/report/redact.ts';
import { planted, rawReport, registeredSecrets } from './fixture.ts';
import { checkMarkup } from './markup-check.ts';

const html = toHtml(redactRunReport(rawReport(), registeredSecrets()));

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

describe('HTML report', () => {
  it('is well-formed with exactly one script and one style, both ours', () => {
    const { elements } = checkMarkup(html, { html: true });
    expect(elements.filter((name) => name === 'script')).toHaveLength(1);
    expect(elements.filter((name) => name === 'style')).toHaveLength(1);
    expect(elements.filter((name) => name === 'img')).toHaveLength(1);
    expect(html).toContain(`<script>${reportJs}</script>`);
    expect(html).toContain(`<style>${reportCss}</style>`);
  });

  it('loads nothing from outside: no links, no remote sources, a CSP allowing only its own script and style', () => {
    expect(html).not.toMatch(/<link\b/);
    expect(html).not.toMatch(/\b(src|href)="(?!#|data:image\/)/);
    expect(html).toContain(
      `content="default-src &#39;none&#39;; img-src data:; style-src &#39;sha256-${sha256(reportCss)}&#39;; script-src &#39;sha256-${sha256(reportJs)}&#39;;`,
    );
  });

  it('escapes a hostile response body instead of letting it run', () => {
    expect(html).toContain(
      '&lt;/script&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;&lt;img src=x onerror=&quot;window.pwned=2&quot;&gt;',
    );
    expect(html).not.toContain('window.pwned=1</script>');
    expect(html).not.toContain('<img src=x');
  });

  it('escapes hostile case names and titles in attributes and text', () => {
    const report = rawReport();
    const first = report.results[0];
    if (first === undefined) throw new Error('fixture changed');
    first.suite = '"><script>alert(1)</script>';
    first.title = "' onmouseover='alert(2)";
    const out = toHtml(report);
    expect(() => checkMarkup(out, { html: true })).not.toThrow();
    expect(out).not.toContain('<script>alert(1)');
    expect(out).not.toContain("' onmouseover='");
    expect(out).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('shows the matrix: one row per case, one column per version × institution, a status per cell', () => {
    expect(html.match(/<tr data-row /g)).toHaveLength(4);
    expect(html.match(/<th data-col /g)).toHaveLength(4);
    expect(html).toContain(
      '<th data-col data-version="v1.4.2" data-institution="20202">v1.4.2<br>20202</th>',
    );
    const dateRange =
      /<tr data-row data-suite="ais-transactions"[^>]*><th>ais-transactions\/date-range.*?<\/tr>/.exec(
        html,
      )?.[0] ?? '';
    expect(dateRange.match(/data-status="passed"/g)).toHaveLength(2);
    expect(dateRange.match(/data-status="failed"/g)).toHaveLength(1);
    expect(dateRange.match(/data-status=""/g)).toHaveLength(1);
  });

  it('offers filters by status, suite, rule, version and institution', () => {
    for (const name of ['status', 'suite', 'rule', 'version', 'institution'])
      expect(html).toContain(`<select name="${name}">`);
    expect(html).toContain('<option value="not-applicable">not-applicable</option>');
    expect(html).toContain('<option value="TOK-001">TOK-001</option>');
    expect(html).toContain('<option value="oauth">oauth</option>');
  });

  it('details a failure: rule, seed section, expected vs actual, transcript, curl and screenshot', () => {
    const start = html.indexOf(
      '<article class="result" id="r-ais-transactions_2fdate-range_40v1.4.2_2f10101"',
    );
    expect(start).toBeGreaterThan(0);
    const failure = html.slice(start, html.indexOf('</article>', start));
    expect(failure).toContain(
      '<code>AIS-TRX-003</code> Transactions fall in [dateFrom, dateTo) · seed §4.3.2',
    );
    expect(failure).toContain('<pre class="expected">before 2024-01-10</pre>');
    expect(failure).toContain('<pre class="actual">2024-01-10</pre>');
    expect(failure).toContain(
      '<details class="step" open><summary>Failing step: transactions (request)</summary>',
    );
    expect(failure).toContain('authorization: Bearer &lt;redacted:access_token#1&gt;');
    expect(failure).toContain('signature=&quot;&lt;redacted:signature#1&gt;&quot;');
    expect(failure).toContain(
      '<pre class="curl">curl -H &#39;Authorization: Bearer &lt;redacted:access_token#1&gt;&#39;',
    );
    expect(failure).toContain(
      '<img alt="screenshot of the failing step" src="data:image/png;base64,iVBORw0KGgo',
    );
    expect(html).toContain('href="#r-ais-transactions_2fdate-range_40v1.4.2_2f10101"');
  });

  it('builds the curl command from the transcript when the step has none', () => {
    const start = html.indexOf('Failing step: consent (journey)');
    const step = html.slice(start, html.indexOf('</details>', start));
    expect(step).toContain(
      '<pre class="curl">curl -sS -i -X POST https://api-20202.psd2.groupbank.example/stet/psd2/oauth/authorize/j1',
    );
    expect(step).toContain('--data-binary &#39;identifier=alice&amp;otp=&lt;redacted:otp#1&gt;&#39;');
  });

  it('lists skipped and not-applicable cells with their reasons', () => {
    expect(html).toContain('<h2>skipped, not-applicable (2)</h2>');
    expect(html).toContain('target lacks capability sandbox');
  });

  it('leaves out a screenshot that is not a plain base64 image', () => {
    const report = rawReport();
    const step = report.results[2]?.steps[1];
    if (step === undefined) throw new Error('fixture changed');
    step.screenshot = { mediaType: 'text/html', base64: 'PHNjcmlwdD4=' };
    expect(toHtml(report)).toContain('(screenshot omitted');
    expect(toHtml(report)).not.toContain('data:text/html');
  });

  it('contains no registered secret', () => {
    for (const secret of Object.values(planted)) expect(html).not.toContain(secret);
  });
});

describe('HTML report that reads well', () => {
  it('opens on the failures when there are any, and on the matrix when there are none', () => {
    expect(html.indexOf('<section id="problems">')).toBeLessThan(html.indexOf('<section id="matrix">'));
    const passing = rawReport();
    passing.results = passing.results.filter((r) => r.status === 'passed');
    passing.summary = { ...passing.summary, failed: 0, errored: 0 };
    const clean = toHtml(passing);
    expect(clean.indexOf('<section id="matrix">')).toBeLessThan(clean.indexOf('<section id="problems">'));
  });

  it('pretty-prints JSON bodies and folds long ones', () => {
    const report = rawReport();
    const failed = report.results.find((r) => r.status === 'failed');
    const entry = failed?.steps[0]?.transcript[0];
    if (entry?.response === undefined) throw new Error('fixture changed');
    entry.response.body = JSON.stringify({ items: Array.from({ length: 30 }, (_v, i) => ({ i })) });
    const text = toHtml(report);
    expect(text).toContain('<details class="body"><summary>body (');
    expect(text).toContain(
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
    expect(text).toContain('<option value="accepted">accepted</option>');
    expect(text).toMatch(
      /<span class="badge s-accepted">accepted<\/span><\/td><td>ais-transactions\/date-range/,
    );
  });
});
