import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { list, pick, schemaErrors } from '../reference-ais/ais-fixture.ts';
import { apiVersions } from '../../../spec/lib/index.ts';
import { CbpiiPispFixture, codeOf, reportUrls, type ClonedPsu } from './fixture.ts';

let f: CbpiiPispFixture;
beforeAll(async () => {
  f = await CbpiiPispFixture.start();
}, 60_000);
afterAll(async () => f.close());

const base = (version: string, id: string) => `/stet/psd2/${version}/payment-requests/${id}`;

function confirm(options: {
  version?: string;
  id: string;
  token: string;
  institution?: string;
  segment?: string;
  body?: unknown;
}) {
  return f.call({
    method: 'POST',
    path: `${base(options.version ?? 'v1.4.2', options.id)}/${options.segment ?? 'confirmation'}`,
    institution: options.institution,
    token: options.token,
    body: options.body ?? {},
  });
}

describe('confirmation', () => {
  it.each(apiVersions)(
    'confirms with the second token in %s: 200, payment and transaction PDNG',
    async (version) => {
      const psu = await f.psu('alice');
      const payment = await f.consentedPayment(psu, { version });
      const answer = await confirm({ version, id: payment.id, token: payment.secondToken });
      expect(answer.status).toBe(200);
      expect(schemaErrors(version, 'POST', `${base(version, payment.id)}/confirmation`, answer)).toEqual([]);
      expect(pick(answer.json, 'paymentRequest', 'resourceId')).toBe(payment.id);
      expect(pick(answer.json, 'paymentRequest', 'paymentInformationStatus')).toBe('PDNG');
      expect(pick(answer.json, 'paymentRequest', 'creditTransferTransaction', 0, 'transactionStatus')).toBe(
        'PDNG',
      );
      expect(pick(answer.json, 'paymentRequest', 'supplementaryData', 'appliedAuthenticationApproach')).toBe(
        'REDIRECT',
      );
      expect(
        typeof pick(
          answer.json,
          'paymentRequest',
          'creditTransferTransaction',
          0,
          'instructedAmount',
          'amount',
        ),
      ).toBe('string');
    },
  );

  it('refuses the first token with 403 BADS', async () => {
    const psu = await f.psu('alice');
    const payment = await f.consentedPayment(psu);
    const answer = await confirm({ id: payment.id, token: payment.firstToken });
    expect([answer.status, codeOf(answer)]).toEqual([403, 'BADS']);
  });

  it('refuses a body other than an empty JSON object with 400 FF01', async () => {
    const psu = await f.psu('alice');
    const payment = await f.consentedPayment(psu);
    const answer = await confirm({ id: payment.id, token: payment.secondToken, body: { confirm: true } });
    expect([answer.status, codeOf(answer)]).toEqual([400, 'FF01']);
  });

  it('refuses a second confirmation with 409 PAYMENT_STATUS_CONFLICT', async () => {
    const psu = await f.psu('alice');
    const payment = await f.consentedPayment(psu);
    expect((await confirm({ id: payment.id, token: payment.secondToken })).status).toBe(200);
    const again = await confirm({ id: payment.id, token: payment.secondToken });
    expect([again.status, codeOf(again)]).toEqual([409, 'PAYMENT_STATUS_CONFLICT']);
  });

  it('serves the consented payment only: another payment is 404 RENF for the second token', async () => {
    const psu = await f.psu('alice');
    const payment = await f.consentedPayment(psu);
    const other = await f.initiate();
    const answer = await confirm({ id: other.id, token: payment.secondToken });
    expect([answer.status, codeOf(answer)]).toEqual([404, 'RENF']);
  });

  it('at 20202 confirms at o-confirmation; the plain path is 501 NIMP there', async () => {
    const psu = await f.psu('alice', '20202');
    const payment = await f.consentedPayment(psu);
    const status = await f.call({
      path: base('v1.4.2', payment.id),
      institution: '20202',
      token: payment.firstToken,
      requestId: payment.requestId,
    });
    expect(pick(status.json, '_links', 'confirmation', 'href')).toBe(
      `${base('v1.4.2', payment.id)}/o-confirmation`,
    );
    const plain = await confirm({ id: payment.id, token: payment.secondToken, institution: '20202' });
    expect([plain.status, codeOf(plain)]).toEqual([501, 'NIMP']);
    const variant = await confirm({
      id: payment.id,
      token: payment.secondToken,
      institution: '20202',
      segment: 'o-confirmation',
    });
    expect(variant.status).toBe(200);
    expect(pick(variant.json, 'paymentRequest', 'paymentInformationStatus')).toBe('PDNG');
  });

  it('has no o-confirmation at an institution using confirmation (404 RESOURCE_UNKNOWN)', async () => {
    const psu = await f.psu('alice');
    const payment = await f.consentedPayment(psu);
    const answer = await confirm({ id: payment.id, token: payment.secondToken, segment: 'o-confirmation' });
    expect([answer.status, codeOf(answer)]).toEqual([404, 'RESOURCE_UNKNOWN']);
  });
});

describe('GET payment request', () => {
  it('needs the X-Request-ID of the initiation, echoes it, and answers 404 RENF to another one', async () => {
    const psu = await f.psu('alice');
    const payment = await f.consentedPayment(psu);
    const same = await f.call({
      path: base('v1.6.2', payment.id),
      token: payment.secondToken,
      requestId: payment.requestId,
    });
    expect(same.status).toBe(200);
    expect(same.headers['x-request-id']).toBe(payment.requestId);
    expect(schemaErrors('v1.6.2', 'GET', base('v1.6.2', payment.id), same)).toEqual([]);
    expect(pick(same.json, 'paymentRequest', 'resourceId')).toBe(payment.id);
    expect(pick(same.json, 'paymentRequest', 'supplementaryData', 'successfulReportUrl')).toBe(reportUrls.ok);
    const other = await f.call({
      path: base('v1.6.2', payment.id),
      token: payment.secondToken,
      requestId: 'another-id',
    });
    expect([other.status, codeOf(other)]).toEqual([404, 'RENF']);
  });

  it('answers 404 RENF for an unknown payment', async () => {
    const token = await f.firstToken();
    const answer = await f.call({ path: base('v1', 'no-such-payment'), token });
    expect([answer.status, codeOf(answer)]).toEqual([404, 'RENF']);
  });

  it('keeps the payment request 35 days (PSU clock), then answers 404 RENF', async () => {
    const psu: ClonedPsu = await f.psu('alice');
    const payment = await f.consentedPayment(psu);
    expect((await confirm({ id: payment.id, token: payment.secondToken })).status).toBe(200);
    const read = () =>
      f.call({ path: base('v1', payment.id), token: payment.firstToken, requestId: payment.requestId });
    await f.travel(psu, 'P34DT23H');
    const before = await read();
    expect([before.status, pick(before.json, 'paymentRequest', 'paymentInformationStatus')]).toEqual([
      200,
      'PDNG',
    ]);
    await f.travel(psu, 'PT1H');
    const after = await read();
    expect([after.status, codeOf(after)]).toEqual([404, 'RENF']);
  });
});

describe('cancellation', () => {
  const cancelBody = (
    urls: { ok: string; ko?: string } = {
      ok: 'https://tpp.example/cancel/ok',
      ko: 'https://tpp.example/cancel/ko',
    },
  ) => ({
    paymentInformationStatus: 'RJCT',
    statusReasonInformation: 'DS02',
    supplementaryData: {
      successfulReportUrl: urls.ok,
      ...(urls.ko === undefined ? {} : { unsuccessfulReportUrl: urls.ko }),
    },
  });

  async function cancel(id: string, token: string, body: unknown = cancelBody()) {
    return f.call({ method: 'PUT', path: base('v1.4.2', id), token, body });
  }

  it('cancels a confirmed payment after its own SCA, with no code and no confirmation step', async () => {
    const psu = await f.psu('alice');
    const payment = await f.consentedPayment(psu);
    expect((await confirm({ id: payment.id, token: payment.secondToken })).status).toBe(200);
    const put = await cancel(payment.id, payment.secondToken);
    expect(put.status).toBe(200);
    expect(schemaErrors('v1.4.2', 'PUT', base('v1.4.2', payment.id), put)).toEqual([]);
    const href = String(pick(put.json, '_links', 'consentApproval', 'href'));
    expect(new URL(href).searchParams.get('payment_action')).toBe('cancel');
    expect(new URL(href).searchParams.get('redirect_uri')).toBe('https://tpp.example/cancel/ok');
    const end = await f.paymentJourney({ psu, href, state: 'c1' });
    const titles = end.pages.map((p) => /<title>([^–<]+)/.exec(p.text)?.[1]?.trim());
    expect(titles).toContain('Strong authentication');
    expect(end.pages.some((p) => p.text.includes('name="account"'))).toBe(false);
    expect(`${end.redirect?.origin}${end.redirect?.pathname}`).toBe('https://tpp.example/cancel/ok');
    expect(Object.fromEntries(end.redirect?.searchParams ?? [])).toEqual({ state: 'c1' });
    const status = await f.call({
      path: base('v1.4.2', payment.id),
      token: payment.secondToken,
      requestId: payment.requestId,
    });
    expect(pick(status.json, 'paymentRequest', 'paymentInformationStatus')).toBe('RJCT');
    expect(pick(status.json, 'paymentRequest', 'statusReasonInformation')).toBe('DS02');
    expect(
      list(status.json, 'paymentRequest', 'creditTransferTransaction').map((t) =>
        pick(t, 'transactionStatus'),
      ),
    ).toEqual(['RJCT']);
  });

  it('leaves the payment as it was when the PSU refuses the cancellation (unsuccessful URL)', async () => {
    const psu = await f.psu('alice');
    const payment = await f.consentedPayment(psu);
    const put = await cancel(payment.id, payment.secondToken);
    const href = String(pick(put.json, '_links', 'consentApproval', 'href'));
    const end = await f.paymentJourney({ psu, href, decision: 'refuse' });
    expect(`${end.redirect?.origin}${end.redirect?.pathname}`).toBe('https://tpp.example/cancel/ko');
    const status = await f.call({
      path: base('v1.4.2', payment.id),
      token: payment.secondToken,
      requestId: payment.requestId,
    });
    expect(pick(status.json, 'paymentRequest', 'paymentInformationStatus')).toBe('ACTC');
    expect((await confirm({ id: payment.id, token: payment.secondToken })).status).toBe(200);
  });

  it('refuses to confirm a cancelled payment and to cancel it again (409)', async () => {
    const psu = await f.psu('alice');
    const payment = await f.consentedPayment(psu);
    const put = await cancel(payment.id, payment.secondToken);
    const end = await f.paymentJourney({
      psu,
      href: String(pick(put.json, '_links', 'consentApproval', 'href')),
    });
    expect(end.redirect?.searchParams.has('error')).toBe(false);
    const confirmed = await confirm({ id: payment.id, token: payment.secondToken });
    expect([confirmed.status, codeOf(confirmed)]).toEqual([409, 'PAYMENT_STATUS_CONFLICT']);
    const again = await cancel(payment.id, payment.secondToken);
    expect([again.status, codeOf(again)]).toEqual([409, 'PAYMENT_STATUS_CONFLICT']);
  });

  it('refuses to cancel a payment the PSU has not consented to (409)', async () => {
    const payment = await f.initiate();
    const answer = await cancel(payment.id, payment.firstToken);
    expect([answer.status, codeOf(answer)]).toEqual([409, 'PAYMENT_STATUS_CONFLICT']);
  });

  it('refuses a cancellation body without RJCT/DS02 or successfulReportUrl with 400 FF01', async () => {
    const psu = await f.psu('alice');
    const payment = await f.consentedPayment(psu);
    for (const body of [
      { ...cancelBody(), paymentInformationStatus: 'CANC' },
      { paymentInformationStatus: 'RJCT', statusReasonInformation: 'DS02', supplementaryData: {} },
    ]) {
      const answer = await cancel(payment.id, payment.secondToken, body);
      expect([answer.status, codeOf(answer)]).toEqual([400, 'FF01']);
    }
  });
});

describe('invalid transitions and the PISP faults', () => {
  // With `first-token-confirms` the state machine is reachable before consent: the refusals below
  // are then the payment's own (409), not the token's (403).
  let faulty: CbpiiPispFixture;
  beforeAll(async () => {
    faulty = await CbpiiPispFixture.start({
      faults: ['first-token-confirms', 'payment-request-id-not-compared'],
    });
  }, 60_000);
  afterAll(async () => faulty.close());

  function confirmAt(fixture: CbpiiPispFixture, id: string, token: string) {
    return fixture.call({ method: 'POST', path: `${base('v1', id)}/confirmation`, token, body: {} });
  }

  it('refuses to confirm a payment not consented yet (409)', async () => {
    const payment = await faulty.initiate();
    const answer = await confirmAt(faulty, payment.id, payment.firstToken);
    expect([answer.status, codeOf(answer)]).toEqual([409, 'PAYMENT_STATUS_CONFLICT']);
  });

  it('refuses to confirm a payment the PSU refused (409)', async () => {
    const psu = await faulty.psu('alice');
    const payment = await faulty.initiate();
    await faulty.paymentJourney({
      psu,
      href: payment.consentApproval,
      decision: 'refuse',
      verifier: 'v'.repeat(43),
    });
    const answer = await confirmAt(faulty, payment.id, payment.firstToken);
    expect([answer.status, codeOf(answer)]).toEqual([409, 'PAYMENT_STATUS_CONFLICT']);
  });

  it('lets the first token confirm under first-token-confirms (the fault a suite must catch)', async () => {
    const psu = await faulty.psu('alice');
    const payment = await faulty.consentedPayment(psu);
    const answer = await confirmAt(faulty, payment.id, payment.firstToken);
    expect(answer.status).toBe(200);
  });

  it('answers any X-Request-ID under payment-request-id-not-compared', async () => {
    const payment = await faulty.initiate();
    const answer = await faulty.call({
      path: base('v1', payment.id),
      token: payment.firstToken,
      requestId: 'other',
    });
    expect(answer.status).toBe(200);
  });
});
