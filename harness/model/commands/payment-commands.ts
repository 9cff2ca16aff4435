/**
 * Commands of the payment state machine (seed: Payment initiation; Authentication 5; Events; Limits):
 * the first token and an initiation, the PSU's consent or refusal, the PKCE exchange for the second
 * token, the confirmation with the second token or wrongly with the first, status reads with the
 * initiation's X-Request-ID or another, a cancellation, and the 35 days of availability. What the seed
 * does not show (the initiation's answer, the cancellation's) is followed where the bank offers a way
 * on and judged nowhere.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { paymentRequestBody } from '../../client/payment-request-body.ts';
import type { HttpExchange } from '../../client/stet-client.ts';
import { JourneyError } from '../../journeys/journey-driver.ts';
import { fieldOf } from '../answer.ts';
import { enforce } from '../constraint.ts';
import {
  availableFor35Days,
  confirmationNeedsSecondToken,
  confirmationServed,
  confirmedPending,
  refusalCallback,
  secondTokenIssued,
  statusNeedsSameRequestId,
  statusServed,
  successCallbackCode,
  tokenReturnsState,
} from '../constraints/payment-constraints.ts';
import type { Instant, ModelPayment, ModelState } from '../model-state.ts';
import { judgementSlack, seedLimits } from '../seed-limits.ts';
import { prepare, psuAt, type ModelCommand, type ModelReal } from './context.ts';

const okUrl = 'https://tpp.example/pay/ok';
const koUrl = 'https://tpp.example/pay/ko';
const cancelOkUrl = 'https://tpp.example/cancel/ok';
const cancelKoUrl = 'https://tpp.example/cancel/ko';
const day = 86_400_000;
/** The first token is used well within its hour, or not judged. */
const tokenUseMs = (seedLimits.accessTokenSeconds - 60) * 1000;

function headerOf(exchange: HttpExchange, name: string): string | undefined {
  const value = exchange.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function consentLinkOf(exchange: HttpExchange): string | undefined {
  const href = fieldOf(fieldOf(fieldOf(exchange.json, '_links'), 'consentApproval'), 'href');
  return typeof href === 'string' ? href : undefined;
}

function since(from: Instant, at: Instant): { least: number; most: number } {
  return { least: at.lo - from.hi, most: at.hi - from.lo };
}

/** The payment the next commands may use: initiated, its tokens not ended by a revocation. */
function usable(model: Readonly<ModelState>): ModelPayment | undefined {
  return model.payment !== undefined && !model.payment.tokensEnded ? model.payment : undefined;
}

class InitiatePayment implements ModelCommand {
  constructor(readonly cents: number) {}
  check(): boolean {
    return true;
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    await prepare(model, real, 0);
    const session = psuAt(real.psus, 0);
    const token = await session.firstPispToken();
    const access = fieldOf(token.exchange.json, 'access_token');
    // The first token's form and the initiation's answer are not shown: without them there is no payment to follow.
    model.payment = undefined;
    real.payment = undefined;
    if (token.exchange.status !== 200 || typeof access !== 'string') return;
    real.secrets.add('access_token', access);
    const id = randomUUID().slice(0, 8);
    const requestId = randomUUID();
    const { exchange } = await session.call('main', {
      method: 'POST',
      path: `/stet/psd2/${model.version}/payment-requests`,
      token: access,
      requestId,
      body: JSON.stringify(
        paymentRequestBody({
          id: `model-${id}`,
          instructionId: `i-${id}`,
          endToEndId: `e-${id}`,
          amount: (this.cents / 100).toFixed(2),
          remittance: 'seed model',
          successfulReportUrl: okUrl,
          unsuccessfulReportUrl: koUrl,
        }),
      ),
    });
    const location = headerOf(exchange, 'location');
    const link = consentLinkOf(exchange);
    if (exchange.status >= 300 || location === undefined || link === undefined) return;
    const resourceId = decodeURIComponent(location.split('/').pop() ?? '');
    real.payment = {
      firstToken: access,
      secondToken: undefined,
      location,
      resourceId,
      requestId,
      consentLink: link,
    };
    model.payment = {
      journeyDone: false,
      secondToken: false,
      confirmed: false,
      cancelled: false,
      initiated: token.at,
      tokensEnded: false,
    };
  }
  toString(): string {
    return `InitiatePayment(${(this.cents / 100).toFixed(2)})`;
  }
}

class PaymentJourney implements ModelCommand {
  constructor(readonly consent: boolean) {}
  check(model: Readonly<ModelState>): boolean {
    return usable(model)?.journeyDone === false;
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    const payment = model.payment;
    const held = real.payment;
    if (payment === undefined || held === undefined) return;
    const session = psuAt(real.psus, 0);
    payment.journeyDone = true;
    if (!this.consent) {
      try {
        await session.paymentJourney(held.consentLink, koUrl, 'refuse');
        enforce(refusalCallback, { reached: true, message: '' });
      } catch (error) {
        if (!(error instanceof JourneyError)) throw error;
        enforce(refusalCallback, { reached: false, message: error.message });
      }
      return;
    }
    const { callback, verifier } = await session.paymentJourney(held.consentLink, okUrl, 'consent');
    enforce(successCallbackCode, { callback });
    const code = callback['code'];
    if (code === undefined) return;
    const { exchange } = await session.exchangeCode('main', code, verifier, okUrl);
    const state = callback['state'];
    enforce(secondTokenIssued, { ...exchange, state }, exchange);
    enforce(tokenReturnsState, { ...exchange, state }, exchange);
    const access = String(fieldOf(exchange.json, 'access_token'));
    real.secrets.add('access_token', access);
    held.secondToken = access;
    payment.secondToken = true;
  }
  toString(): string {
    return this.consent ? 'PaymentJourney(consent)' : 'PaymentJourney(refuse)';
  }
}

class ConfirmPayment implements ModelCommand {
  constructor(readonly withFirstToken: boolean) {}
  check(model: Readonly<ModelState>): boolean {
    const payment = usable(model);
    return (
      payment !== undefined &&
      !payment.confirmed &&
      !payment.cancelled &&
      (this.withFirstToken || payment.secondToken)
    );
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    const payment = model.payment;
    const held = real.payment;
    if (payment === undefined || held === undefined) return;
    const session = psuAt(real.psus, 0);
    const token = this.withFirstToken ? held.firstToken : (held.secondToken ?? '');
    const { exchange, at } = await session.call('main', {
      method: 'POST',
      path: `${held.location}/${session.institution.confirmationSegment}`,
      token,
      body: '{}',
    });
    if (this.withFirstToken) {
      enforce(confirmationNeedsSecondToken, exchange, exchange);
      return;
    }
    // The second token's hour, as the first's: not judged near its end.
    if (since(payment.initiated, at).most > tokenUseMs) return;
    enforce(confirmationServed, exchange, exchange);
    enforce(confirmedPending, exchange, exchange);
    payment.confirmed = true;
  }
  toString(): string {
    return this.withFirstToken ? 'ConfirmPayment(first token)' : 'ConfirmPayment';
  }
}

class ReadPayment implements ModelCommand {
  constructor(readonly sameRequestId: boolean) {}
  check(model: Readonly<ModelState>): boolean {
    return usable(model) !== undefined;
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    const payment = model.payment;
    const held = real.payment;
    if (payment === undefined || held === undefined) return;
    const session = psuAt(real.psus, 0);
    const { exchange, at } = await session.call('main', {
      method: 'GET',
      path: held.location,
      token: held.firstToken,
      requestId: this.sameRequestId ? held.requestId : randomUUID(),
    });
    const age = since(payment.initiated, at);
    if (payment.journeyDone && age.least > (seedLimits.paymentAvailabilityDays + judgementSlack.days) * day) {
      enforce(availableFor35Days, exchange, exchange);
      return;
    }
    // The first token serves "this transaction" for its hour: later, which token reads the status is not shown.
    if (age.most > tokenUseMs) return;
    if (!this.sameRequestId) {
      enforce(statusNeedsSameRequestId, exchange, exchange);
      return;
    }
    enforce(statusServed, { ...exchange, resourceId: held.resourceId }, exchange);
    if (payment.confirmed && !payment.cancelled) enforce(confirmedPending, exchange, exchange);
  }
  toString(): string {
    return this.sameRequestId ? 'ReadPayment' : 'ReadPayment(other X-Request-ID)';
  }
}

class CancelPayment implements ModelCommand {
  check(model: Readonly<ModelState>): boolean {
    const payment = usable(model);
    return payment?.secondToken === true && !payment.cancelled;
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    const payment = model.payment;
    const held = real.payment;
    if (payment === undefined || held === undefined) return;
    const session = psuAt(real.psus, 0);
    payment.cancelled = true;
    // The cancellation's body and answer are not shown: the reference's STET reading, followed when it gives a link.
    const { exchange } = await session.call('main', {
      method: 'PUT',
      path: held.location,
      token: held.secondToken ?? held.firstToken,
      body: JSON.stringify({
        paymentInformationStatus: 'RJCT',
        statusReasonInformation: 'DS02',
        supplementaryData: { successfulReportUrl: cancelOkUrl, unsuccessfulReportUrl: cancelKoUrl },
      }),
    });
    const link = consentLinkOf(exchange);
    if (exchange.status === 200 && link !== undefined)
      await session.paymentJourney(link, cancelOkUrl, 'consent');
  }
  toString(): string {
    return 'CancelPayment';
  }
}

class TravelPayment implements ModelCommand {
  constructor(readonly by: string) {}
  check(model: Readonly<ModelState>): boolean {
    return model.payment?.journeyDone === true;
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    await psuAt(real.psus, 0).moveClock({ travel: this.by });
    psuAt(model.psus, 0).epoch += 1;
  }
  toString(): string {
    return `Travel(psu0 ${this.by})`;
  }
}

/** The payment commands. */
export const paymentCommands: Array<fc.Arbitrary<ModelCommand>> = [
  fc.integer({ min: 1, max: 50_000 }).map((cents) => new InitiatePayment(cents)),
  fc.boolean().map((consent) => new PaymentJourney(consent)),
  fc.constant(new PaymentJourney(true)),
  fc.boolean().map((first) => new ConfirmPayment(first)),
  fc.constant(new ConfirmPayment(false)),
  fc.boolean().map((same) => new ReadPayment(same)),
  fc.constant(new CancelPayment()),
  fc.constantFrom('PT1800S', 'P34D', 'P36D').map((by) => new TravelPayment(by)),
];
