import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { toHtml } from '../../harness/report/html-report.ts';
import { redactRunReport } from '../../harness/report/redact.ts';
import { rawReport, registeredSecrets } from '../unit/harness/report/fixture.ts';

let dir = '';
let reportUrl = '';

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stet-html-report-'));
  const path = join(dir, 'report.html');
  await writeFile(path, toHtml(redactRunReport(rawReport(), registeredSecrets())), 'utf8');
  reportUrl = pathToFileURL(path).href;
});

test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
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
    await expect(page.locator('#shown')).toHaveText('6 results shown');
    expect(await page.evaluate((): unknown => Reflect.get(globalThis, 'pwned'))).toBeUndefined();
    await expect(page.locator('pre.response').filter({ hasText: 'pwned' })).toContainText(
      '</script><script>window.pwned=1</script>',
    );
    expect(problems).toEqual([]);
  });

  test('filters the matrix and the details by status, version and rule', async ({ page }) => {
    await page.goto(reportUrl);
    const rows = page.locator('tr[data-row]:visible');
    await expect(rows).toHaveCount(4);
    await page.locator('select[name="status"]').selectOption('failed');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('ais-transactions/date-range');
    await expect(page.locator('#shown')).toHaveText('1 results shown');
    await expect(page.locator('article.result:visible')).toHaveCount(1);

    await page.locator('select[name="status"]').selectOption('');
    await page.locator('select[name="version"]').selectOption('v1.6.2');
    await expect(page.locator('th[data-col]:visible')).toHaveCount(2);
    await expect(page.locator('article.result:visible')).toHaveCount(1);
    await expect(page.locator('article.result:visible')).toContainText('oauth/consent-journey');

    await page.locator('select[name="version"]').selectOption('');
    await page.locator('select[name="rule"]').selectOption('TOK-001');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('oauth/consent-journey');
  });

  test('a failed cell links to its details with expected vs actual and the screenshot', async ({ page }) => {
    await page.goto(reportUrl);
    await page.locator('td.s-failed a').click();
    const failure = page.locator('article.result:target');
    await expect(failure.locator('pre.expected')).toHaveText('before 2024-01-10');
    await expect(failure.locator('pre.actual')).toHaveText('2024-01-10');
    const size: unknown = await failure
      .locator('img')
      .evaluate((img): unknown => Reflect.get(img, 'naturalWidth'));
    expect(size).toBe(1);
  });
});
