import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StetClient } from '../../../../harness/client/stet-client.ts';
import { httpJourneyDriver } from '../../../../harness/journeys/http-driver.ts';
import type { JourneyInput } from '../../../../harness/journeys/journey-driver.ts';
import { SecretSet } from '../../../../harness/report/secret-set.ts';
import { fixtureTarget, selfSigned, startFixtureServer, type SeenRequest } from '../fixtures/tls-fixture.ts';

const redirectUri = 'https://tpp.example/callback';

/** A three-page bank: identification, one-time code (with a cookie and a hidden field), consent. */
function bank(req: SeenRequest, res: ServerResponse): void {
  const url = new URL(req.url, 'https://api-10101.bank.test');
  const form = new URLSearchParams(req.body);
  const state = 'st-1';
  const page = (html: string, headers: Record<string, string> = {}): void => {
    res.writeHead(200, { 'content-type': 'text/html', ...headers }).end(`<html><body>${html}</body></html>`);
  };
  const redirect = (location: string): void => {
    res.writeHead(303, { location }).end();
  };
  if (url.pathname === '/stet/psd2/oauth/authorize') {
    page(
      `<form method="post" action="/j/identify"><input name="identifier"><button type="submit">Next</button></form>`,
    );
  } else if (url.pathname === '/j/identify') {
    if (form.get('identifier') !== 'alice-001') return page('<p class="error">unknown PSU</p>');
    res.writeHead(303, { location: '/j/otp', 'set-cookie': 'journey=j1; Path=/; HttpOnly' }).end();
  } else if (url.pathname === '/j/otp' && req.method === 'GET') {
    page(
      `<form method="post" action="/j/otp"><input type="hidden" name="step" value="sca"><input name="otp"><button>OK</button></form>`,
    );
  } else if (url.pathname === '/j/otp') {
    if (req.headers.cookie !== 'journey=j1' || form.get('step') !== 'sca')
      return page('<p class="error">lost session</p>');
    if (form.get('otp') !== '12345678')
      return redirect(
        `${redirectUri}?error=access_denied&error_description=authentication_failed&state=${state}`,
      );
    page(
      `<form method="post" action="/j/consent"><input type="radio" name="account" value="FR76A"><input type="radio" name="account" value="FR76B">` +
        `<button name="decision" value="accept">Accept</button><button name="decision" value="refuse">Refuse</button></form>`,
    );
  } else if (url.pathname === '/j/consent') {
    if (form.get('decision') === 'refuse')
      return redirect(`${redirectUri}?error=access_denied&error_description=refused&state=${state}`);
    redirect(`${redirectUri}?code=code-${form.get('account') ?? 'none'}&state=${state}`);
  } else {
    res.writeHead(404).end();
  }
}

const server = await selfSigned('api-10101.bank.test');
const client = await selfSigned('tpp.example');

describe('httpJourneyDriver', () => {
  let fixture: Awaited<ReturnType<typeof startFixtureServer>>;
  let stet: StetClient;
  const input = (overrides: Partial<JourneyInput> = {}): JourneyInput => ({
    institution: '10101',
    authorizeUrl: 'https://api-10101.bank.test/stet/psd2/oauth/authorize?response_type=code&state=st-1',
    redirectUri,
    identifier: 'alice-001',
    otp: '12345678',
    outcome: 'consent',
    travel: undefined,
    ...overrides,
  });

  beforeAll(async () => {
    fixture = await startFixtureServer(server, bank);
    stet = new StetClient(fixtureTarget(fixture.port, server, client), new SecretSet());
  });
  afterAll(async () => {
    await stet.close();
    await fixture.close();
  });

  it('fills identification, one-time code and consent, keeping cookies and hidden fields, up to the callback', async () => {
    const result = await httpJourneyDriver(stet).run(input());
    expect(result.callback).toEqual({ code: 'code-FR76A', state: 'st-1' });
    expect(
      result.exchanges.map((e) => `${e.entry.request.method} ${new URL(e.entry.request.url).pathname}`),
    ).toEqual([
      'GET /stet/psd2/oauth/authorize',
      'POST /j/identify',
      'GET /j/otp',
      'POST /j/otp',
      'POST /j/consent',
    ]);
    expect(fixture.seen.every((r) => !r.clientCertificate)).toBe(true);
  });

  it('reports the field names of the pages it went through, each once', async () => {
    const result = await httpJourneyDriver(stet).run(input());
    expect(result.pageFields).toEqual(['identifier', 'step', 'otp', 'account', 'decision']);
  });

  it('chooses the requested account', async () => {
    expect((await httpJourneyDriver(stet).run(input({ account: 'FR76B' }))).callback['code']).toBe(
      'code-FR76B',
    );
  });

  it('presses refuse for the refuse outcome', async () => {
    const result = await httpJourneyDriver(stet).run(input({ outcome: 'refuse' }));
    expect(result.callback).toEqual({ error: 'access_denied', error_description: 'refused', state: 'st-1' });
  });

  it('types the code read on the PSU’s phone when the page asks for it, else its own', async () => {
    let asked = 0;
    const readOtp = (): string => {
      asked += 1;
      return '12345678';
    };
    const result = await httpJourneyDriver(stet).run(input({ otp: '', readOtp }));
    expect([result.callback['code'], asked]).toEqual(['code-FR76A', 1]);
    const nothing = await httpJourneyDriver(stet).run(input({ readOtp: () => undefined }));
    expect(nothing.callback['code']).toBe('code-FR76A');
    const wrong = await httpJourneyDriver(stet).run(input({ outcome: 'wrong-otp', readOtp }));
    expect([wrong.callback['error_description'], asked]).toEqual(['authentication_failed', 1]);
  });

  it('enters a wrong code for the wrong-otp outcome', async () => {
    const result = await httpJourneyDriver(stet).run(input({ outcome: 'wrong-otp' }));
    expect(result.callback['error_description']).toBe('authentication_failed');
  });

  it('moves the PSU clock before submitting for the timeout outcome, and needs the capability for it', async () => {
    const travels: string[] = [];
    // This bank's pages never time out: the page submitted after the wait is answered with the next one.
    await expect(
      httpJourneyDriver(stet).run(input({ outcome: 'timeout', travel: async (d) => void travels.push(d) })),
    ).rejects.toThrow(/answered another page after PT6M without a submission, not the callback/);
    expect(travels).toEqual(['PT6M']);
    await expect(httpJourneyDriver(stet).run(input({ outcome: 'timeout' }))).rejects.toMatchObject({
      code: 'ERR_JOURNEY_FAILED',
    });
  });

  it('fails with the page error when a page has no form', async () => {
    const run = httpJourneyDriver(stet).run(input({ identifier: 'nobody' }));
    await expect(run).rejects.toMatchObject({ code: 'ERR_JOURNEY_FAILED' });
    await expect(run).rejects.toThrow(/page says: unknown PSU/);
  });
});
