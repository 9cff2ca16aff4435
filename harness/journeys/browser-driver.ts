/**
 * The `browser` journey driver: a real Chromium (the system one, Playwright cannot download browsers
 * here) goes through the bank's pages. The steps are data from the target file (`browser.steps`:
 * goto, fill, click, wait, expectRedirect); without them the driver fills the fields of contracts §6.
 * The callback on `redirect_uri` is intercepted in the browser, so no listener is needed; a screenshot
 * is taken when the journey does not reach it.
 */
import type { Browser, Page } from '@playwright/test';
import type { BrowserStep } from '../targets/target-definition.ts';
import { JourneyError, type JourneyDriver, type JourneyInput, type JourneyResult } from './journey-driver.ts';

/** Flags for a headless system Chromium in a container, without background traffic. */
export const chromiumArgs: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Where the system Chromium lives (Debian's `chromium` package). */
export const chromiumPath = '/usr/bin/chromium';

/** Options of {@link browserJourneyDriver}. */
export interface BrowserDriverOptions {
  /** Steps of the bank's pages; `{{identifier}}`, `{{otp}}`, `{{decision}}` are filled in. */
  steps: readonly BrowserStep[] | undefined;
  /** Dial this address for every institution host (the target's `connect`). */
  connect: { host: string; port: number } | undefined;
  /** Institution hosts to map to `connect`. */
  hosts: readonly string[];
  timeoutMs?: number;
}

/** A driver sharing one browser across journeys (one fresh context per journey). */
export function browserJourneyDriver(options: BrowserDriverOptions): JourneyDriver {
  let browser: Promise<Browser> | undefined;
  const launch = (): Promise<Browser> => {
    const rules =
      options.connect === undefined
        ? []
        : options.hosts.map((h) => `MAP ${h}:443 ${options.connect?.host}:${options.connect?.port}`);
    // Playwright is loaded on first use: most runs never open a browser, and it is a slow import.
    browser ??= import('@playwright/test').then(({ chromium }) =>
      chromium.launch({
        executablePath: chromiumPath,
        args: [...chromiumArgs, ...(rules.length > 0 ? [`--host-resolver-rules=${rules.join(',')}`] : [])],
      }),
    );
    return browser;
  };
  const timeout = options.timeoutMs ?? 30_000;
  return {
    async run(input: JourneyInput): Promise<JourneyResult> {
      const context = await (await launch()).newContext({ ignoreHTTPSErrors: true });
      const page = await context.newPage();
      page.setDefaultTimeout(timeout);
      let resolveCallback: (q: Record<string, string>) => void = () => undefined;
      const callback = new Promise<Record<string, string>>((resolve) => (resolveCallback = resolve));
      const prefix = input.redirectUri.split('?')[0] ?? input.redirectUri;
      await context.route(
        (url) => url.href.startsWith(prefix),
        async (route) => {
          resolveCallback(Object.fromEntries(new URL(route.request().url()).searchParams));
          await route.fulfill({ status: 200, contentType: 'text/plain', body: 'callback received' });
        },
      );
      try {
        await page.goto(input.authorizeUrl);
        if (options.steps === undefined) await walkReferencePages(page, input, callback);
        else await runSteps(page, options.steps, input);
        const query = await Promise.race([callback, page.waitForTimeout(timeout).then(() => undefined)]);
        if (query === undefined)
          throw new Error(`no callback to ${input.redirectUri} (page at ${page.url()})`);
        return { callback: query, exchanges: [] };
      } catch (error) {
        const shot = await page.screenshot({ fullPage: true }).catch(() => undefined);
        throw new JourneyError({
          message: `browser journey failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
          exchanges: [],
          ...(shot === undefined
            ? {}
            : { screenshot: { mediaType: 'image/png', base64: shot.toString('base64') } }),
        });
      } finally {
        await context.close();
      }
    },
    async close() {
      if (browser !== undefined) await (await browser).close();
    },
  };
}

async function runSteps(page: Page, steps: readonly BrowserStep[], input: JourneyInput): Promise<void> {
  const fill = (text: string): string =>
    text
      .replace(/\{\{\s*identifier\s*\}\}/g, input.identifier)
      .replace(/\{\{\s*otp\s*\}\}/g, input.outcome === 'wrong-otp' ? '00000000' : input.otp)
      .replace(/\{\{\s*decision\s*\}\}/g, input.outcome === 'refuse' ? 'refuse' : 'accept');
  for (const [index, step] of steps.entries()) {
    try {
      if ('goto' in step) await page.goto(fill(step.goto));
      else if ('fill' in step) await page.fill(fill(step.fill.selector), fill(step.fill.value));
      else if ('click' in step) await page.click(fill(step.click));
      else if ('wait' in step) {
        if (typeof step.wait === 'number') await page.waitForTimeout(step.wait);
        else await page.waitForSelector(fill(step.wait));
      }
    } catch (error) {
      // Playwright names the call, not the target file's step: say which step of browser.steps failed.
      const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
      throw new Error(`browser.steps[${index}] ${stepText(step)} on ${page.url()}: ${reason}`, {
        cause: error,
      });
    }
  }
}

/** A step as written in the target file (no value filled in: the OTP must not reach the report). */
function stepText(step: BrowserStep): string {
  if ('goto' in step) return `goto ${step.goto}`;
  if ('fill' in step) return `fill ${step.fill.selector}`;
  if ('click' in step) return `click ${step.click}`;
  if ('wait' in step) return `wait ${String(step.wait)}`;
  return 'expectRedirect';
}

/** The reference's pages (contracts §6): fill what the page asks for until the callback comes. */
async function walkReferencePages(
  page: Page,
  input: JourneyInput,
  callback: Promise<unknown>,
): Promise<void> {
  let done = false;
  void callback.then(() => (done = true));
  let travelled = false;
  for (let i = 0; i < 12 && !done; i += 1) {
    if ((await page.locator('form').count()) === 0) return;
    if (input.outcome === 'timeout' && !travelled && input.travel !== undefined) {
      await input.travel('PT6M');
      travelled = true;
    }
    if ((await page.locator('input[name="identifier"]').count()) > 0)
      await page.fill('input[name="identifier"]', input.identifier);
    if ((await page.locator('input[name="otp"]').count()) > 0) {
      await page.fill('input[name="otp"]', input.outcome === 'wrong-otp' ? '00000000' : input.otp);
    }
    const radio = page.locator('input[type="radio"][name="account"]');
    if ((await radio.count()) > 0) await radio.first().check();
    const decision = page.locator(
      `button[name="decision"][value="${input.outcome === 'refuse' ? 'refuse' : 'accept'}"]`,
    );
    const submit = (await decision.count()) > 0 ? decision : page.locator('form [type="submit"]').first();
    await Promise.all([page.waitForLoadState('domcontentloaded'), submit.click()]);
    await page.waitForTimeout(50);
  }
}
