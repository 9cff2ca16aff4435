/**
 * The payment state machine of the fuzzer (seed: Payment initiation; Authentication 5): initiate with
 * the first token, the PSU consents or refuses (PKCE exchange for the second token), confirm with the
 * second token or wrongly with the first, cancel with its own journey, and read the status with the
 * initiation's X-Request-ID or another one. Each command checks the answer against the model.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { paymentRequestBody } from '../client/payment-request-body.ts';
import type { HttpExchange } from '../client/stet-client.ts';
import { fieldOf, tokensOf } from './fuzz-session.ts';
import { expectRefusal, mismatch, type FuzzModel, type FuzzReal, type ModelPayment } from './fuzz-model.ts';

type Command = fc.AsyncCommand<FuzzModel, FuzzReal>;

const okUrl = 'https://tpp.example/pay/ok';
const koUrl = 'https://tpp.example/pay/ko';
const cancelOkUrl = 'https://tpp.example/cancel/ok';
const cancelKoUrl = 'https://tpp.example/cancel/ko';

/** A one-transaction euro credit transfer, as the seed allows. */
function paymentBody(cents: number): string {
  const id = randomUUID().slice(0, 8);
  return JSON.stringify(
    paymentRequestBody({
      id: `fuzz-${id}`,
      instructionId: `i-${id}`,
      endToEndId: `e-${id}`,
      amount: (cents / 100).toFixed(2),
      remittance: 'fuzz',
      successfulReportUrl: okUrl,
      unsuccessfulReportUrl: koUrl,
    }),
  );
}

function headerOf(exchange: HttpExchange, name: string): string | undefined {
  const value = exchange.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function statusOf(exchange: HttpExchange): unknown {
  return fieldOf(fieldOf(exchange.json, 'paymentRequest'), 'paymentInformationStatus');
}

function consentLinkOf(exchange: HttpExchange): unknown {
  return fieldOf(fieldOf(fieldOf(exchange.json, '_links'), 'consentApproval'), 'href');
}

/** The payment commands may run: a payment exists and its tokens still work. */
function usable(model: Readonly<FuzzModel>): ModelPayment | undefined {
  return model.payment?.tokensUsable === true ? model.payment : undefined;
}

/** The token the TPP uses on the payment: the second once it has it. */
function tokenFor(real: FuzzReal): string {
  return real.payment?.secondToken ?? real.payment?.firstToken ?? '';
}

class InitiatePayment implements Command {
  constructor(readonly cents: number) {}
  check(): boolean {
    return true;
  }
  async run(model: FuzzModel, real: FuzzReal): Promise<void> {
    const tokenExchange = await real.session.firstPispToken();
    const access = fieldOf(tokenExchange.json, 'access_token');
    if (tokenExchange.status !== 200 || typeof access !== 'string')
      mismatch('the PISP first token (client credentials) expected 200', tokenExchange);
    const requestId = randomUUID();
    const exchange = await real.session.api({
      method: 'POST',
      path: `/stet/psd2/${model.version}/payment-requests`,
      token: access,
      body: paymentBody(this.cents),
      requestId,
    });
    const location = headerOf(exchange, 'location');
    const link = consentLinkOf(exchange);
    if (exchange.status !== 201 || location === undefined || typeof link !== 'string')
      mismatch('POST /payment-requests expected 201 with a Location and a consentApproval link', exchange);
    real.payment = { firstToken: access, secondToken: undefined, location, requestId, consentLink: link };
    model.payment = {
      status: 'RCVD',
      reason: undefined,
      journeyDone: false,
      secondToken: false,
      tokensUsable: true,
    };
  }
  toString(): string {
    return `InitiatePayment(${(this.cents / 100).toFixed(2)})`;
  }
}

class PaymentJourney implements Command {
  constructor(readonly consent: boolean) {}
  check(model: Readonly<FuzzModel>): boolean {
    const payment = usable(model);
    return payment !== undefined && !payment.journeyDone;
  }
  async run(model: FuzzModel, real: FuzzReal): Promise<void> {
    const payment = model.payment;
    const held = real.payment;
    if (payment === undefined || held === undefined) return;
    const redirect = this.consent ? okUrl : koUrl;
    const { callback, verifier, state } = await real.session.paymentJourney(
      held.consentLink,
      redirect,
      this.consent ? 'consent' : 'refuse',
    );
    payment.journeyDone = true;
    if (callback['state'] !== state) mismatch(`the payment journey called back without its state`, undefined);
    if (!this.consent) {
      if (callback['error'] !== 'access_denied' || callback['code'] !== undefined)
        mismatch(`a refused payment called back with ${JSON.stringify(callback)}`, undefined);
      payment.status = 'RJCT';
      payment.reason = 'CUST';
      return;
    }
    const code = callback['code'];
    if (code === undefined) mismatch(`a consented payment called back without a code`, undefined);
    payment.status = 'ACTC';
    const exchange = await real.session.tpp.exchangeCode({ code, redirectUri: redirect, verifier });
    const tokens = tokensOf(exchange);
    const access = tokens?.access ?? fieldOf(exchange.json, 'access_token');
    if (exchange.status !== 200 || typeof access !== 'string')
      mismatch('the PKCE exchange of the payment code expected 200 with a token', exchange);
    held.secondToken = access;
    payment.secondToken = true;
  }
  toString(): string {
    return this.consent ? 'PaymentJourney(consent)' : 'PaymentJourney(refuse)';
  }
}

class ConfirmPayment implements Command {
  constructor(readonly withFirstToken: boolean) {}
  check(model: Readonly<FuzzModel>): boolean {
    const payment = usable(model);
    return payment !== undefined && (this.withFirstToken || payment.secondToken);
  }
  async run(model: FuzzModel, real: FuzzReal): Promise<void> {
    const payment = model.payment;
    const held = real.payment;
    if (payment === undefined || held === undefined) return;
    const exchange = await real.session.api({
      method: 'POST',
      path: `${held.location}/${real.session.institution.confirmationSegment}`,
      token: this.withFirstToken ? held.firstToken : tokenFor(real),
      body: '{}',
    });
    if (this.withFirstToken) {
      // Seed: only the token of the PKCE exchange confirms, whatever the payment's status.
      expectRefusal(exchange, `confirmation of a ${payment.status} payment with the first token`);
      return;
    }
    if (payment.status !== 'ACTC') {
      expectRefusal(exchange, `confirmation of a ${payment.status} payment`);
      if (exchange.status !== 409)
        mismatch(`confirmation of a ${payment.status} payment: expected 409`, exchange);
      return;
    }
    if (exchange.status !== 200 || statusOf(exchange) !== 'PDNG')
      mismatch('confirmation of a consented payment expected 200 with status PDNG', exchange);
    payment.status = 'PDNG';
  }
  toString(): string {
    return this.withFirstToken ? 'ConfirmPayment(first token)' : 'ConfirmPayment';
  }
}

class CancelPayment implements Command {
  check(model: Readonly<FuzzModel>): boolean {
    return usable(model)?.secondToken === true;
  }
  async run(model: FuzzModel, real: FuzzReal): Promise<void> {
    const payment = model.payment;
    const held = real.payment;
    if (payment === undefined || held === undefined) return;
    const exchange = await real.session.api({
      method: 'PUT',
      path: held.location,
      token: tokenFor(real),
      body: JSON.stringify({
        paymentInformationStatus: 'RJCT',
        statusReasonInformation: 'DS02',
        supplementaryData: { successfulReportUrl: cancelOkUrl, unsuccessfulReportUrl: cancelKoUrl },
      }),
    });
    if (payment.status !== 'ACTC' && payment.status !== 'PDNG') {
      expectRefusal(exchange, `cancellation of a ${payment.status} payment`);
      return;
    }
    const link = consentLinkOf(exchange);
    if (exchange.status !== 200 || typeof link !== 'string')
      mismatch(
        `cancellation of a ${payment.status} payment expected 200 with a consentApproval link`,
        exchange,
      );
    const { callback } = await real.session.paymentJourney(link, cancelOkUrl, 'consent');
    // Seed: a cancellation has no code and no confirmation step.
    if (callback['code'] !== undefined || callback['error'] !== undefined)
      mismatch(`the cancellation called back with ${JSON.stringify(callback)}`, undefined);
    payment.status = 'RJCT';
    payment.reason = 'DS02';
  }
  toString(): string {
    return 'CancelPayment';
  }
}

class ReadPayment implements Command {
  constructor(readonly sameRequestId: boolean) {}
  check(model: Readonly<FuzzModel>): boolean {
    return usable(model) !== undefined;
  }
  async run(model: FuzzModel, real: FuzzReal): Promise<void> {
    const payment = model.payment;
    const held = real.payment;
    if (payment === undefined || held === undefined) return;
    const exchange = await real.session.api({
      method: 'GET',
      path: held.location,
      token: tokenFor(real),
      requestId: this.sameRequestId ? held.requestId : randomUUID(),
    });
    if (!this.sameRequestId) {
      expectRefusal(exchange, 'a payment status read with another X-Request-ID than the initiation', 'RENF');
      return;
    }
    if (exchange.status !== 200) mismatch('the payment status read expected 200', exchange);
    const status = statusOf(exchange);
    if (status !== payment.status)
      mismatch(`the payment status is ${String(status)}, the model says ${payment.status}`, exchange);
    if (payment.reason !== undefined) {
      const reason = fieldOf(fieldOf(exchange.json, 'paymentRequest'), 'statusReasonInformation');
      if (reason !== payment.reason)
        mismatch(`the status reason is ${String(reason)}, the model says ${payment.reason}`, exchange);
    }
  }
  toString(): string {
    return this.sameRequestId ? 'ReadPayment' : 'ReadPayment(other X-Request-ID)';
  }
}

/** Sandbox events that end the PSU's tokens end the payment's too: the model stops using them. */
export function paymentTokensEnded(model: FuzzModel): void {
  if (model.payment !== undefined) model.payment.tokensUsable = false;
}

/** The payment command arbitraries (see the module summary). */
export const paymentCommands: Array<fc.Arbitrary<Command>> = [
  fc.integer({ min: 1, max: 50_000 }).map((cents) => new InitiatePayment(cents)),
  fc.boolean().map((consent) => new PaymentJourney(consent)),
  fc.constant(new PaymentJourney(true)),
  fc.boolean().map((first) => new ConfirmPayment(first)),
  fc.constant(new CancelPayment()),
  fc.boolean().map((same) => new ReadPayment(same)),
];
