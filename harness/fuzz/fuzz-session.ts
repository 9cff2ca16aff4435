/**
 * One PSU of a fuzz run (and of a load run's set-up), over HTTP only (the fuzzer works against any
 * target with the sandbox capability): a fresh sandbox clone of a persona, its PSU journey and token
 * exchange, and signed resource calls as the main TPP, all through the harness's {@link TppClient}.
 */
import { randomBytes } from 'node:crypto';
import { CodedError } from '../../lib/coded-error.ts';
import { createPkcePair } from '../../protocol/index.ts';
import type { HttpExchange, StetClient } from '../client/stet-client.ts';
import type { ClonedPsu } from '../client/cloned-psu.ts';
import { TppClient } from '../client/tpp-client.ts';
import type { JourneyDriver } from '../journeys/journey-driver.ts';
import type { JourneyOutcome } from '../suite/suite-definition.ts';
import type { InstitutionTarget, Target } from '../targets/target-definition.ts';

/** Why a fuzz session could not be set up: the target, not the property, is the problem. */
export class FuzzSetupError extends CodedError<'ERR_FUZZ_SETUP'> {}

/** A token set as the TPP holds it. */
export interface FuzzTokens {
  access: string;
  refresh: string;
}

/** A fresh PSU at one institution, driven through the client. */
export class FuzzSession {
  /** The main TPP at the session's institution: its OAuth, sandbox and signed calls. */
  readonly tpp: TppClient;
  readonly #journeys: JourneyDriver;
  readonly institution: InstitutionTarget;
  psuId = '';
  #identifier = '';
  #otp = '';

  constructor(options: {
    client: StetClient;
    target: Target;
    journeys: JourneyDriver;
    institution: InstitutionTarget;
  }) {
    this.tpp = new TppClient({
      client: options.client,
      target: options.target,
      institution: options.institution.code,
    });
    this.#journeys = options.journeys;
    this.institution = options.institution;
  }

  /** Clones `persona` on the sandbox control API (contracts §5). */
  async clone(persona: string): Promise<void> {
    const { psu: cloned, exchange } = await this.tpp.clonePsu(persona);
    if (cloned === undefined) {
      throw new FuzzSetupError('ERR_FUZZ_SETUP', `cloning ${persona} answered ${exchange.status}`, {
        hint: 'the fuzzer needs a target with the sandbox control API (contracts §5)',
      });
    }
    this.adopt(cloned);
  }

  /**
   * Acts as an existing PSU instead of a clone (a target without the sandbox capability: the
   * persona's own identifier and one-time code).
   */
  adopt(psu: ClonedPsu): void {
    this.psuId = psu.psuId;
    this.#identifier = psu.identifier;
    this.#otp = psu.otp;
  }

  /**
   * Takes the PSU through the journey of `scope` (AISP by default; a CBPII scope for funds
   * confirmation) and exchanges the code; a new token set.
   */
  async login(scope = 'aisp'): Promise<FuzzTokens> {
    const { exchange } = await this.tpp.login({
      journeys: this.#journeys,
      psu: { identifier: this.#identifier, otp: this.#otp },
      scope,
      travel: async (duration) => {
        await this.travel(duration);
      },
    });
    if (exchange === undefined)
      throw new FuzzSetupError('ERR_FUZZ_SETUP', `the ${scope} journey returned no code`);
    const tokens = tokensOf(exchange);
    if (tokens === undefined)
      throw new FuzzSetupError('ERR_FUZZ_SETUP', `the code exchange answered ${exchange.status}`);
    return tokens;
  }

  /** The PISP first token: client credentials, from the TPP certificate alone (seed: Authentication 5). */
  async firstPispToken(): Promise<HttpExchange> {
    return this.tpp.clientCredentials('pisp');
  }

  /**
   * Takes the PSU through a payment's consent link (or a cancellation's) with PKCE, as a TPP does:
   * the callback query on `redirectUri` and the code_verifier to exchange its code with.
   */
  async paymentJourney(
    link: string,
    redirectUri: string,
    outcome: JourneyOutcome,
  ): Promise<{ callback: Record<string, string>; verifier: string; state: string }> {
    const pkce = createPkcePair();
    const url = this.tpp.authorizeUrl({
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
        await this.travel(duration);
      },
    });
    return { callback: result.callback, verifier: pkce.verifier, state: url.searchParams.get('state') ?? '' };
  }

  /** A signed resource call with the access token; with PSU-IP-Address so quotas stay out of the way. */
  async api(options: {
    method: string;
    path: string;
    token: string;
    body?: string;
    contentType?: string;
    /** X-Request-ID to send (payment status reads must repeat the initiation's); random otherwise. */
    requestId?: string;
  }): Promise<HttpExchange> {
    return this.tpp.resource({ ...options, headers: { 'psu-ip-address': '192.0.2.10' } });
  }

  /** Moves this PSU's clock (sandbox). */
  async travel(duration: string): Promise<void> {
    const exchange = await this.tpp.moveClock(this.psuId, { travel: duration });
    if (exchange.status !== 200)
      throw new FuzzSetupError('ERR_FUZZ_SETUP', `clock travel answered ${exchange.status}`);
  }

  /** Revokes every token of this PSU (sandbox). */
  async revokeTokens(): Promise<void> {
    const exchange = await this.tpp.revokeTokens(this.psuId);
    if (exchange.status !== 204)
      throw new FuzzSetupError('ERR_FUZZ_SETUP', `revoke-tokens answered ${exchange.status}`);
  }
}

/** The token set of a 200 token response, or undefined. */
export function tokensOf(exchange: HttpExchange): FuzzTokens | undefined {
  if (exchange.status !== 200) return undefined;
  const access = fieldOf(exchange.json, 'access_token');
  const refresh = fieldOf(exchange.json, 'refresh_token');
  return typeof access === 'string' && typeof refresh === 'string' ? { access, refresh } : undefined;
}

/** The own property `name` of a parsed JSON body, or undefined. */
export function fieldOf(body: unknown, name: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const value: unknown = Object.getOwnPropertyDescriptor(body, name)?.value;
  return value;
}
