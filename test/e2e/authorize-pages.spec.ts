import { expect, test } from './fixtures.ts';

test.describe('the reference authorize pages in Chromium', () => {
  test('identification, OTP and consent end on the redirect_uri with a code and the state', async ({
    page,
    reference,
    sandbox,
    authorizeUrl,
    redirectOf,
  }) => {
    const psu = await sandbox.createPsu('alice');
    await page.goto(authorizeUrl({ state: 'st-consent' }));
    await page.getByLabel(/identifier/i).fill(psu.identifier);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('input[name="otp"]').fill(psu.otp);
    await page.getByRole('button', { name: 'Confirm' }).click();
    const end = await redirectOf(page, () => page.getByRole('button', { name: 'Accept' }).click());
    expect(`${end.origin}${end.pathname}`).toBe(reference.info.tpp.redirectUri);
    expect(end.searchParams.get('state')).toBe('st-consent');
    expect(end.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(end.searchParams.has('error')).toBe(false);
  });

  test('refusing consent ends with access_denied, refused and the state, without a code', async ({
    page,
    sandbox,
    authorizeUrl,
    redirectOf,
  }) => {
    const psu = await sandbox.createPsu('alice');
    await page.goto(authorizeUrl({ state: 'st-refuse', login_hint: psu.identifier }));
    await page.locator('input[name="otp"]').fill(psu.otp);
    await page.getByRole('button', { name: 'Confirm' }).click();
    const end = await redirectOf(page, () => page.getByRole('button', { name: 'Refuse' }).click());
    expect([end.searchParams.get('error'), end.searchParams.get('error_description')]).toEqual([
      'access_denied',
      'refused',
    ]);
    expect(end.searchParams.get('state')).toBe('st-refuse');
    expect(end.searchParams.has('code')).toBe(false);
  });

  test('a wrong OTP shows an error on the same page, then the right one goes on to consent', async ({
    page,
    sandbox,
    authorizeUrl,
    redirectOf,
  }) => {
    const psu = await sandbox.createPsu('alice');
    await page.goto(authorizeUrl({ state: 'st-otp', login_hint: psu.identifier }));
    await page.locator('input[name="otp"]').fill(psu.otp === '00000000' ? '11111111' : '00000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.locator('p.error')).toBeVisible();
    await expect(page.locator('input[name="otp"]')).toBeVisible();
    await page.locator('input[name="otp"]').fill(psu.otp);
    await page.getByRole('button', { name: 'Confirm' }).click();
    const end = await redirectOf(page, () => page.getByRole('button', { name: 'Accept' }).click());
    expect(end.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(end.searchParams.get('state')).toBe('st-otp');
  });

  test('three wrong OTPs end the journey with authentication_failed', async ({
    page,
    sandbox,
    authorizeUrl,
    redirectOf,
  }) => {
    const psu = await sandbox.createPsu('alice');
    const wrong = psu.otp === '00000000' ? '11111111' : '00000000';
    await page.goto(authorizeUrl({ state: 'st-3otp', login_hint: psu.identifier }));
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      await page.locator('input[name="otp"]').fill(wrong);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.locator('p.error')).toBeVisible();
    }
    await page.locator('input[name="otp"]').fill(wrong);
    const end = await redirectOf(page, () => page.getByRole('button', { name: 'Confirm' }).click());
    expect([end.searchParams.get('error'), end.searchParams.get('error_description')]).toEqual([
      'access_denied',
      'authentication_failed',
    ]);
  });

  test('a page left more than 5 minutes on the PSU clock ends with timeout', async ({
    page,
    sandbox,
    authorizeUrl,
    redirectOf,
  }) => {
    const psu = await sandbox.createPsu('alice');
    await page.goto(authorizeUrl({ state: 'st-timeout', login_hint: psu.identifier }));
    await page.locator('input[name="otp"]').fill(psu.otp);
    await sandbox.travel(psu.psuId, 'PT5M1S');
    const end = await redirectOf(page, () => page.getByRole('button', { name: 'Confirm' }).click());
    expect([
      end.searchParams.get('error'),
      end.searchParams.get('error_description'),
      end.searchParams.get('state'),
    ]).toEqual(['access_denied', 'timeout', 'st-timeout']);
  });

  test('a page submitted within 5 minutes on the PSU clock goes on', async ({
    page,
    sandbox,
    authorizeUrl,
  }) => {
    const psu = await sandbox.createPsu('alice');
    await page.goto(authorizeUrl({ state: 'st-in-time', login_hint: psu.identifier }));
    await page.locator('input[name="otp"]').fill(psu.otp);
    await sandbox.travel(psu.psuId, 'PT4M');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible();
  });
});
