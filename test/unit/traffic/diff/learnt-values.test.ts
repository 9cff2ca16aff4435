import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LearntValues } from '../../../../traffic/diff/learnt-values.ts';
import type { Har, HarEntry } from '../../../../traffic/har/har.ts';

function entry(method: string, url: string, form?: string): HarEntry {
  return {
    startedDateTime: '2026-11-22T10:00:00.000Z',
    time: 1,
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
      ...(form === undefined
        ? {}
        : { postData: { mimeType: 'application/x-www-form-urlencoded', text: form } }),
      headersSize: -1,
      bodySize: -1,
    },
    response: {
      status: 200,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: { size: 0, mimeType: 'text/plain' },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: 1, receive: 0 },
  };
}

describe('LearntValues', () => {
  it('learns a journey id from the form action of two journey pages', () => {
    const learnt = new LearntValues();
    learnt.learnHtml(
      '<form method="post" action="/stet/psd2/oauth/journeys/OLD-journey"><input name="otp"></form>',
      '<form method="post" action="/stet/psd2/oauth/journeys/NEW-journey"><input name="otp"></form>',
    );
    expect(learnt.apply('https://h/stet/psd2/oauth/journeys/OLD-journey')).toBe(
      'https://h/stet/psd2/oauth/journeys/NEW-journey',
    );
  });

  it('learns nothing from pages whose attributes do not line up', () => {
    const learnt = new LearntValues();
    learnt.learnHtml('<form action="/a/OLD-1"></form>', '<a href="/x">x</a><form action="/a/NEW-1"></form>');
    expect(learnt.apply('/a/OLD-1')).toBe('/a/OLD-1');
  });

  it('learns ids in link paths and query values, and cookies by name', () => {
    const learnt = new LearntValues();
    learnt.learnJson(
      { _links: { consentApproval: { href: '/authorize?payment_request=old-pay&scope=pisp' } } },
      { _links: { consentApproval: { href: '/authorize?payment_request=new-pay&scope=pisp' } } },
    );
    learnt.learnHeaders(
      [
        { name: 'location', value: '/stet/psd2/v1.4.2/payment-requests/old-res' },
        { name: 'set-cookie', value: 'jid=REDACTED-COOKIE-1; Path=/; HttpOnly' },
      ],
      { location: '/stet/psd2/v1.4.2/payment-requests/new-res', 'set-cookie': ['jid=fresh-cookie; Path=/'] },
    );
    expect(learnt.apply('/x?payment_request=old-pay /payment-requests/old-res jid=REDACTED-COOKIE-1')).toBe(
      '/x?payment_request=new-pay /payment-requests/new-res jid=fresh-cookie',
    );
  });

  it('replaces a learnt value only as a whole token, never inside a date or a longer id', () => {
    const learnt = new LearntValues();
    // Two transaction lists that do not line up: the entryReference at one position differs.
    learnt.learnJson(
      { transactions: [{ entryReference: '2026' }] },
      { transactions: [{ entryReference: '9235' }] },
    );
    expect(learnt.apply('/transactions?dateTo=2026-09-05&entryReferenceFrom=2026')).toBe(
      '/transactions?dateTo=2026-09-05&entryReferenceFrom=9235',
    );
    expect(learnt.apply('{"id":"x2026","ref":"2026","v":"2026.5","w":"a~2026"}')).toBe(
      '{"id":"x2026","ref":"9235","v":"2026.5","w":"a~2026"}',
    );
    // A percent escape is a boundary: an id inside an encoded redirect URI is still replaced.
    expect(learnt.apply('redirect_uri=https%3A%2F%2Ft%2F2026%3Fa')).toBe(
      'redirect_uri=https%3A%2F%2Ft%2F9235%3Fa',
    );
  });

  it('does not learn dates, instants or amounts, which describe and do not identify', () => {
    const learnt = new LearntValues();
    learnt.learnJson(
      { bookingDate: '2026-09-04', at: '2026-09-04T10:00:00.000+02:00', amount: '12.30', id: 'old-id' },
      { bookingDate: '2026-09-07', at: '2026-09-07T11:00:00Z', amount: '99.99', id: 'new-id' },
    );
    expect(learnt.apply('dateTo=2026-09-04 2026-09-04T10:00:00.000+02:00 {"amount":"12.30"} old-id')).toBe(
      'dateTo=2026-09-04 2026-09-04T10:00:00.000+02:00 {"amount":"12.30"} new-id',
    );
  });

  it('pairs each PKCE challenge with the next redacted verifier and makes a fresh matching pair', () => {
    const har: Har = {
      log: {
        version: '1.2',
        creator: { name: 't', version: '1' },
        entries: [
          entry(
            'GET',
            'https://h/stet/psd2/oauth/authorize?code_challenge=recorded-challenge&code_challenge_method=S256',
          ),
          entry(
            'POST',
            'https://h/stet/psd2/oauth/token',
            'grant_type=authorization_code&code_verifier=REDACTED-CODE-VERIFIER-1',
          ),
        ],
      },
    };
    const learnt = new LearntValues();
    learnt.learnPkce(har);
    const verifier = learnt.apply('REDACTED-CODE-VERIFIER-1');
    expect(verifier).not.toBe('REDACTED-CODE-VERIFIER-1');
    expect(learnt.apply('recorded-challenge')).toBe(
      createHash('sha256').update(verifier).digest('base64url'),
    );
  });

  it("keeps a verifier the recording saw refused wrong, and pairs each challenge with its own journey's code", () => {
    const authorize = (challenge: string): HarEntry =>
      entry(
        'GET',
        `https://h/stet/psd2/oauth/authorize?code_challenge=${challenge}&code_challenge_method=S256`,
      );
    const redirect = (code: string): HarEntry => {
      const page = entry('POST', 'https://h/stet/psd2/oauth/journeys/j');
      page.response.status = 303;
      page.response.redirectURL = `https://tpp.example/pay/ok?code=${code}&state=s`;
      return page;
    };
    const exchange = (code: string, verifier: string, status: number): HarEntry => {
      const token = entry(
        'POST',
        'https://h/stet/psd2/oauth/token',
        `grant_type=authorization_code&code=${code}&code_verifier=${verifier}`,
      );
      token.response.status = status;
      return token;
    };
    // Two journeys run side by side: the first code is exchanged after the second journey ended.
    const har: Har = {
      log: {
        version: '1.2',
        creator: { name: 't', version: '1' },
        entries: [
          authorize('challenge-one'),
          redirect('REDACTED-CODE-1'),
          authorize('challenge-two'),
          redirect('REDACTED-CODE-2'),
          exchange('REDACTED-CODE-1', 'REDACTED-CODE-VERIFIER-1', 400),
          exchange('REDACTED-CODE-1', 'REDACTED-CODE-VERIFIER-2', 200),
          exchange('REDACTED-CODE-2', 'REDACTED-CODE-VERIFIER-3', 200),
        ],
      },
    };
    const learnt = new LearntValues();
    expect([...learnt.learnPkce(har)]).toEqual([4]);
    const s256 = (v: string): string => createHash('sha256').update(v).digest('base64url');
    const [wrong, one, two] = ['1', '2', '3'].map((n) => learnt.apply(`REDACTED-CODE-VERIFIER-${n}`));
    expect(learnt.apply('challenge-one')).toBe(s256(one ?? ''));
    expect(learnt.apply('challenge-two')).toBe(s256(two ?? ''));
    expect(wrong).not.toBe('REDACTED-CODE-VERIFIER-1');
    expect([learnt.apply('challenge-one'), learnt.apply('challenge-two')]).not.toContain(s256(wrong ?? ''));
  });

  it('never rewrites a value it has already replaced (a fresh id containing a shorter learnt value)', () => {
    const learnt = new LearntValues();
    learnt.learnString('8979', '1484');
    learnt.learnString('recorded-payment-id-0001', '64c47fc9869d47189790341cda41d542');
    expect(learnt.apply('/payment-requests/recorded-payment-id-0001?ref=8979')).toBe(
      '/payment-requests/64c47fc9869d47189790341cda41d542?ref=1484',
    );
  });
});
