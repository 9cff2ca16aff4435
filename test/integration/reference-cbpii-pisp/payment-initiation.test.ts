import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pick, schemaErrors } from '../reference-ais/ais-fixture.ts';
import { CbpiiPispFixture, codeOf, paymentBody, pkcePair, reportUrls } from './fixture.ts';

let f: CbpiiPispFixture;
beforeAll(async () => {
  f = await CbpiiPispFixture.start();
}, 60_000);
afterAll(async () => f.close());

const versions = ['v1', 'v1.4.2', 'v1.6.2'] as const;

describe('first PISP token', () => {
  it('is issued on the TPP certificates alone: scope pisp, 3600 s, no refresh token', async () => {
    const answer = await f.token({
      grant_type: 'client_credentials',
      client_id: f.tpp.clientId,
      scope: 'pisp',
    });
    expect(answer.status).toBe(200);
    expect(schemaErrors('v1.6.2', 'POST', '/stet/psd2/oauth/token', answer)).toEqual([]);
    expect(pick(answer.json, 'scope')).toBe('pisp');
    expect(pick(answer.json, 'token_type')).toBe('Bearer');
    expect(pick(answer.json, 'expires_in')).toBe(3600);
    expect(pick(answer.json, 'refresh_token')).toBeUndefined();
  });

  it('is refused for another scope without the fallback header (invalid_scope)', async () => {
    const answer = await f.token({
      grant_type: 'client_credentials',
      client_id: f.tpp.clientId,
      scope: 'aisp',
    });
    expect([answer.status, codeOf(answer)]).toEqual([400, 'invalid_scope']);
  });

  it('is refused to a TPP whose QWAC lacks the PISP role', async () => {
    const tpp = f.reference.info.tpps.aispOnly;
    const answer = await f.token(
      { grant_type: 'client_credentials', client_id: tpp.clientId, scope: 'pisp' },
      '10101',
      { tpp },
    );
    expect([answer.status, codeOf(answer)]).toEqual([400, 'unauthorized_client']);
  });

  it('initiates one payment only: a second initiation with it is 401 invalid_token', async () => {
    const first = await f.initiate();
    expect(first.answer.status).toBe(201);
    const again = await f.call({
      method: 'POST',
      path: '/stet/psd2/v1.4.2/payment-requests',
      token: first.firstToken,
      body: paymentBody(),
    });
    expect([again.status, codeOf(again)]).toEqual([401, 'invalid_token']);
  });

  it('serves only its payment: another payment is 404 RENF for it', async () => {
    const one = await f.initiate();
    const other = await f.initiate();
    const answer = await f.call({
      path: `/stet/psd2/v1.4.2/payment-requests/${other.id}`,
      token: one.firstToken,
      requestId: other.requestId,
    });
    expect([answer.status, codeOf(answer)]).toEqual([404, 'RENF']);
  });

  it('is not a token of another role: an AISP resource refuses it with 403 BADS', async () => {
    const token = await f.firstToken();
    const answer = await f.call({ path: '/stet/psd2/v1.4.2/accounts', token });
    expect([answer.status, codeOf(answer)]).toEqual([403, 'BADS']);
  });
});

describe('POST /payment-requests', () => {
  it.each(versions)('answers 201 with Location and the consent link in %s', async (version) => {
    const { answer, id, consentApproval } = await f.initiate({ version });
    expect(answer.status).toBe(201);
    expect(schemaErrors(version, 'POST', `/stet/psd2/${version}/payment-requests`, answer)).toEqual([]);
    expect(answer.headers.location).toBe(`/stet/psd2/${version}/payment-requests/${id}`);
    const link = new URL(consentApproval);
    expect(link.host).toBe('api-10101.psd2.groupbank.example');
    expect(link.pathname).toBe('/stet/psd2/oauth/authorize');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      response_type: 'code',
      client_id: f.tpp.clientId,
      scope: 'pisp',
      redirect_uri: reportUrls.ok,
      payment_request: id,
    });
  });

  it.each([
    ['without successfulReportUrl', { supplementaryData: { unsuccessfulReportUrl: reportUrls.ko } }],
    [
      'with a non-https successfulReportUrl',
      { supplementaryData: { successfulReportUrl: 'http://tpp.example/ok' } },
    ],
    [
      'in another currency than euro',
      {
        creditTransferTransaction: [
          {
            paymentId: { instructionId: 'i', endToEndId: 'e' },
            instructedAmount: { currency: 'USD', amount: '1.00' },
          },
        ],
      },
    ],
    [
      'with two transactions',
      {
        numberOfTransactions: 2,
        creditTransferTransaction: [1, 2].map((n) => ({
          paymentId: { instructionId: `i${n}`, endToEndId: `e${n}` },
          instructedAmount: { currency: 'EUR', amount: '1.00' },
        })),
      },
    ],
    [
      'with a number as amount',
      {
        creditTransferTransaction: [
          {
            paymentId: { instructionId: 'i', endToEndId: 'e' },
            instructedAmount: { currency: 'EUR', amount: 1 },
          },
        ],
      },
    ],
    [
      'with an invalid creditor IBAN',
      { beneficiary: { creditor: { name: 'M' }, creditorAccount: { iban: 'FR7630004000031234567890144' } } },
    ],
  ])('refuses a body %s with 400 FF01', async (_name, change) => {
    const { answer } = await f.initiate({ body: paymentBody(change) });
    expect([answer.status, codeOf(answer)]).toEqual([400, 'FF01']);
  });

  it('accepts a body without unsuccessfulReportUrl', async () => {
    const { answer } = await f.initiate({
      body: paymentBody({ supplementaryData: { successfulReportUrl: reportUrls.ok } }),
    });
    expect(answer.status).toBe(201);
  });
});

describe('payment journey', () => {
  it('identifies, authenticates strongly, offers the PSU euro accounts and calls back with code and state', async () => {
    const psu = await f.psu('alice');
    const { consentApproval, id, firstToken, requestId } = await f.initiate();
    const { verifier } = pkcePair();
    const end = await f.paymentJourney({ psu, href: consentApproval, verifier, state: 's-123' });
    const titles = end.pages.map((p) => /<title>([^–<]+)/.exec(p.text)?.[1]?.trim());
    expect(titles.slice(0, 3)).toEqual(['Identification', 'Strong authentication', 'Consent']);
    const offered = [...(end.pages[2]?.text ?? '').matchAll(/name="account"[^>]*value="([^"]+)"/g)];
    expect(offered.length).toBe(2);
    expect(end.pages[2]?.text).toContain('12.50 EUR to Merchant');
    expect(end.redirect?.origin + (end.redirect?.pathname ?? '')).toBe(reportUrls.ok);
    expect(end.redirect?.searchParams.get('state')).toBe('s-123');
    expect(end.redirect?.searchParams.get('code')).toMatch(/.{20,}/);
    const status = await f.call({
      path: `/stet/psd2/v1.4.2/payment-requests/${id}`,
      token: firstToken,
      requestId,
    });
    expect(pick(status.json, 'paymentRequest', 'paymentInformationStatus')).toBe('ACTC');
    expect(pick(status.json, 'paymentRequest', 'debtorAccount', 'iban')).toBe(offered[0]?.[1]);
  });

  it('skips identification with debtor.privateId but still authenticates strongly (no exemption)', async () => {
    const psu = await f.psu('alice');
    const body = paymentBody({
      debtor: { privateId: { identification: psu.identifier, schemeName: 'BANK' } },
    });
    const { consentApproval } = await f.initiate({ body });
    const end = await f.paymentJourney({ psu, href: consentApproval, verifier: pkcePair().verifier });
    const titles = end.pages.map((p) => /<title>([^–<]+)/.exec(p.text)?.[1]?.trim());
    expect(titles.slice(0, 2)).toEqual(['Strong authentication', 'Consent']);
    expect(end.redirect?.searchParams.has('code')).toBe(true);
  });

  it('offers only debtorAccount when the TPP gave it', async () => {
    const psu = await f.psu('alice');
    const probe = await f.initiate();
    const first = await f.paymentJourney({
      psu,
      href: probe.consentApproval,
      verifier: pkcePair().verifier,
      decision: 'refuse',
    });
    const ibans = [...(first.pages[2]?.text ?? '').matchAll(/name="account"[^>]*value="([^"]+)"/g)].map(
      (m) => m[1],
    );
    const second = ibans[1] ?? '';
    const { consentApproval } = await f.initiate({ body: paymentBody({ debtorAccount: { iban: second } }) });
    const end = await f.paymentJourney({ psu, href: consentApproval, verifier: pkcePair().verifier });
    const offered = [...(end.pages[2]?.text ?? '').matchAll(/name="account"[^>]*value="([^"]+)"[^>]*>/g)];
    expect(offered.map((m) => m[1])).toEqual([second]);
    expect(offered[0]?.[0]).toContain('checked');
    expect(end.redirect?.searchParams.has('code')).toBe(true);
  });

  it('shows the page again when the chosen account is not offered', async () => {
    const psu = await f.psu('alice');
    const { consentApproval } = await f.initiate();
    const end = await f.paymentJourney({
      psu,
      href: consentApproval,
      verifier: pkcePair().verifier,
      account: 'FR7630004000031234567890143',
    });
    expect(end.pages[3]?.status).toBe(200);
    expect(end.pages[3]?.text).toContain('data-code="account_required"');
  });

  it('sends a refusal to unsuccessfulReportUrl with access_denied and rejects the payment', async () => {
    const psu = await f.psu('alice');
    const { consentApproval, id, firstToken, requestId } = await f.initiate();
    const end = await f.paymentJourney({
      psu,
      href: consentApproval,
      verifier: pkcePair().verifier,
      decision: 'refuse',
      state: 'r1',
    });
    expect(`${end.redirect?.origin}${end.redirect?.pathname}`).toBe(reportUrls.ko);
    expect(Object.fromEntries(end.redirect?.searchParams ?? [])).toEqual({
      error: 'access_denied',
      error_description: 'refused',
      state: 'r1',
    });
    const status = await f.call({
      path: `/stet/psd2/v1/payment-requests/${id}`,
      token: firstToken,
      requestId,
    });
    expect(pick(status.json, 'paymentRequest', 'paymentInformationStatus')).toBe('RJCT');
    expect(pick(status.json, 'paymentRequest', 'statusReasonInformation')).toBe('CUST');
  });

  it('sends errors to successfulReportUrl when the TPP gave no unsuccessfulReportUrl', async () => {
    const psu = await f.psu('alice');
    const { consentApproval } = await f.initiate({
      body: paymentBody({ supplementaryData: { successfulReportUrl: reportUrls.ok } }),
    });
    const end = await f.paymentJourney({
      psu,
      href: consentApproval,
      verifier: pkcePair().verifier,
      decision: 'refuse',
    });
    expect(`${end.redirect?.origin}${end.redirect?.pathname}`).toBe(reportUrls.ok);
    expect(end.redirect?.searchParams.get('error')).toBe('access_denied');
    expect(end.redirect?.searchParams.has('code')).toBe(false);
  });

  it('ends at unsuccessfulReportUrl after three wrong one-time codes', async () => {
    const psu = await f.psu('alice');
    const { consentApproval } = await f.initiate();
    const end = await f.paymentJourney({
      psu,
      href: consentApproval,
      verifier: pkcePair().verifier,
      wrongOtps: 3,
    });
    expect(`${end.redirect?.origin}${end.redirect?.pathname}`).toBe(reportUrls.ko);
    expect(end.redirect?.searchParams.get('error_description')).toBe('authentication_failed');
  });

  it('ends at unsuccessfulReportUrl with timeout after five minutes without a submission', async () => {
    const psu = await f.psu('alice');
    const { consentApproval, id, firstToken, requestId } = await f.initiate();
    const url = new URL(consentApproval);
    url.searchParams.set('code_challenge', pkcePair().challenge);
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('state', 't1');
    url.searchParams.set('login_hint', psu.identifier);
    const page = await f.client.call({
      path: `${url.pathname}${url.search}`,
      host: url.host,
      tpp: null,
      noDigest: true,
    });
    expect(page.text).toContain('name="otp"');
    await f.travel(psu, 'PT6M');
    const action = /action="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const answer = await f.client.call({
      method: 'POST',
      path: action,
      host: url.host,
      tpp: null,
      noDigest: true,
      body: 'otp=12345678',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const location = new URL(String(answer.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(reportUrls.ko);
    expect(location.searchParams.get('error_description')).toBe('timeout');
    const status = await f.call({
      path: `/stet/psd2/v1/payment-requests/${id}`,
      token: firstToken,
      requestId,
    });
    expect(pick(status.json, 'paymentRequest', 'statusReasonInformation')).toBe('NOAS');
  });

  it.each([
    ['without code_challenge', { code_challenge: null }],
    ['with code_challenge_method plain', { code_challenge_method: 'plain' }],
    ['with a redirect_uri other than successfulReportUrl', { redirect_uri: 'https://tpp.example/elsewhere' }],
    ['for an unknown payment', { payment_request: 'unknown' }],
  ])('answers the consent link %s with a 400 page, never a redirect', async (_name, query) => {
    const psu = await f.psu('alice');
    const { consentApproval } = await f.initiate();
    const end = await f.paymentJourney({ psu, href: consentApproval, verifier: pkcePair().verifier, query });
    expect(end.pages[0]?.status).toBe(400);
    expect(end.pages[0]?.headers.location).toBeUndefined();
  });

  it('refuses a payment consent link with a scope other than pisp', async () => {
    const psu = await f.psu('alice');
    const { consentApproval } = await f.initiate();
    const end = await f.paymentJourney({
      psu,
      href: consentApproval,
      verifier: pkcePair().verifier,
      query: { scope: 'aisp' },
    });
    expect(end.redirect?.searchParams.get('error')).toBe('invalid_scope');
  });

  it('cannot be consented twice: a second journey on a processed payment ends without code', async () => {
    const psu = await f.psu('alice');
    const { consentApproval } = await f.initiate();
    await f.paymentJourney({ psu, href: consentApproval, verifier: pkcePair().verifier });
    const again = await f.paymentJourney({ psu, href: consentApproval, verifier: pkcePair().verifier });
    expect(again.pages[0]?.status).toBe(400);
  });
});

describe('PKCE exchange for the second token', () => {
  it('gives scope pisp and returns the state of the callback', async () => {
    const psu = await f.psu('alice');
    const { consentApproval } = await f.initiate();
    const { verifier } = pkcePair();
    const end = await f.paymentJourney({ psu, href: consentApproval, verifier, state: 'st-42' });
    const answer = await f.exchange({ code: end.redirect?.searchParams.get('code') ?? '', verifier });
    expect(answer.status).toBe(200);
    expect(schemaErrors('v1.6.2', 'POST', '/stet/psd2/oauth/token', answer)).toEqual([]);
    expect(pick(answer.json, 'scope')).toBe('pisp');
    expect(pick(answer.json, 'state')).toBe('st-42');
    expect(pick(answer.json, 'token_type')).toBe('Bearer');
  });

  it('refuses a wrong code_verifier with invalid_grant, and the code is then spent', async () => {
    const psu = await f.psu('alice');
    const { consentApproval } = await f.initiate();
    const { verifier } = pkcePair();
    const end = await f.paymentJourney({ psu, href: consentApproval, verifier });
    const code = end.redirect?.searchParams.get('code') ?? '';
    const wrong = await f.exchange({ code, verifier: pkcePair().verifier });
    expect([wrong.status, codeOf(wrong)]).toEqual([400, 'invalid_grant']);
    const right = await f.exchange({ code, verifier });
    expect([right.status, codeOf(right)]).toEqual([400, 'invalid_grant']);
  });

  it('refuses an exchange without code_verifier', async () => {
    const psu = await f.psu('alice');
    const { consentApproval } = await f.initiate();
    const { verifier } = pkcePair();
    const end = await f.paymentJourney({ psu, href: consentApproval, verifier });
    const answer = await f.token({
      grant_type: 'authorization_code',
      client_id: f.tpp.clientId,
      code: end.redirect?.searchParams.get('code') ?? '',
      redirect_uri: reportUrls.ok,
    });
    expect([answer.status, codeOf(answer)]).toEqual([400, 'invalid_grant']);
  });

  it('refuses a redirect_uri other than the successfulReportUrl of the journey', async () => {
    const psu = await f.psu('alice');
    const { consentApproval } = await f.initiate();
    const { verifier } = pkcePair();
    const end = await f.paymentJourney({ psu, href: consentApproval, verifier });
    const answer = await f.exchange({
      code: end.redirect?.searchParams.get('code') ?? '',
      verifier,
      redirectUri: f.tpp.redirectUri,
    });
    expect([answer.status, codeOf(answer)]).toEqual([400, 'invalid_grant']);
  });
});
