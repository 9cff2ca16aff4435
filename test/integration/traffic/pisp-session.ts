/**
 * A full PISP session of one sandbox PSU, driven with the harness's own client and http journey
 * driver against any target (the reference through the recording proxy, or a replay of it): the first
 * token from the TPP certificates alone, the payment request, the PSU's consent journey with PKCE
 * (S256), the code exchange for the second token, the confirmation, and the status read with the
 * initiation's X-Request-ID. A replay must give the same verdicts, the client's own `state` included.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createPkcePair } from '../../../protocol/index.ts';
import { StetClient, type HttpExchange } from '../../../harness/client/stet-client.ts';
import { httpJourneyDriver } from '../../../harness/journeys/http-driver.ts';
import { SecretSet } from '../../../harness/report/secret-set.ts';
import type { Target } from '../../../harness/targets/target-definition.ts';
import { paymentRequestBody } from '../../../harness/client/payment-request-body.ts';
import { TppClient } from '../../../harness/client/tpp-client.ts';
import { field, text, verdictOf, type Verdicts } from './session-json.ts';

/** Where the bank sends the PSU back after consent (the payment's successfulReportUrl). */
const reportUrl = 'https://tpp.example/pay/ok';

/** A creditor IBAN of the TPP's merchant: sent by the client, so a secret of the session too. */
export const creditorIban = 'FR7630004000031234567890143';

const payment = paymentRequestBody({
  id: 'pmt-traffic-1',
  creationDateTime: '2025-03-30T10:15:00.000+02:00',
  creditorIban,
  successfulReportUrl: reportUrl,
});

/** Runs the session and returns its verdicts and the values a test checks for leaks. */
export async function runPispSession(target: Target): Promise<{ verdicts: Verdicts; secrets: string[] }> {
  const client = new StetClient(target, new SecretSet());
  const institution = '10101';
  const tpp = new TppClient({ client, target, institution });
  const verdicts: Verdicts = [];
  const signing = { headers: ['(request-target)', 'digest', 'x-request-id'] };
  const note = (step: string, exchange: HttpExchange, detail?: string): HttpExchange => {
    verdicts.push(verdictOf(step, exchange, detail));
    return exchange;
  };
  const token = (step: string, exchange: HttpExchange): HttpExchange =>
    note(step, exchange, `scope ${String(field(exchange.json, 'scope'))}`);
  const pisp = (options: {
    method: string;
    path: string;
    accessToken: string;
    body?: unknown;
    requestId?: string;
  }): Promise<HttpExchange> =>
    tpp.resource({
      method: options.method,
      path: options.path,
      token: options.accessToken,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      requestId: options.requestId,
      signing,
    });
  try {
    const cloned = await tpp.clonePsu('alice');
    note('clone alice', cloned.exchange);
    const identifier = text(cloned.psu?.identifier);
    const otp = text(cloned.psu?.otp);
    const first = token('first token (client credentials)', await tpp.clientCredentials('pisp'));
    const firstToken = text(field(first.json, 'access_token'));
    const initiationId = randomUUID();
    const initiation = note(
      'payment request',
      await pisp({
        method: 'POST',
        path: '/stet/psd2/v1.4.2/payment-requests',
        accessToken: firstToken,
        body: payment,
        requestId: initiationId,
      }),
    );
    const location = text(initiation.headers['location']);
    const state = randomBytes(12).toString('hex');
    const pkce = createPkcePair();
    const consentLink = tpp.authorizeUrl({
      link: text(field(initiation.json, '_links', 'consentApproval', 'href')),
      pkce,
      state,
      redirectUri: reportUrl,
      scope: 'pisp',
    });
    const journey = await httpJourneyDriver(client).run({
      institution,
      authorizeUrl: consentLink.toString(),
      redirectUri: reportUrl,
      identifier,
      otp,
      outcome: 'consent',
      travel: undefined,
    });
    const code = text(journey.callback['code']);
    verdicts.push({
      step: 'consent journey',
      status: 303,
      code: journey.callback['error'],
      detail: journey.callback['state'] === state ? 'state returned' : 'another state',
    });
    const second = token(
      'second token (code and code_verifier)',
      await tpp.exchangeCode({ code, verifier: pkce.verifier, redirectUri: reportUrl }),
    );
    verdicts.push({
      step: 'state in the token response',
      status: second.status,
      code: undefined,
      detail: field(second.json, 'state') === state ? 'state returned' : 'another state',
    });
    const secondToken = text(field(second.json, 'access_token'));
    const confirmation = await pisp({
      method: 'POST',
      path: `${location}/confirmation`,
      accessToken: secondToken,
      body: {},
    });
    note(
      'confirmation',
      confirmation,
      String(field(confirmation.json, 'paymentRequest', 'paymentInformationStatus')),
    );
    const status = await pisp({
      method: 'GET',
      path: location,
      accessToken: secondToken,
      requestId: initiationId,
    });
    note(
      'status with the initiation X-Request-ID',
      status,
      `${String(field(status.json, 'paymentRequest', 'paymentInformationStatus'))}, X-Request-ID ${status.headers['x-request-id'] === initiationId ? 'echoed' : 'not echoed'}`,
    );
    const debtorIban = text(field(status.json, 'paymentRequest', 'debtorAccount', 'iban'));
    return {
      verdicts,
      secrets: [firstToken, secondToken, code, pkce.verifier, identifier, otp, debtorIban, creditorIban],
    };
  } finally {
    await client.close();
  }
}
