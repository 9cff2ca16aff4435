/**
 * The payment journey of the seed (Authentication 5; Events) in Chromium through the reference's
 * pages: the TPP side (first token, initiation, PKCE exchange, confirmation) runs from Node with the
 * harness's mTLS and signing client, the PSU side (identification, strong authentication, account
 * choice, consent or refusal) in the browser, which ends on the payment's report URL.
 */
import type { Page } from '@playwright/test';
import { paymentRequestBody } from '../../harness/client/payment-request-body.ts';
import { StetClient, type HttpExchange } from '../../harness/client/stet-client.ts';
import { TppClient } from '../../harness/client/tpp-client.ts';
import { createPkcePair, pkceChallenge } from '../../protocol/index.ts';
import { SecretSet } from '../../harness/report/secret-set.ts';
import type { Target } from '../../harness/targets/target-definition.ts';
import { parseServeInfo, targetFromServeInfo } from '../../harness/targets/target-from-serve-info.ts';
import { expect, test } from './fixtures.ts';

const institution = '10101';
const reportUrls = { ok: 'https://tpp.example/pay/ok', ko: 'https://tpp.example/pay/ko' } as const;

/** The TPP of the reference's start line, calling the bank with the harness's TPP client. */
class PispTpp {
  readonly #client: StetClient;
  readonly #tpp: TppClient;

  constructor(target: Target) {
    this.#client = new StetClient(target, new SecretSet());
    this.#tpp = new TppClient({ client: this.#client, target, institution });
  }

  async close(): Promise<void> {
    await this.#client.close();
  }

  /** `POST /oauth/token` with a form (the TPP's client_id added), signed with the institution's policy. */
  token(form: Record<string, string>): Promise<HttpExchange> {
    return this.#tpp.token({ client_id: this.#tpp.tpp.clientId, ...form });
  }

  /** A resource call with a bearer token and an optional JSON body. */
  call(
    method: string,
    path: string,
    options: { token: string; json?: unknown; requestId?: string },
  ): Promise<HttpExchange> {
    return this.#tpp.resource({
      method,
      path,
      token: options.token,
      requestId: options.requestId,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
    });
  }

  /** First token, then `POST /payment-requests`: the payment's path, consent link and X-Request-ID. */
  async initiate(body: Record<string, unknown>): Promise<{
    firstToken: string;
    location: string;
    consentLink: string;
    requestId: string;
  }> {
    const first = await this.token({ grant_type: 'client_credentials', scope: 'pisp' });
    expect(first.status).toBe(200);
    const firstToken = stringAt(first.json, ['access_token']);
    const created = await this.call('POST', '/stet/psd2/v1.6.2/payment-requests', {
      token: firstToken,
      json: body,
    });
    expect(created.status).toBe(201);
    return {
      firstToken,
      location: headerOf(created, 'location'),
      consentLink: stringAt(created.json, ['_links', 'consentApproval', 'href']),
      requestId: headerOf(created, 'x-request-id'),
    };
  }
}

/** A single euro payment; the TPP leaves out unsuccessfulReportUrl when `withFailureUrl` is false. */
function paymentBody(withFailureUrl = true): Record<string, unknown> {
  return paymentRequestBody({
    creationDateTime: '2025-03-30T10:15:00.000+02:00',
    successfulReportUrl: reportUrls.ok,
    unsuccessfulReportUrl: withFailureUrl ? reportUrls.ko : undefined,
  });
}

/**
 * The consent link as the PSU's browser opens it: the TPP's state and S256 challenge added, and the
 * reference's port (the bank writes the link for the host the TPP called, without the local port).
 */
function journeyUrl(consentLink: string, port: number, state: string, verifier: string): string {
  const url = new URL(consentLink);
  url.port = String(port);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', pkceChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.href;
}

/** Answers any navigation to the TPP's report URLs and returns the first one reached by `act`. */
async function reportOf(page: Page, act: () => Promise<unknown>): Promise<URL> {
  let reached: URL | undefined;
  await page.route(
    (url) => url.href.startsWith('https://tpp.example/'),
    async (route) => {
      reached ??= new URL(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>back at the PISP</p>' });
    },
  );
  await act();
  await expect(page.getByText('back at the PISP')).toBeVisible();
  if (reached === undefined) throw new Error('the journey did not reach a report URL');
  return reached;
}

/** Identification and strong authentication, up to the consent page with its account choice. */
async function authenticate(page: Page, psu: { identifier: string; otp: string }): Promise<void> {
  await page.getByLabel(/identifier/i).fill(psu.identifier);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator('input[name="otp"]').fill(psu.otp);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible();
}

let tpp: PispTpp | undefined;
test.afterAll(async () => {
  await tpp?.close();
});

function tppOf(info: unknown): PispTpp {
  tpp ??= new PispTpp(targetFromServeInfo(parseServeInfo(info), { name: 'e2e reference' }));
  return tpp;
}

test.describe('the payment journey in Chromium', () => {
  test('the PSU chooses an account and consents: code and state on successfulReportUrl, then PKCE exchange and confirmation', async ({
    page,
    reference,
    sandbox,
  }) => {
    const bank = tppOf(reference.info);
    const psu = await sandbox.createPsu('alice');
    const payment = await bank.initiate(paymentBody());
    const verifier = createPkcePair().verifier;
    await page.goto(journeyUrl(payment.consentLink, reference.port, 'st-pay', verifier));
    await authenticate(page, psu);

    const offered = page.locator('input[type="radio"][name="account"]');
    expect(await offered.count()).toBeGreaterThan(1);
    const chosen = await offered.nth(1).getAttribute('value');
    expect(chosen).toMatch(/^FR\d{2}/);
    await offered.nth(1).check();
    const end = await reportOf(page, () => page.getByRole('button', { name: 'Accept' }).click());
    expect(`${end.origin}${end.pathname}`).toBe(reportUrls.ok);
    expect(end.searchParams.get('state')).toBe('st-pay');
    expect(end.searchParams.has('error')).toBe(false);
    const code = end.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const second = await bank.token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: reportUrls.ok,
    });
    expect(second.status).toBe(200);
    expect(stringAt(second.json, ['scope'])).toBe('pisp');
    expect(stringAt(second.json, ['state'])).toBe('st-pay');

    const confirmed = await bank.call('POST', `${payment.location}/confirmation`, {
      token: stringAt(second.json, ['access_token']),
      json: {},
    });
    expect(confirmed.status).toBe(200);
    expect(stringAt(confirmed.json, ['paymentRequest', 'paymentInformationStatus'])).toBe('PDNG');
    expect(stringAt(confirmed.json, ['paymentRequest', 'debtorAccount', 'iban'])).toBe(chosen);
  });

  test('a wrong code_verifier gets no second token after a consent in the browser', async ({
    page,
    reference,
    sandbox,
  }) => {
    const bank = tppOf(reference.info);
    const psu = await sandbox.createPsu('alice');
    const payment = await bank.initiate(paymentBody());
    const verifier = createPkcePair().verifier;
    await page.goto(journeyUrl(payment.consentLink, reference.port, 'st-pkce', verifier));
    await authenticate(page, psu);
    await page.locator('input[type="radio"][name="account"]').first().check();
    const end = await reportOf(page, () => page.getByRole('button', { name: 'Accept' }).click());
    const refused = await bank.token({
      grant_type: 'authorization_code',
      code: end.searchParams.get('code') ?? '',
      code_verifier: createPkcePair().verifier,
      redirect_uri: reportUrls.ok,
    });
    expect([refused.status, stringAt(refused.json, ['error'])]).toEqual([400, 'invalid_grant']);
  });

  test('the PSU refuses: access_denied and the state on unsuccessfulReportUrl, no code, payment RJCT', async ({
    page,
    reference,
    sandbox,
  }) => {
    const bank = tppOf(reference.info);
    const psu = await sandbox.createPsu('alice');
    const payment = await bank.initiate(paymentBody());
    await page.goto(journeyUrl(payment.consentLink, reference.port, 'st-refuse', createPkcePair().verifier));
    await authenticate(page, psu);
    const end = await reportOf(page, () => page.getByRole('button', { name: 'Refuse' }).click());
    expect(`${end.origin}${end.pathname}`).toBe(reportUrls.ko);
    expect([end.searchParams.get('error'), end.searchParams.get('state')]).toEqual([
      'access_denied',
      'st-refuse',
    ]);
    expect(end.searchParams.has('code')).toBe(false);

    const status = await bank.call('GET', payment.location, {
      token: payment.firstToken,
      requestId: payment.requestId,
    });
    expect(status.status).toBe(200);
    expect(stringAt(status.json, ['paymentRequest', 'paymentInformationStatus'])).toBe('RJCT');
  });

  test('without unsuccessfulReportUrl a refusal ends on successfulReportUrl, with access_denied', async ({
    page,
    reference,
    sandbox,
  }) => {
    const bank = tppOf(reference.info);
    const psu = await sandbox.createPsu('alice');
    const payment = await bank.initiate(paymentBody(false));
    await page.goto(
      journeyUrl(payment.consentLink, reference.port, 'st-fallback', createPkcePair().verifier),
    );
    await authenticate(page, psu);
    const end = await reportOf(page, () => page.getByRole('button', { name: 'Refuse' }).click());
    expect(`${end.origin}${end.pathname}`).toBe(reportUrls.ok);
    expect(end.searchParams.get('error')).toBe('access_denied');
    expect(end.searchParams.has('code')).toBe(false);
  });
});

function stringAt(value: unknown, path: readonly string[]): string {
  let current: unknown = value;
  for (const name of path) {
    current = typeof current === 'object' && current !== null ? Reflect.get(current, name) : undefined;
  }
  if (typeof current !== 'string') throw new Error(`no string at ${path.join('.')}`);
  return current;
}

function headerOf(exchange: HttpExchange, name: string): string {
  const value = exchange.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) throw new Error(`no ${name} header`);
  return first;
}
