import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { toHtml } from '../../harness/report/html-report.ts';
import type { RunReport } from '../../harness/report/model.ts';
import { redactRunReport } from '../../harness/report/redact.ts';
import { rawReport, registeredSecrets } from '../unit/harness/report/fixture.ts';

let dir = '';
let reportUrl = '';
let faultUrl = '';
let faultBytes = 0;
let faultJudges: unknown[] = [];

/**
 * The hand-made run with real rules of the catalogue: its failure judged by a format rule, and a
 * second case failing a security rule.
 */
function twoRules(): RunReport {
  const report = rawReport();
  const failed = report.results.find((r) => r.status === 'failed');
  if (failed?.failure === undefined) throw new Error('fixture changed');
  failed.failure.rules = ['ERR-STET-BODY'];
  report.results.push({
    ...failed,
    case: 'not-consented',
    steps: [],
    failure: { ...failed.failure, rules: ['AIS-ACC-NOT-CONSENTED-NGAC'] },
  });
  return report;
}

/** A full-page screenshot in the test's folder of test-results/ (the run's artefacts), attached to the test. */
async function screenshot(page: Page, name: string): Promise<void> {
  const path = test.info().outputPath(name);
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

test.beforeAll(async () => {
  // A real one-fault run (one suite of it, to stay quick): the bank serves accounts the PSU did not
  // consent to. `run` writes report.html itself; it exits 1, the target not conforming.
  test.setTimeout(180_000);
  dir = await mkdtemp(join(tmpdir(), 'stet-html-report-'));
  const path = join(dir, 'report.html');
  await writeFile(path, toHtml(redactRunReport(twoRules(), registeredSecrets())), 'utf8');
  reportUrl = pathToFileURL(path).href;
  const out = join(dir, 'fault');
  const run = spawnSync(
    'npx',
    ['stet-harness', 'run', '--fault', 'consent-not-checked', '--suite', 'smoke-ais', '--out', out],
    { encoding: 'utf8', timeout: 170_000 },
  );
  if (run.status !== 1) throw new Error(`the fault run exited ${String(run.status)}: ${run.stderr}`);
  faultUrl = pathToFileURL(join(out, 'report.html')).href;
  faultBytes = (await stat(join(out, 'report.html'))).size;
  const json: unknown = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
  const results: unknown = Reflect.get(json as object, 'results');
  faultJudges = (Array.isArray(results) ? results : [])
    .map((r: unknown) => Reflect.get(Reflect.get(r as object, 'failure') ?? {}, 'rules') as unknown)
    .filter((rules) => rules !== undefined);
});

test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

test.describe('the HTML report of a one-fault run in Chromium', () => {
  test('opens at once on one collapsed row per rule, with its severity and the seed quote', async ({
    page,
  }) => {
    expect(faultBytes).toBeLessThan(200_000);
    // Each failure names the rule that judged it: the report files it under that rule.
    expect(faultJudges).toHaveLength(9);
    expect(
      faultJudges.every((rules) => Array.isArray(rules) && rules[0] === 'AIS-ACC-NOT-CONSENTED-NGAC'),
    ).toBe(true);
    const started = Date.now();
    await page.goto(faultUrl, { waitUntil: 'load' });
    const loadMs = Date.now() - started;
    test.info().annotations.push({ type: 'load', description: `${faultBytes} bytes loaded in ${loadMs} ms` });
    expect(loadMs).toBeLessThan(1_000);
    const rule = page.locator('details.rule[data-rule="AIS-ACC-NOT-CONSENTED-NGAC"]');
    await expect(rule).toHaveCount(1);
    await expect(rule).not.toHaveAttribute('open');
    await expect(rule.locator('summary .sev')).toHaveText('security and data exposure');
    await expect(page.locator('details[open]')).toHaveCount(0);
    await expect(page.locator('#shown')).toHaveText('1 rules · 1 cases · 9 cells shown');
    await rule.locator(':scope > summary').click();
    await expect(rule.locator('blockquote.quote')).toBeVisible();
    expect((await rule.locator('blockquote.quote').textContent())?.length).toBeGreaterThan(10);
    await screenshot(page, 'one-fault-opened.png');
  });

  test('filters by version and institution, then expands a cell onto its transcript', async ({ page }) => {
    await page.goto(faultUrl);
    await page.locator('select[name="version"]').selectOption('v1.6.2');
    await page.locator('select[name="institution"]').selectOption('20202');
    await expect(page.locator('#shown')).toHaveText('1 rules · 1 cases · 1 cells shown');
    await page.locator('details.rule > summary').click();
    await page.locator('details.case:visible > summary').click();
    const cell = page.locator('details.cell:visible');
    await expect(cell).toHaveCount(1);
    await expect(cell.locator('summary')).toContainText('v1.6.2 · 20202');
    await cell.locator('summary').click();
    await expect(cell.locator('pre.expected')).toBeVisible();
    // The transcript is unpacked on opening: the failing step's response, with the leaked account data.
    await expect(cell.locator('details.step[open] pre.response').first()).toContainText('HTTP 200');
    // Reproduce: the repro command of this cell, with the run's fault; then each request as curl.
    await expect(cell.locator('pre.curl').first()).toContainText(
      'stet-harness repro smoke-ais/not-consented-account --version',
    );
    await expect(cell.locator('pre.curl').first()).toContainText(
      '--fault consent-not-checked --out repro.sh',
    );
    await expect(cell.locator('details.step pre.curl').first()).toContainText('curl');
    await screenshot(page, 'one-fault-filtered-expanded.png');

    await page.locator('select[name="severity"]').selectOption('format');
    await expect(page.locator('#shown')).toHaveText('0 rules · 0 cases · 0 cells shown');
    await expect(page.locator('details.rule:visible')).toHaveCount(0);
  });

  test('a failed cell of the matrix opens its finding', async ({ page }) => {
    await page.goto(faultUrl);
    await page.locator('#matrix > summary').click();
    await page.locator('.matrix td.s-failed a').first().click();
    const target = page.locator('details.cell:target');
    await expect(target).toHaveAttribute('open', '');
    await expect(target.locator('.transcript[data-loaded="yes"]')).toHaveCount(1);
  });
});

test.describe('the HTML report in Chromium', () => {
  test('runs its own script under its CSP, fetches nothing and runs nothing from the target', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('dialog', (dialog) => problems.push(`dialog: ${dialog.message()}`));
    page.on('request', (request) => {
      if (!request.url().startsWith('file:') && !request.url().startsWith('data:'))
        problems.push(request.url());
    });
    await page.goto(reportUrl);
    // The filter script ran (it rewrites the counter), so the CSP hash admits it.
    await expect(page.locator('#shown')).toHaveText('3 rules · 3 cases · 3 cells shown');
    // Open every finding: the hostile response body is unpacked as text, never run.
    await page
      .locator('details')
      .evaluateAll((all: Array<{ setAttribute(name: string, value: string): void }>) => {
        for (const details of all) details.setAttribute('open', '');
      });
    await expect(page.locator('pre.response').filter({ hasText: 'pwned' })).toContainText(
      '</script><script>window.pwned=1</script>',
    );
    expect(await page.evaluate((): unknown => Reflect.get(globalThis, 'pwned'))).toBeUndefined();
    expect(problems).toEqual([]);
  });

  test('sorts the rules by severity, cells or id', async ({ page }) => {
    await page.goto(reportUrl);
    const order = (): Promise<string[]> =>
      page
        .locator('details.rule')
        .evaluateAll((rules: Array<{ getAttribute(name: string): string | null }>) =>
          rules.map((r) => r.getAttribute('data-rule') ?? ''),
        );
    const bySeverity = await order();
    expect(bySeverity).toEqual(['AIS-ACC-NOT-CONSENTED-NGAC', 'ERR-STET-BODY', '(harness error)']);
    await expect(page.locator('details.rule .sev').first()).toHaveText('security and data exposure');
    await page.locator('select[name="sort"]').selectOption('rule');
    expect(await order()).toEqual(['(harness error)', 'AIS-ACC-NOT-CONSENTED-NGAC', 'ERR-STET-BODY']);
    await page.locator('select[name="sort"]').selectOption('severity');
    expect(await order()).toEqual(bySeverity);
    await page.locator('select[name="rule"]').selectOption('ERR-STET-BODY');
    await expect(page.locator('#shown')).toHaveText('1 rules · 1 cases · 1 cells shown');
    await expect(page.locator('details.rule:visible')).toHaveAttribute('data-rule', 'ERR-STET-BODY');
    await page.locator('select[name="rule"]').selectOption('');
    await page.locator('input[name="q"]').fill('consent-journey');
    await expect(page.locator('#shown')).toHaveText('1 rules · 1 cases · 1 cells shown');
  });

  test('shows the screenshot of a failing browser step once its cell is opened', async ({ page }) => {
    await page.goto(reportUrl);
    await page.locator('#matrix > summary').click();
    // Transcripts and screenshots are packed: the page holds none of them until a cell is opened.
    const report = await readFile(new URL(reportUrl), 'utf8');
    expect(report).not.toContain('iVBORw0KGgo');
    await page.locator('.matrix td.s-failed a').first().click();
    const failure = page.locator('details.cell:target');
    await expect(failure).toHaveAttribute('open', '');
    await expect(failure.locator('pre.expected')).toHaveText('before 2024-01-10');
    await expect(failure.locator('pre.actual')).toHaveText('2024-01-10');
    const size: unknown = await failure
      .locator('img')
      .evaluate((img): unknown => Reflect.get(img, 'naturalWidth'));
    expect(size).toBe(1);
  });
});
