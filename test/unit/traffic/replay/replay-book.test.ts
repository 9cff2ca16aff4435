import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHar } from '../../../../traffic/har/parse-har.ts';
import type { Har } from '../../../../traffic/har/har.ts';
import { redactHar } from '../../../../traffic/redact/redact-har.ts';
import { ReplayBook } from '../../../../traffic/replay/replay-book.ts';

const host = 'https://api-10101.psd2.groupbank.example';
const fixture = parseHar(readFileSync(new URL('../fixtures/ais-session.har', import.meta.url), 'utf8'));

function get(
  path: string,
  headers: Record<string, string> = {},
): { method: string; url: string; headers: Record<string, string>; body: string } {
  return { method: 'GET', url: `${host}${path}`, headers, body: '' };
}

function twice(har: Har): Har {
  // The same GET recorded twice with different answers (before and after a consent, say).
  const first = har.log.entries[3];
  if (first === undefined) throw new Error('fixture changed');
  const second = structuredClone(first);
  second.response.status = 429;
  return { log: { ...har.log, entries: [...har.log.entries, second] } };
}

describe('ReplayBook', () => {
  it('answers a recorded request with its recorded status and body', () => {
    const answer = new ReplayBook(fixture).answer(get('/stet/psd2/v1.4.2/accounts/acc-a/balances'));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ balances: [{ balanceType: 'VALU' }, {}, {}] });
  });

  it('answers repeated identical requests in recorded order, then repeats the last', () => {
    const book = new ReplayBook(twice(fixture));
    const statuses = [1, 2, 3].map(() => book.answer(get('/stet/psd2/v1.4.2/accounts')).status);
    expect(statuses).toEqual([200, 429, 429]);
    book.reset();
    expect(book.answer(get('/stet/psd2/v1.4.2/accounts')).status).toBe(200);
  });

  it('matches the query whatever its order, and refuses a different value', () => {
    const book = new ReplayBook(fixture);
    expect(
      book.answer(get('/stet/psd2/v1.4.2/accounts/acc-a/transactions?dateTo=2025-05-03&dateFrom=2025-05-01'))
        .status,
    ).toBe(200);
    const miss = book.answer(
      get('/stet/psd2/v1.4.2/accounts/acc-a/transactions?dateFrom=2025-05-01&dateTo=2025-05-04'),
    );
    expect(miss.status).toBe(501);
    const body = JSON.parse(miss.body.toString()) as {
      message: string;
      closest: Array<{ entry: number; differences: string[] }>;
    };
    expect(body.message).toBe('REPLAY_NO_MATCH');
    expect(body.closest[0]).toEqual({
      entry: 5,
      request: `GET ${host}/stet/psd2/v1.4.2/accounts/acc-a/transactions?dateFrom=2025-05-01&dateTo=2025-05-03`,
      differences: ['query dateTo: sent "2025-05-04", recorded "2025-05-03"'],
    });
  });

  it('names a different path segment and method among the differences', () => {
    const miss = new ReplayBook(fixture).answer({
      method: 'POST',
      url: `${host}/stet/psd2/v1.4.2/accounts/acc-z/balances`,
      headers: {},
      body: '',
    });
    const text = miss.body.toString();
    const body = JSON.parse(text) as { closest: Array<{ entry: number; differences: string[] }> };
    expect(body.closest[0]?.entry).toBe(4);
    expect(body.closest[0]?.differences).toEqual([
      'method: sent POST, recorded GET',
      'path segment 5: sent "acc-z", recorded "acc-a"',
    ]);
  });

  it('compares JSON bodies structurally and names the differing field', () => {
    const book = new ReplayBook(fixture);
    const consent = {
      balances: [{ iban: 'FR7630006000011234567890189' }],
      transactions: [{ iban: 'FR7630006000011234567890189' }],
      trustedBeneficiaries: false,
      psuIdentity: false,
    };
    const put = (body: unknown): ReturnType<ReplayBook['answer']> =>
      book.answer({
        method: 'PUT',
        url: `${host}/stet/psd2/v1.4.2/consents`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      put({
        psuIdentity: false,
        trustedBeneficiaries: false,
        transactions: consent.transactions,
        balances: consent.balances,
      }).status,
    ).toBe(201);
    const miss = put({ ...consent, psuIdentity: true });
    expect(miss.status).toBe(501);
    expect(miss.body.toString()).toContain('body $.psuIdentity: sent true, recorded false');
  });

  it('lets a redaction placeholder match any value, and echoes the client X-Request-ID', () => {
    const { har } = redactHar(fixture);
    const book = new ReplayBook(har);
    const authorize = book.answer({
      method: 'POST',
      url: `${host}/stet/psd2/oauth/authorize`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'mine-1' },
      body: 'identifier=bob-0001&otp=87654321',
    });
    expect(authorize.status).toBe(303);
    expect(authorize.headers).toContainEqual(['x-request-id', 'mine-1']);
    expect(authorize.headers).toContainEqual([
      'location',
      'https://tpp.example/callback?code=REDACTED-CODE-1&state=xyz',
    ]);
  });

  it('prefers the exchange of the flow whose bearer token the client echoes', () => {
    const har = twice(redactHar(fixture).har);
    const last = har.log.entries.at(-1);
    last?.request.headers.forEach((h) => {
      if (h.name === 'authorization') h.value = 'Bearer REDACTED-ACCESS-TOKEN-9';
    });
    const book = new ReplayBook(har);
    expect(
      book.answer(get('/stet/psd2/v1.4.2/accounts', { authorization: 'Bearer REDACTED-ACCESS-TOKEN-9' }))
        .status,
    ).toBe(429);
    expect(
      book.answer(get('/stet/psd2/v1.4.2/accounts', { authorization: 'Bearer REDACTED-ACCESS-TOKEN-1' }))
        .status,
    ).toBe(200);
  });
});

describe('ReplayBook with volatile fields', () => {
  it('accepts a new OAuth state and answers with it in the redirect', () => {
    const har = structuredClone(fixture);
    const authorize = har.log.entries[0];
    if (authorize === undefined) throw new Error('fixture changed');
    authorize.request.url = `${host}/stet/psd2/oauth/authorize?client_id=c&state=xyz`;
    authorize.request.queryString = [
      { name: 'client_id', value: 'c' },
      { name: 'state', value: 'xyz' },
    ];
    const answer = new ReplayBook(har).answer({
      method: 'POST',
      url: `${host}/stet/psd2/oauth/authorize?client_id=c&state=s-42`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'identifier=alice-4711&otp=12345678',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers).toContainEqual([
      'location',
      'https://tpp.example/callback?code=code-5e6f7a8b9c0d&state=s-42',
    ]);
  });

  it('keeps the client state learnt on the authorize page for the later callback of the same journey', () => {
    const har = structuredClone(fixture);
    const consent = har.log.entries[0];
    if (consent === undefined) throw new Error('fixture changed');
    const page = structuredClone(consent);
    page.request.method = 'GET';
    page.request.url = `${host}/stet/psd2/oauth/authorize?client_id=c&state=xyz`;
    page.request.queryString = [
      { name: 'client_id', value: 'c' },
      { name: 'state', value: 'xyz' },
    ];
    delete page.request.postData;
    page.response.status = 200;
    page.response.headers = [{ name: 'content-type', value: 'text/html' }];
    page.response.content = { size: 7, mimeType: 'text/html', text: '<form/>' };
    har.log.entries.unshift(page);
    const book = new ReplayBook(har);
    expect(
      book.answer(get('/stet/psd2/oauth/authorize?client_id=c&state=s-43')).status,
      'the page with a new state',
    ).toBe(200);
    const callback = book.answer({
      method: 'POST',
      url: `${host}/stet/psd2/oauth/authorize`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'identifier=alice-4711&otp=12345678',
    });
    expect(callback.headers).toContainEqual([
      'location',
      'https://tpp.example/callback?code=code-5e6f7a8b9c0d&state=s-43',
    ]);
    book.reset();
    const fresh = book.answer({
      method: 'POST',
      url: `${host}/stet/psd2/oauth/authorize`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'identifier=alice-4711&otp=12345678',
    });
    expect(fresh.headers, 'reset forgets what was learnt').toContainEqual([
      'location',
      'https://tpp.example/callback?code=code-5e6f7a8b9c0d&state=xyz',
    ]);
  });
});
