/**
 * A session written to show deviations in a recording: each call is one a faulty bank answers
 * differently, so `diff` of its recording against a reference started with a fault of the catalogue
 * must find that fault. Driven with the harness's own client and http journey driver.
 *
 * AIS (alice, v1.4.2): a consent with balances for accounts A and B, transactions for A and the GBP
 * account, trusted beneficiaries asked and no identity; the account list; a refused balances call;
 * transactions on three windows, over 91 days (ending in the future), with no dateFrom ending 85 days ago, with a malformed
 * date; five batch calls (the fifth over the quota); the code exchanged a second time. PISP: an
 * exchange with a wrong code_verifier; the confirmation with the first token; the status read with
 * another X-Request-ID.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createPkcePair } from '../../../protocol/index.ts';
import { StetClient, type HttpExchange } from '../../../harness/client/stet-client.ts';
import { httpJourneyDriver } from '../../../harness/journeys/http-driver.ts';
import { SecretSet } from '../../../harness/report/secret-set.ts';
import type { Target } from '../../../harness/targets/target-definition.ts';
import { paymentRequestBody } from '../../../harness/client/payment-request-body.ts';
import { TppClient } from '../../../harness/client/tpp-client.ts';
import { addDays } from '../../../spec/lib/index.ts';
import { field, text } from './session-json.ts';

const institution = '10101';
const base = '/stet/psd2/v1.4.2';
const reportUrl = 'https://tpp.example/pay/ok';

/** Runs the session; every answer is left to the recording (nothing here asserts). */
export async function runProbeSession(target: Target, today: string): Promise<void> {
  const client = new StetClient(target, new SecretSet());
  const tpp = new TppClient({ client, target, institution });
  const signing = { headers: ['(request-target)', 'date', 'digest', 'x-request-id'] };
  const signed = (options: {
    method: string;
    path: string;
    token: string;
    body?: unknown;
    psuIp?: boolean;
    requestId?: string;
  }): Promise<HttpExchange> =>
    tpp.resource({
      ...options,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      headers: options.psuIp === false ? {} : { 'psu-ip-address': '198.51.100.7' },
      signing,
    });
  try {
    const { psu } = await tpp.clonePsu('alice');
    const identifier = text(psu?.identifier);
    const otp = text(psu?.otp);

    // AIS
    const login = await tpp.login({
      journeys: httpJourneyDriver(client),
      psu: { identifier, otp },
      scope: 'aisp',
    });
    const code = login.journey.callback['code'] ?? '';
    const tokenAnswer = login.exchange ?? (await tpp.exchangeCode({ code }));
    const token = text(field(tokenAnswer.json, 'access_token'));
    const before = await signed({ method: 'GET', path: `${base}/accounts`, token });
    const listedBefore = field(before.json, 'accounts');
    const accounts: unknown[] = Array.isArray(listedBefore) ? listedBefore : [];
    const ibanOf = (predicate: (a: unknown) => boolean): string =>
      text(field(accounts.find(predicate), 'accountId', 'iban'));
    const euro = accounts.filter(
      (a) => field(a, 'accountId', 'currency') === 'EUR' && typeof field(a, 'accountId', 'iban') === 'string',
    );
    const a = text(field(euro[0], 'accountId', 'iban'));
    const b = text(field(euro[1], 'accountId', 'iban'));
    const gbp = ibanOf((x) => field(x, 'accountId', 'currency') === 'GBP');
    await signed({
      method: 'PUT',
      path: `${base}/consents`,
      token,
      body: {
        balances: [{ iban: a }, { iban: b }],
        transactions: [{ iban: a }, { iban: gbp }],
        trustedBeneficiaries: true,
        psuIdentity: false,
      },
    });
    const after = await signed({ method: 'GET', path: `${base}/accounts`, token });
    const listed = field(after.json, 'accounts');
    const idOf = (iban: string): string =>
      text(
        field(
          (Array.isArray(listed) ? listed : []).find((x) => field(x, 'accountId', 'iban') === iban),
          'resourceId',
        ),
      );
    const [idA, idGbp] = [idOf(a), idOf(gbp)];
    await signed({ method: 'GET', path: `${base}/accounts/${idGbp}/balances`, token });
    const transactions = `${base}/accounts/${idA}/transactions`;
    for (const to of [10, 11, 12])
      await signed({
        method: 'GET',
        path: `${transactions}?dateFrom=${addDays(today, -30)}&dateTo=${addDays(today, -to)}`,
        token,
      });
    await signed({
      method: 'GET',
      path: `${transactions}?dateFrom=${addDays(today, -80)}&dateTo=${addDays(today, 11)}`,
      token,
    });
    await signed({ method: 'GET', path: `${transactions}?dateTo=${addDays(today, -85)}`, token });
    await signed({ method: 'GET', path: `${transactions}?dateFrom=yesterday`, token });
    for (let call = 0; call < 5; call += 1)
      await signed({ method: 'GET', path: `${base}/accounts`, token, psuIp: false });
    await tpp.exchangeCode({ code });

    // PISP
    // A first token per payment: the reference binds it to the payment it initiates.
    const pay = async (): Promise<{
      location: string;
      code: string;
      verifier: string;
      requestId: string;
      firstToken: string;
    }> => {
      const first = await tpp.clientCredentials('pisp');
      const firstToken = text(field(first.json, 'access_token'));
      const requestId = randomUUID();
      const initiation = await signed({
        method: 'POST',
        path: `${base}/payment-requests`,
        token: firstToken,
        requestId,
        body: payment(),
      });
      const pkce = createPkcePair();
      const link = tpp.authorizeUrl({
        link: text(field(initiation.json, '_links', 'consentApproval', 'href')),
        pkce,
        state: randomBytes(8).toString('hex'),
        redirectUri: reportUrl,
        scope: 'pisp',
      });
      const consent = await httpJourneyDriver(client).run({
        institution,
        authorizeUrl: link.toString(),
        redirectUri: reportUrl,
        identifier,
        otp,
        outcome: 'consent',
        travel: undefined,
      });
      return {
        location: text(initiation.headers['location']),
        code: consent.callback['code'] ?? '',
        verifier: pkce.verifier,
        requestId,
        firstToken,
      };
    };
    const exchange = (code: string, verifier: string): Promise<HttpExchange> =>
      tpp.exchangeCode({ code, verifier, redirectUri: reportUrl });
    const wrong = await pay();
    await exchange(wrong.code, createPkcePair().verifier);
    const right = await pay();
    const second = await exchange(right.code, right.verifier);
    const secondToken = text(field(second.json, 'access_token'));
    await signed({
      method: 'POST',
      path: `${right.location}/confirmation`,
      token: right.firstToken,
      body: {},
    });
    await signed({ method: 'POST', path: `${right.location}/confirmation`, token: secondToken, body: {} });
    await signed({ method: 'GET', path: right.location, token: secondToken, requestId: right.requestId });
    await signed({ method: 'GET', path: right.location, token: secondToken, requestId: randomUUID() });
  } finally {
    await client.close();
  }
}

function payment(): unknown {
  return paymentRequestBody({
    id: `pmt-probe-${randomBytes(4).toString('hex')}`,
    successfulReportUrl: reportUrl,
  });
}
