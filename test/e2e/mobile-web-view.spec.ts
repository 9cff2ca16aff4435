/**
 * The web view of app-to-app (seed, Authentication 9: "otherwise a web view opens"; "Professional and
 * corporate segments are not activated", so their PSUs always authenticate there). Opening the bank's
 * app is invisible over HTTP (TOK-APP-TO-APP and TOK-APP-TO-APP-SEGMENTS stay manual); the fallback is
 * not: the consent journey's pages must work on a phone. They are driven here under Playwright's
 * emulation of a Pixel 7 (412 px viewport, mobile user agent, touch), by taps only, for a retail PSU
 * (alice at 10101, a private identifier) and a professional one (dave at 30303, "subscription
 * number, then -, then usage number"). Each page must fit the phone's width (no horizontal scroll,
 * the page laid out at the device width, which a missing viewport meta tag would not give) and every
 * control must be a tap target of at least 44 × 44 CSS px (WCAG 2.5.5).
 */
import { devices, type Page, type TestInfo } from '@playwright/test';
import { paymentRequestBody } from '../../harness/client/payment-request-body.ts';
import { StetClient } from '../../harness/client/stet-client.ts';
import { TppClient } from '../../harness/client/tpp-client.ts';
import { SecretSet } from '../../harness/report/secret-set.ts';
import { parseServeInfo, targetFromServeInfo } from '../../harness/targets/target-from-serve-info.ts';
import { createPkcePair } from '../../protocol/index.ts';
import { SandboxClient } from './sandbox-client.ts';
import { expect, test } from './fixtures.ts';

const phone = devices['Pixel 7'];
test.use({ ...phone });

/** The smallest side of a tap target, in CSS pixels. */
const minTarget = 44;

/** A number the page computes (the tests' TypeScript has no DOM types, so the expression is text). */
async function numberIn(page: Page, expression: string): Promise<number> {
  const value: unknown = await page.evaluate(expression);
  if (typeof value !== 'number') throw new Error(`${expression} is not a number: ${String(value)}`);
  return value;
}

/** Checks the page fits the phone and its controls can be tapped; screenshots it into the artefacts. */
async function checkPhonePage(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const scrollWidth = await numberIn(page, 'document.documentElement.scrollWidth');
  const innerWidth = await numberIn(page, 'window.innerWidth');
  expect(innerWidth, `${name}: laid out at the phone's width`).toBe(phone.viewport.width);
  expect(scrollWidth, `${name}: no horizontal scroll`).toBeLessThanOrEqual(innerWidth);
  const controls = page.locator(
    'form button, form input:not([type="hidden"]):not([type="radio"]), form label:has(input[type="radio"])',
  );
  expect(await controls.count(), `${name}: has controls`).toBeGreaterThan(0);
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    const label = String(await control.evaluate((el): unknown => Reflect.get(el, 'outerHTML'))).slice(0, 80);
    expect(box, `${name}: ${label} is shown`).not.toBeNull();
    expect(box?.height ?? 0, `${name}: ${label} is tall enough to tap`).toBeGreaterThanOrEqual(minTarget);
    expect(box?.width ?? 0, `${name}: ${label} is wide enough to tap`).toBeGreaterThanOrEqual(minTarget);
    expect(
      (box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= innerWidth,
      `${name}: ${label} is inside the screen`,
    ).toBe(true);
  }
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const psus = [
  { segment: 'retail', persona: 'alice', host: 'api-10101.psd2.groupbank.example', identifier: /^\d+$/ },
  {
    segment: 'professional',
    persona: 'dave',
    host: 'api-30303.psd2.groupbank.example',
    identifier: /^\d+-\d+$/,
  },
] as const;

test.describe('the consent journey in a phone web view (TOK-APP-TO-APP fallback, TOK-APP-TO-APP-SEGMENTS)', () => {
  for (const psu of psus) {
    test(`a ${psu.segment} PSU (${psu.persona}) consents by taps on pages that fit a Pixel 7`, async ({
      page,
      reference,
      redirectOf,
    }, testInfo) => {
      const sandbox = new SandboxClient(reference.info, psu.host);
      try {
        const clone = await sandbox.createPsu(psu.persona);
        expect(clone.identifier).toMatch(psu.identifier);
        const tpp = reference.info.tpp;
        const query = new URLSearchParams({
          response_type: 'code',
          client_id: tpp.clientId,
          redirect_uri: tpp.redirectUri,
          scope: 'aisp',
          state: `st-${psu.segment}`,
        });
        await page.goto(
          `https://${psu.host}:${reference.port}/stet/psd2/oauth/authorize?${query.toString()}`,
        );
        expect(await page.evaluate('navigator.userAgent')).toBe(phone.userAgent);

        await checkPhonePage(page, testInfo, `${psu.segment}-1-identification`);
        await page.locator('input[name="identifier"]').tap();
        await page.keyboard.type(clone.identifier);
        await page.getByRole('button', { name: 'Continue' }).tap();

        await expect(page.locator('input[name="otp"]')).toBeVisible();
        await checkPhonePage(page, testInfo, `${psu.segment}-2-authentication`);
        await page.locator('input[name="otp"]').tap();
        await page.keyboard.type(clone.otp);
        await page.getByRole('button', { name: 'Confirm' }).tap();

        await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible();
        await checkPhonePage(page, testInfo, `${psu.segment}-3-consent`);
        const end = await redirectOf(page, () => page.getByRole('button', { name: 'Accept' }).tap());
        expect(`${end.origin}${end.pathname}`).toBe(tpp.redirectUri);
        expect(end.searchParams.get('state')).toBe(`st-${psu.segment}`);
        expect(end.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      } finally {
        await sandbox.close();
      }
    });
  }
});

/** The member at `path` of a JSON body, which must be a string. */
function stringAt(value: unknown, path: readonly string[]): string {
  let current: unknown = value;
  for (const name of path)
    current = typeof current === 'object' && current !== null ? Reflect.get(current, name) : undefined;
  if (typeof current !== 'string') throw new Error(`no string at ${path.join('.')}`);
  return current;
}

test('a retail PSU chooses the account of a payment and consents by taps on a Pixel 7', async ({
  page,
  reference,
  sandbox,
}, testInfo) => {
  const target = targetFromServeInfo(parseServeInfo(reference.info), { name: 'e2e reference' });
  const client = new StetClient(target, new SecretSet());
  try {
    const tpp = new TppClient({ client, target, institution: '10101' });
    const psu = await sandbox.createPsu('alice');
    const first = await tpp.clientCredentials('pisp');
    const reportUrl = 'https://tpp.example/pay/ok';
    const created = await tpp.resource({
      method: 'POST',
      path: '/stet/psd2/v1.6.2/payment-requests',
      token: stringAt(first.json, ['access_token']),
      body: JSON.stringify(
        paymentRequestBody({ creationDateTime: new Date().toISOString(), successfulReportUrl: reportUrl }),
      ),
    });
    expect(created.status).toBe(201);
    const link = tpp.authorizeUrl({
      link: stringAt(created.json, ['_links', 'consentApproval', 'href']),
      pkce: createPkcePair(),
      scope: 'pisp',
      state: 'st-pay-phone',
    });
    link.port = String(reference.port);
    await page.goto(link.href);

    await checkPhonePage(page, testInfo, 'payment-1-identification');
    await page.locator('input[name="identifier"]').tap();
    await page.keyboard.type(psu.identifier);
    await page.getByRole('button', { name: 'Continue' }).tap();
    await expect(page.locator('input[name="otp"]')).toBeVisible();
    await page.locator('input[name="otp"]').tap();
    await page.keyboard.type(psu.otp);
    await page.getByRole('button', { name: 'Confirm' }).tap();

    const offered = page.locator('label:has(input[type="radio"][name="account"])');
    await expect(offered.first()).toBeVisible();
    expect(await offered.count()).toBeGreaterThan(1);
    await checkPhonePage(page, testInfo, 'payment-3-consent');
    await offered.nth(1).tap();
    await expect(offered.nth(1).locator('input')).toBeChecked();
    let reached: URL | undefined;
    await page.route(
      (url) => url.href.startsWith(reportUrl),
      async (route) => {
        reached ??= new URL(route.request().url());
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>back at the PISP</p>' });
      },
    );
    await page.getByRole('button', { name: 'Accept' }).tap();
    await expect(page.getByText('back at the PISP')).toBeVisible();
    expect(reached?.searchParams.get('state')).toBe('st-pay-phone');
    expect(reached?.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  } finally {
    await client.close();
  }
});
