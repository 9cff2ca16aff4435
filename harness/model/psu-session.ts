/**
 * The real side of one PSU of a sequence: a fresh sandbox clone at one institution, its clock (known
 * as an interval, from the control API's `now`), its journeys and token exchanges, and signed resource
 * calls as either TPP of the sequence, all through the harness client ({@link TppClient}).
 */
import { randomBytes } from 'node:crypto';
import { createPkcePair } from '../../protocol/index.ts';
import type { HttpExchange, StetClient } from '../client/stet-client.ts';
import { sandboxBase, TppClient } from '../client/tpp-client.ts';
import type { JourneyDriver } from '../journeys/journey-driver.ts';
import type { JourneyOutcome } from '../suite/suite-definition.ts';
import type { InstitutionTarget, Target, TppCredentials } from '../targets/target-definition.ts';
import { FuzzSetupError } from '../fuzz/fuzz-session.ts';
import { fieldOf } from './answer.ts';
import type { Instant, TppName } from './model-state.ts';

/** An exchange and when it happened on the PSU's clock. */
export interface TimedExchange {
  exchange: HttpExchange;
  at: Instant;
}

/** A bank may round its clock to the second: the offset is widened by as much. */
const clockSlackMs = 1000;

/** The PSU-IP-Address of a connected call (TEST-NET-1). */
const connectedIp = '192.0.2.10';

/** One PSU at one institution, with a TPP client per TPP of the sequence. */
export class PsuSession {
  readonly institution: InstitutionTarget;
  readonly tpps: Readonly<Partial<Record<TppName, TppClient>>>;
  readonly #journeys: JourneyDriver;
  psuId = '';
  #identifier = '';
  #otp = '';
  /** The PSU clock's offset from this machine's, in ms: between lo and hi. */
  #offset = { lo: 0, hi: 0 };

  constructor(options: {
    client: StetClient;
    target: Target;
    journeys: JourneyDriver;
    institution: InstitutionTarget;
    tpps: Readonly<Partial<Record<TppName, TppCredentials>>>;
  }) {
    const clients: Partial<Record<TppName, TppClient>> = {};
    for (const [name, tpp] of Object.entries(options.tpps) as Array<[TppName, TppCredentials]>) {
      clients[name] = new TppClient({
        client: options.client,
        target: options.target,
        institution: options.institution.code,
        tpp,
      });
    }
    this.tpps = clients;
    this.institution = options.institution;
    this.#journeys = options.journeys;
  }

  /** The client of `tpp` (the main one when the sequence has no second TPP). */
  tpp(name: TppName): TppClient {
    const client = this.tpps[name] ?? this.tpps.main;
    if (client === undefined) throw new FuzzSetupError('ERR_FUZZ_SETUP', 'the sequence has no TPP');
    return client;
  }

  /** Clones `persona` on the control API and learns its clock (contracts §5). */
  async clone(persona: string): Promise<void> {
    const { psu, exchange } = await this.tpp('main').clonePsu(persona);
    if (psu === undefined)
      throw new FuzzSetupError('ERR_FUZZ_SETUP', `cloning ${persona} answered ${exchange.status}`, {
        hint: 'the seed model needs a target with the sandbox control API (contracts §5)',
      });
    this.psuId = psu.psuId;
    this.#identifier = psu.identifier;
    this.#otp = psu.otp;
    await this.moveClock({ travel: 'PT0S' });
  }

  /** Moves the PSU's clock (by a duration or to an instant) and learns the new offset. */
  async moveClock(body: { travel: string } | { at: string }): Promise<void> {
    const sent = Date.now();
    const exchange = await this.tpp('main').moveClock(this.psuId, body);
    const received = Date.now();
    const now = fieldOf(exchange.json, 'now');
    if (exchange.status !== 200 || typeof now !== 'string' || Number.isNaN(Date.parse(now)))
      throw new FuzzSetupError('ERR_FUZZ_SETUP', `clock travel answered ${exchange.status}`);
    const at = Date.parse(now);
    // The bank read its clock between sending and receiving.
    this.#offset = { lo: at - received - clockSlackMs, hi: at - sent + clockSlackMs };
  }

  /** The PSU clock now, as an interval. */
  now(): Instant {
    const real = Date.now();
    return { lo: real + this.#offset.lo, hi: real + this.#offset.hi };
  }

  async #timed(send: () => Promise<HttpExchange>): Promise<TimedExchange> {
    const sent = Date.now();
    const exchange = await send();
    const received = Date.now();
    return { exchange, at: { lo: sent + this.#offset.lo, hi: received + this.#offset.hi } };
  }

  /** A signed resource call as `tpp`; connected (PSU-IP-Address) unless `batch`. */
  call(
    tpp: TppName,
    options: {
      method: string;
      path: string;
      token: string;
      body?: string;
      requestId?: string;
      batch?: boolean;
    },
  ): Promise<TimedExchange> {
    const { batch, ...rest } = options;
    return this.#timed(() =>
      this.tpp(tpp).resource({
        ...rest,
        ...(batch === true ? {} : { headers: { 'psu-ip-address': connectedIp } }),
      }),
    );
  }

  /** The PSU's AISP/CBPII journey with `tpp`: the callback's code, and its exchange. */
  async login(
    tpp: TppName,
    scope: string,
  ): Promise<{ code: string | undefined; exchange: TimedExchange | undefined }> {
    const client = this.tpp(tpp);
    const url = client.authorizeUrl({ scope, state: randomBytes(8).toString('hex') });
    const journey = await this.#journeys.run({
      institution: this.institution.code,
      authorizeUrl: url.href,
      redirectUri: client.tpp.redirectUri,
      identifier: this.#identifier,
      otp: this.#otp,
      outcome: 'consent',
      travel: async (duration) => {
        await this.moveClock({ travel: duration });
      },
    });
    const code = journey.callback['code'];
    if (code === undefined) return { code, exchange: undefined };
    return { code, exchange: await this.exchangeCode(tpp, code) };
  }

  /** Exchanges an authorization code (again, for the one-time check). */
  exchangeCode(tpp: TppName, code: string, verifier?: string, redirectUri?: string): Promise<TimedExchange> {
    return this.#timed(() => this.tpp(tpp).exchangeCode({ code, verifier, redirectUri }));
  }

  /** The refresh grant. */
  refresh(tpp: TppName, refreshToken: string): Promise<TimedExchange> {
    return this.#timed(() => this.tpp(tpp).refresh(refreshToken));
  }

  /** The PISP first token (client credentials). */
  firstPispToken(): Promise<TimedExchange> {
    return this.#timed(() => this.tpp('main').clientCredentials('pisp'));
  }

  /** A payment's (or cancellation's) consent journey with PKCE. */
  async paymentJourney(
    link: string,
    redirectUri: string,
    outcome: JourneyOutcome,
  ): Promise<{ callback: Record<string, string>; verifier: string }> {
    const pkce = createPkcePair();
    const client = this.tpp('main');
    const url = client.authorizeUrl({
      link,
      pkce,
      redirectUri,
      scope: 'pisp',
      state: randomBytes(8).toString('hex'),
    });
    const result = await this.#journeys.run({
      institution: this.institution.code,
      authorizeUrl: url.href,
      redirectUri,
      identifier: this.#identifier,
      otp: this.#otp,
      outcome,
      travel: async (duration) => {
        await this.moveClock({ travel: duration });
      },
    });
    return { callback: result.callback, verifier: pkce.verifier };
  }

  /** Revokes tokens on the control API: every token of the PSU, or one kind of the calling TPP's sets. */
  async revoke(tpp: TppName, which: 'all' | 'access' | 'refresh'): Promise<void> {
    const client = this.tpp(tpp);
    const exchange =
      which === 'all'
        ? await client.revokeTokens(this.psuId)
        : await client.sandbox(`${sandboxBase}/psus/${encodeURIComponent(this.psuId)}/revoke-token`, {
            token: which,
          });
    if (exchange.status !== 204)
      throw new FuzzSetupError('ERR_FUZZ_SETUP', `revoking tokens answered ${exchange.status}`);
  }
}
