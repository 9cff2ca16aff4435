/**
 * The `browser` journey driver against a bank whose pages are not the reference's: the scripted steps
 * of the documented example target (`targets/example-institution.yaml`, `browser.steps`) drive a small
 * local bank with its own field ids (`#login`, `#sms-code`) and its own URLs, as a real institution's
 * pages would be. The driver launches its own Chromium, as `stet-harness run` does.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { browserJourneyDriver } from '../../harness/journeys/browser-driver.ts';
import { JourneyError, type JourneyInput } from '../../harness/journeys/journey-driver.ts';
import { loadTarget } from '../../harness/targets/load-target.ts';
import { selfSigned } from '../unit/harness/fixtures/tls-fixture.ts';

const identifier = '0123456789';
const otp = '12345678';
const redirectUri = 'https://tpp.example/callback';

/** What the foreign bank received: the forms the browser posted, in order. */
let posted: Array<{ path: string; form: Record<string, string> }> = [];

/** A bank with its own pages: login, then SMS code, then a consent with two buttons. */
function foreignBank(request: IncomingMessage, response: ServerResponse, body: string): void {
  const url = new URL(request.url ?? '/', 'http://bank');
  const form = Object.fromEntries(new URLSearchParams(body));
  if (request.method === 'POST') posted.push({ path: url.pathname, form });
  const state = url.searchParams.get('state') ?? form['state'] ?? '';
  const page = (html: string): void => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html><body>${html}</body></html>`);
  };
  const hidden = `<input type="hidden" name="state" value="${state}">`;
  const back = (query: Record<string, string>): void => {
    response.writeHead(302, {
      location: `${redirectUri}?${new URLSearchParams({ ...query, state }).toString()}`,
    });
    response.end();
  };
  if (url.pathname === '/oauth/authorize') {
    page(`<h1>Connexion</h1><form method="post" action="/login">${hidden}
      <label>Identifiant <input id="login" name="user"></label><button type="submit">Suivant</button></form>`);
  } else if (url.pathname === '/login') {
    if (form['user'] !== identifier) return page('<p class="error">Identifiant inconnu</p>');
    page(`<form method="post" action="/sms">${hidden}
      <label>Code reçu par SMS <input id="sms-code" name="code"></label><button type="submit">Valider</button></form>`);
  } else if (url.pathname === '/sms') {
    if (form['code'] !== otp)
      return back({ error: 'access_denied', error_description: 'authentication_failed' });
    page(`<form method="post" action="/consent">${hidden}<p>Autoriser l'accès à vos comptes ?</p>
      <button name="decision" value="refuse">Refuser</button><button name="decision" value="accept">Accepter</button></form>`);
  } else if (url.pathname === '/consent') {
    if (form['decision'] === 'accept') back({ code: 'foreign-code-1' });
    else back({ error: 'access_denied' });
  } else {
    response.writeHead(404).end();
  }
}

let server: Server;
let origin = '';

test.beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => foreignBank(request, response, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test.beforeEach(() => {
  posted = [];
});

/** The browser steps of the documented example target, read as `stet-harness run` reads them. */
async function exampleSteps() {
  const dir = mkdtempSync(join(tmpdir(), 'foreign-bank-'));
  mkdirSync(join(dir, 'certs'));
  const pair = await selfSigned('tpp.example');
  for (const name of ['groupbank-ca.pem', 'qwac.pem', 'qseal.pem'])
    writeFileSync(join(dir, 'certs', name), pair.cert);
  for (const name of ['qwac-key.pem', 'qseal-key.pem']) writeFileSync(join(dir, 'certs', name), pair.key);
  const file = join(dir, 'example.yaml');
  writeFileSync(file, readFileSync('targets/example-institution.yaml', 'utf8'));
  return loadTarget(file).browserSteps;
}

const input = (fields: Partial<JourneyInput>): JourneyInput => ({
  institution: '10101',
  authorizeUrl: `${origin}/oauth/authorize?response_type=code&state=s-1&redirect_uri=${encodeURIComponent(redirectUri)}`,
  redirectUri,
  identifier,
  otp,
  outcome: 'consent',
  travel: undefined,
  ...fields,
});

test.describe('the browser driver on a foreign bank’s pages (target browser.steps)', () => {
  test('consent: types the identifier and the code where the bank asks, and brings back code and state', async () => {
    const driver = browserJourneyDriver({ steps: await exampleSteps(), connect: undefined, hosts: [] });
    try {
      const result = await driver.run(input({}));
      expect(result.callback).toEqual({ code: 'foreign-code-1', state: 's-1' });
      expect(posted).toEqual([
        { path: '/login', form: { state: 's-1', user: identifier } },
        { path: '/sms', form: { state: 's-1', code: otp } },
        { path: '/consent', form: { state: 's-1', decision: 'accept' } },
      ]);
    } finally {
      await driver.close?.();
    }
  });

  test('refusal: presses the bank’s refuse button and brings back access_denied', async () => {
    const driver = browserJourneyDriver({ steps: await exampleSteps(), connect: undefined, hosts: [] });
    try {
      const result = await driver.run(input({ outcome: 'refuse' }));
      expect(result.callback).toEqual({ error: 'access_denied', state: 's-1' });
      expect(posted.at(-1)).toEqual({ path: '/consent', form: { state: 's-1', decision: 'refuse' } });
    } finally {
      await driver.close?.();
    }
  });

  test('a page that does not show the next field fails the journey with a screenshot, not a hang', async () => {
    const driver = browserJourneyDriver({
      steps: await exampleSteps(),
      connect: undefined,
      hosts: [],
      timeoutMs: 2_000,
    });
    try {
      const failure = await driver.run(input({ identifier: '9999999999' })).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(JourneyError);
      const journey = failure instanceof JourneyError ? failure.failure : undefined;
      expect(journey?.message).toMatch(
        /^browser journey failed: browser\.steps\[2\] wait #sms-code on http:\/\/127\.0\.0\.1:\d+\/login: .*Timeout 2000ms/,
      );
      expect(journey?.screenshot?.mediaType).toBe('image/png');
      // PNG signature, base64-encoded.
      expect(journey?.screenshot?.base64.startsWith('iVBORw0KGgo')).toBe(true);
      expect(posted).toEqual([{ path: '/login', form: { state: 's-1', user: '9999999999' } }]);
    } finally {
      await driver.close?.();
    }
  });
});
