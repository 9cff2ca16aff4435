/**
 * One PSU of a fuzz run, over HTTP only (the fuzzer works against any target with the sandbox
 * capability): a fresh sandbox clone of a persona, its PSU journey and token exchange, and signed
 * resource calls as the main TPP.
 */
import { createHash, randomBytes } from 'node:crypto';
import { CodedError } from '../../lib/coded-error.ts';
import type { HttpExchange, StetClient } from '../client/stet-client.ts';
import { parseClonedPsu, type ClonedPsu } from '../client/cloned-psu.ts';
import type { JourneyDriver } from '../journeys/journey-driver.ts';
import type { JourneyOutcome } from '../suite/suite-definition.ts';
import { institutionHost, type InstitutionTarget, type Target } from '../targets/target-definition.ts';

/** Why a fuzz session could not be set up: the target, not the property, is the problem. */
export class FuzzSetupError extends CodedError<'ERR_FUZZ_SETUP'> {}

/** A token set as the TPP holds it. */
export interface FuzzTokens {
  access: string;
  refresh: string;
}

const tokenPath = '/stet/psd2/oauth/token';

/** A fresh PSU at one institution, driven through the client. */
export class FuzzSession {
  readonly #client: StetClient;
  readonly #target: Target;
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
    this.#client = options.client;
    this.#target = options.target;
    this.#journeys = options.journeys;
    this.institution = options.institution;
  }

  /** The TPP the session acts as (the target's main TPP). */
  get tpp(): Target['tpp'] {
    return this.#target.tpp;
  }

  /** Clones `persona` on the sandbox control API (contracts §5). */
  async clone(persona: string): Promise<void> {
    const exchange = await this.sandbox('/sandbox/v1/psus', { persona });
    const cloned = parseClonedPsu(exchange);
    if (cloned === undefined) {
      throw new FuzzSetupError('ERR_FUZZ_SETUP', `cloning ${persona} answered ${exchange.status}`, {
        hint: 'the fuzzer needs a target with the sandbox control API (contracts §5)',
      });
    }
    this.psuId = cloned.psuId;
    this.#identifier = cloned.identifier;
    this.#otp = cloned.otp;
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
    const host = institutionHost(this.#target, this.institution.code);
    const url = new URL(`https://${host}/stet/psd2/oauth/authorize`);
    const tpp = this.#target.tpp;
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', tpp.clientId);
    url.searchParams.set('redirect_uri', tpp.redirectUri);
    url.searchParams.set('scope', scope);
    url.searchParams.set('state', randomBytes(8).toString('hex'));
    const result = await this.#journeys.run({
      institution: this.institution.code,
      authorizeUrl: url.href,
      redirectUri: tpp.redirectUri,
      identifier: this.#identifier,
      otp: this.#otp,
      outcome: 'consent',
      travel: async (duration) => {
        await this.travel(duration);
      },
    });
    const code = result.callback['code'];
    if (code === undefined)
      throw new FuzzSetupError('ERR_FUZZ_SETUP', `the ${scope} journey returned no code`);
    const exchange = await this.token({
      grant_type: 'authorization_code',
      client_id: tpp.clientId,
      code,
      redirect_uri: tpp.redirectUri,
    });
    const tokens = tokensOf(exchange);
    if (tokens === undefined)
      throw new FuzzSetupError('ERR_FUZZ_SETUP', `the code exchange answered ${exchange.status}`);
    return tokens;
  }

  /** The PISP first token: client credentials, from the TPP certificate alone (seed: Authentication 5). */
  async firstPispToken(): Promise<HttpExchange> {
    return this.token({
      grant_type: 'client_credentials',
      client_id: this.#target.tpp.clientId,
      scope: 'pisp',
    });
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
    const host = institutionHost(this.#target, this.institution.code);
    const url = new URL(link, `https://${host}`);
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(8).toString('hex');
    url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
    url.searchParams.set('code_challenge_method', 'S256');
    const defaults: Record<string, string> = {
      response_type: 'code',
      client_id: this.#target.tpp.clientId,
      redirect_uri: redirectUri,
      scope: 'pisp',
      state,
    };
    for (const [name, value] of Object.entries(defaults))
      if (!url.searchParams.has(name)) url.searchParams.set(name, value);
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
    return { callback: result.callback, verifier, state: url.searchParams.get('state') ?? state };
  }

  /** POSTs a token form. */
  async token(form: Record<string, string>): Promise<HttpExchange> {
    return this.#client.send({
      institution: this.institution.code,
      method: 'POST',
      path: tokenPath,
      headers: {
        'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
        accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
      tpp: this.#target.tpp,
      signing: undefined,
    });
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
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.token}`,
      accept: 'application/json',
      'psu-ip-address': '192.0.2.10',
    };
    if (options.requestId !== undefined) headers['x-request-id'] = options.requestId;
    if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
    return this.#client.send({
      institution: this.institution.code,
      method: options.method,
      path: options.path,
      headers,
      body: options.body,
      tpp: this.#target.tpp,
      signing: { headers: this.institution.signatureHeaders },
    });
  }

  /** Moves this PSU's clock (sandbox). */
  async travel(duration: string): Promise<void> {
    const exchange = await this.sandbox(`/sandbox/v1/psus/${encodeURIComponent(this.psuId)}/clock`, {
      travel: duration,
    });
    if (exchange.status !== 200)
      throw new FuzzSetupError('ERR_FUZZ_SETUP', `clock travel answered ${exchange.status}`);
  }

  /** Revokes every token of this PSU (sandbox). */
  async revokeTokens(): Promise<void> {
    const exchange = await this.sandbox(
      `/sandbox/v1/psus/${encodeURIComponent(this.psuId)}/revoke-tokens`,
      undefined,
    );
    if (exchange.status !== 204)
      throw new FuzzSetupError('ERR_FUZZ_SETUP', `revoke-tokens answered ${exchange.status}`);
  }

  async sandbox(path: string, body: unknown): Promise<HttpExchange> {
    return this.#client.send({
      institution: this.institution.code,
      method: 'POST',
      path,
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      tpp: this.#target.tpp,
      signing: undefined,
    });
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
