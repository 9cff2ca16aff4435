/**
 * The commands of the fuzzer (fast-check `AsyncCommand`s): consent changes and reads, token life
 * (refresh, expiry by the sandbox clock, revocation, a new login) and malformed requests; the payment
 * state machine is in payment-commands.ts. Each
 * updates the model as the seed says and checks the target's answer against it.
 */
import fc from 'fast-check';
import { tokensOf } from './fuzz-session.ts';
import {
  checkAccounts,
  consentLists,
  expectRefusal,
  FuzzMismatch,
  type ConsentList,
  type FuzzModel,
  type FuzzReal,
} from './fuzz-model.ts';
import { malformedRequest, type MalformedRequest } from './malformed-requests.ts';
import { paymentTokensEnded } from './payment-commands.ts';

type Command = fc.AsyncCommand<FuzzModel, FuzzReal>;

/** Account picks per consent list: indexes into the model's accounts (taken modulo their number). */
export type ConsentPicks = Record<ConsentList, number[]>;

class PutConsent implements Command {
  constructor(
    readonly picks: ConsentPicks,
    readonly psuIdentity: boolean,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: FuzzModel, real: FuzzReal): Promise<void> {
    const ibans = (list: ConsentList): string[] =>
      [...new Set(this.picks[list].map((i) => model.accounts[i % model.accounts.length]?.iban ?? ''))].filter(
        (iban) => iban !== '',
      );
    const body: Record<string, unknown> = {
      balances: ibans('balances').map((iban) => ({ iban })),
      transactions: ibans('transactions').map((iban) => ({ iban })),
      trustedBeneficiaries: false,
      psuIdentity: this.psuIdentity,
    };
    for (const list of ['overdrafts', 'owners'] as const) {
      if (model.profile.consentFields.includes(list)) body[list] = ibans(list).map((iban) => ({ iban }));
    }
    const exchange = await real.session.api({
      method: 'PUT',
      path: `/stet/psd2/${model.version}/consents`,
      token: real.tokens.access,
      body: JSON.stringify(body),
    });
    if (model.tokens !== 'valid') {
      expectRefusal(exchange, `PUT /consents with an ${model.tokens} token`, 'invalid_token');
      return;
    }
    if (exchange.status !== 201)
      throw new FuzzMismatch(
        'ERR_FUZZ_MISMATCH',
        `PUT /consents expected 201, got ${exchange.status} ${exchange.text.slice(0, 200)}`,
      );
    const set = (list: ConsentList): ReadonlySet<string> =>
      new Set(model.profile.consentFields.includes(list) ? ibans(list) : []);
    model.consent = {
      lists: {
        balances: set('balances'),
        transactions: set('transactions'),
        overdrafts: set('overdrafts'),
        owners: set('owners'),
      },
      psuIdentity: this.psuIdentity,
    };
  }
  toString(): string {
    // No comma: fast-check joins the commands of a sequence with commas.
    const lists = consentLists.map((l) => `${l}=[${this.picks[l].join(' ')}]`).join(' ');
    return `PutConsent(${lists} psuIdentity=${String(this.psuIdentity)})`;
  }
}

class CheckAccounts implements Command {
  check(): boolean {
    return true;
  }
  async run(model: FuzzModel, real: FuzzReal): Promise<void> {
    await checkAccounts(model, real, 'the previous commands');
  }
  toString(): string {
    return 'GetAccounts';
  }
}

class ReadBalances implements Command {
  constructor(readonly pick: number) {}
  check(model: Readonly<FuzzModel>): boolean {
    return model.tokens === 'valid';
  }
  async run(model: FuzzModel, real: FuzzReal): Promise<void> {
    const account = model.accounts[this.pick % model.accounts.length];
    if (account === undefined) return;
    const exchange = await real.session.api({
      method: 'GET',
      path: `/stet/psd2/${model.version}/accounts/${encodeURIComponent(account.resourceId)}/balances`,
      token: real.tokens.access,
    });
    const granted = model.consent?.lists.balances.has(account.iban) === true;
    if (granted && exchange.status !== 200)
      throw new FuzzMismatch(
        'ERR_FUZZ_MISMATCH',
        `balances of consented ${account.iban}: got ${exchange.status}`,
      );
    if (!granted) expectRefusal(exchange, `balances of ${account.iban}, not consented for balances`, 'NGAC');
  }
  toString(): string {
    return `GetBalances(${this.pick})`;
  }
}

class Refresh implements Command {
  check(model: Readonly<FuzzModel>): boolean {
    return model.tokens !== 'revoked';
  }
  async run(model: FuzzModel, real: FuzzReal): Promise<void> {
    const old = real.tokens.access;
    const exchange = await real.session.tpp.refresh(real.tokens.refresh);
    const tokens = tokensOf(exchange);
    if (tokens === undefined)
      throw new FuzzMismatch(
        'ERR_FUZZ_MISMATCH',
        `refresh expected 200 with tokens, got ${exchange.status} ${exchange.text.slice(0, 200)}`,
      );
    real.tokens = tokens;
    model.tokens = 'valid';
    // The seed: a refresh revokes the previous access token.
    const replay = await real.session.api({
      method: 'GET',
      path: `/stet/psd2/${model.version}/accounts`,
      token: old,
    });
    expectRefusal(replay, 'the access token replaced by a refresh', 'invalid_token');
  }
  toString(): string {
    return 'Refresh';
  }
}

class Expire implements Command {
  check(model: Readonly<FuzzModel>): boolean {
    return model.tokens === 'valid';
  }
  async run(model: FuzzModel, real: FuzzReal): Promise<void> {
    await real.session.travel('PT3601S');
    model.tokens = 'expired';
    paymentTokensEnded(model);
  }
  toString(): string {
    return 'Travel(PT3601S)';
  }
}

class Revoke implements Command {
  check(): boolean {
    return true;
  }
  async run(model: FuzzModel, real: FuzzReal): Promise<void> {
    await real.session.revokeTokens();
    model.tokens = 'revoked';
    paymentTokensEnded(model);
    const exchange = await real.session.tpp.refresh(real.tokens.refresh);
    expectRefusal(exchange, 'refresh with a revoked refresh token', 'invalid_grant');
  }
  toString(): string {
    return 'RevokeTokens';
  }
}

class Login implements Command {
  check(model: Readonly<FuzzModel>): boolean {
    return model.tokens === 'revoked';
  }
  async run(model: FuzzModel, real: FuzzReal): Promise<void> {
    real.tokens = await real.session.login();
    model.tokens = 'valid';
  }
  toString(): string {
    return 'Login';
  }
}

class Malformed implements Command {
  constructor(readonly request: MalformedRequest) {}
  check(): boolean {
    return true;
  }
  async run(model: FuzzModel, real: FuzzReal): Promise<void> {
    const account = model.accounts[0]?.resourceId ?? 'x';
    const built = this.request.build(model.version, account);
    const exchange = await real.session.api({ ...built, token: real.tokens.access });
    expectRefusal(exchange, `${this.request.label}`);
    // The seed and BAD-NOTHING-CHANGES: a refused request changes nothing.
    await checkAccounts(model, real, this.request.label);
  }
  toString(): string {
    return `Malformed(${this.request.label})`;
  }
}

const pick = fc.nat({ max: 9 });
const picks: fc.Arbitrary<ConsentPicks> = fc.record({
  balances: fc.array(pick, { maxLength: 3 }),
  transactions: fc.array(pick, { maxLength: 3 }),
  overdrafts: fc.array(pick, { maxLength: 2 }),
  owners: fc.array(pick, { maxLength: 2 }),
});

/** Every command arbitrary of the fuzzer, weighted towards consent changes and reads. */
export const fuzzCommands: Array<fc.Arbitrary<Command>> = [
  fc.tuple(picks, fc.boolean()).map(([p, identity]) => new PutConsent(p, identity)),
  fc.tuple(picks, fc.boolean()).map(([p, identity]) => new PutConsent(p, identity)),
  fc.constant(new CheckAccounts()),
  fc.constant(new CheckAccounts()),
  pick.map((i) => new ReadBalances(i)),
  fc.constant(new Refresh()),
  fc.constant(new Expire()),
  fc.constant(new Revoke()),
  fc.constant(new Login()),
  malformedRequest.map((request) => new Malformed(request)),
];

/** Token events mixed into the payment machine: the PSU's clock passing 3600 s, its tokens revoked. */
export const paymentTokenEvents: Array<fc.Arbitrary<Command>> = [
  fc.constant(new Expire()),
  fc.constant(new Revoke()),
];
