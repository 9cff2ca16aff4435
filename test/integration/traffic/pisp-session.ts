/**
 * A full PISP session of one sandbox PSU, driven with the harness's own client and http journey
 * driver against any target (the reference through the recording proxy, or a replay of it): the first
 * token from the TPP certificates alone, the payment request, the PSU's consent journey with PKCE
 * (S256), the code exchange for the second token, the confirmation, and the status read with the
 * initiation's X-Request-ID. A replay must give the same verdicts, the client's own `state` included.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { StetClient, type HttpExchange } from '../../../harness/client/stet-client.ts';
import { httpJourneyDriver } from '../../../harness/journeys/http-driver.ts';
import { SecretSet } from '../../../harness/report/secret-set.ts';
import type { Target } from '../../../harness/targets/target-definition.ts';
import { field, text, verdictOf, type Verdicts } from './session-json.ts';

/** Where the bank sends the PSU back after consent (the payment's successfulReportUrl). */
const reportUrl = 'https://tpp.example/pay/ok';

/** A creditor IBAN of the TPP's merchant: sent by the client, so a secret of the session too. */
export const creditorIban = 'FR7630004000031234567890143';

const payment = {
  paymentInformationId: 'pmt-traffic-1',
  creationDateTime: '2025-03-30T10:15:00.000+02:00',
  numberOfTransactions: 1,
  initiatingParty: { name: 'Demo PISP' },
  paymentTypeInformation: { serviceLevel: 'SEPA', categoryPurpose: 'DVPM' },
  beneficiary: { creditor: { name: 'Merchant' }, creditorAccount: { iban: creditorIban } },
  chargeBearer: 'SLEV',
  creditTransferTransaction: [
    {
      paymentId: { instructionId: 'instr-1', endToEndId: 'e2e-1' },
      instructedAmount: { currency: 'EUR', amount: '12.50' },
      remittanceInformation: ['Order 4711'],
    },
  ],
  supplementaryData: { acceptedAuthenticationApproach: ['REDIRECT'], successfulReportUrl: reportUrl },
};

/** Runs the session and returns its verdicts and the values a test checks for leaks. */
export async function runPispSession(target: Target): Promise<{ verdicts: Verdicts; secrets: string[] }> {
  const client = new StetClient(target, new SecretSet());
  const institution = '10101';
  const verdicts: Verdicts = [];
  const signing = { headers: ['(request-target)', 'digest', 'x-request-id'] };
  const note = (step: string, exchange: HttpExchange, detail?: string): HttpExchange => {
    verdicts.push(verdictOf(step, exchange, detail));
    return exchange;
  };
  const token = async (step: string, form: Record<string, string>): Promise<HttpExchange> => {
    const exchange = await client.send({
      institution,
      method: 'POST',
      path: '/stet/psd2/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      tpp: target.tpp,
      signing: undefined,
    });
    return note(step, exchange, `scope ${String(field(exchange.json, 'scope'))}`);
  };
  const pisp = (options: {
    method: string;
    path: string;
    accessToken: string;
    body?: unknown;
    requestId?: string;
  }): Promise<HttpExchange> =>
    client.send({
      institution,
      method: options.method,
      path: options.path,
      headers: {
        authorization: `Bearer ${options.accessToken}`,
        ...(options.requestId === undefined ? {} : { 'x-request-id': options.requestId }),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      tpp: target.tpp,
      signing,
    });
  try {
    const psu = note(
      'clone alice',
      await client.send({
        institution,
        method: 'POST',
        path: '/sandbox/v1/psus',
        headers: { 'content-type': 'application/json' },
        body: '{"persona":"alice"}',
        tpp: target.tpp,
        signing: undefined,
      }),
    );
    const identifier = text(field(psu.json, 'identifier'));
    const otp = text(field(psu.json, 'otp'));
    const first = await token('first token (client credentials)', {
      grant_type: 'client_credentials',
      client_id: target.tpp.clientId,
      scope: 'pisp',
    });
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
    const consentLink = new URL(text(field(initiation.json, '_links', 'consentApproval', 'href')));
    const state = randomBytes(12).toString('hex');
    const verifier = randomBytes(32).toString('base64url');
    consentLink.searchParams.set('state', state);
    consentLink.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
    consentLink.searchParams.set('code_challenge_method', 'S256');
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
    const second = await token('second token (code and code_verifier)', {
      grant_type: 'authorization_code',
      client_id: target.tpp.clientId,
      code,
      code_verifier: verifier,
      redirect_uri: reportUrl,
    });
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
      secrets: [firstToken, secondToken, code, verifier, identifier, otp, debtorIban, creditorIban],
    };
  } finally {
    await client.close();
  }
}
