/**
 * The TPP's side of the protocol at one institution, over the {@link StetClient}: the authorize URL
 * (with PKCE for payment consent links), the PSU journey and code exchange, refresh and client
 * credentials grants, and the sandbox control API (contracts §5). The runner, the fuzzer, `diff`,
 * `load`, `sign` and the tests build their OAuth and sandbox requests here, so a token request is
 * formed and signed the same way whoever sends it.
 */
import { randomBytes } from 'node:crypto';
import type { PkcePair } from '../../protocol/index.ts';
import type { JourneyDriver, JourneyInput, JourneyResult } from '../journeys/journey-driver.ts';
import { institutionHost, type Target, type TppCredentials } from '../targets/target-definition.ts';
import { parseClonedPsu, type ClonedPsu } from './cloned-psu.ts';
import type { HttpExchange, OutgoingRequest, RequestSigning } from './stet-client.ts';
import type { StetClient } from './stet-client.ts';

/** The token endpoint (no version segment). */
export const tokenPath = '/stet/psd2/oauth/token';
/** The authorize endpoint (no version segment). */
export const authorizePath = '/stet/psd2/oauth/authorize';
/** Where the sandbox control API lives on every institution host (contracts §5). */
export const sandboxBase = '/sandbox/v1';

/** The parameters of an authorize request; the client's own are filled in where left out. */
export interface AuthorizeRequest {
  scope: string;
  state: string;
  /** Default: the TPP's. */
  clientId?: string | undefined;
  /** Default: the TPP's. */
  redirectUri?: string | undefined;
  /** `login_hint`: the PSU identifier, when the TPP knows it. */
  loginHint?: string | undefined;
  /**
   * A payment's consent link (`_links.consentApproval.href`, or a cancellation's) to start from
   * instead of the authorize endpoint: what it carries is kept, the rest added.
   */
  link?: string | undefined;
  /** The PKCE pair whose challenge goes with the request (a payment link needs one). */
  pkce?: PkcePair | undefined;
}

/** A PSU as a journey needs it. */
export interface JourneyPsu {
  identifier: string;
  otp: string;
}

/** What {@link TppClient.login} did: the journey and, when it gave a code, its exchange. */
export interface LoginResult {
  journey: JourneyResult;
  /** Undefined when the callback had no `code`. */
  exchange: HttpExchange | undefined;
}

/** Options of {@link TppClient}. */
export interface TppClientOptions {
  /** Sends the requests: the run's {@link StetClient}. */
  client: Pick<StetClient, 'send'>;
  target: Target;
  /** Institution code. */
  institution: string;
  /** The TPP to act as; default the target's main TPP. */
  tpp?: TppCredentials | undefined;
}

/** A TPP at one institution of a target. */
export class TppClient {
  readonly client: Pick<StetClient, 'send'>;
  readonly target: Target;
  readonly institution: string;
  readonly tpp: TppCredentials;

  constructor(options: TppClientOptions) {
    this.client = options.client;
    this.target = options.target;
    this.institution = options.institution;
    this.tpp = options.tpp ?? options.target.tpp;
  }

  /** The institution's host (`Host` and TLS server name). */
  get host(): string {
    return institutionHost(this.target, this.institution);
  }

  /** Sends a request as this TPP at this institution (signed unless `signing: 'unsigned'`). */
  send(request: Omit<OutgoingRequest, 'institution' | 'tpp'>): Promise<HttpExchange> {
    return this.client.send({ institution: this.institution, tpp: this.tpp, ...request });
  }

  /**
   * A resource call with an access token (`Authorization: Bearer`), `Accept: application/json` and,
   * with a body, its content type (JSON unless said); signed per the policy unless `signing` says
   * otherwise. `requestId` repeats an earlier X-Request-ID (a payment status read); `headers` adds
   * PSU-* and other headers.
   */
  resource(options: {
    method: string;
    path: string;
    token: string;
    body?: string | undefined;
    contentType?: string | undefined;
    requestId?: string | undefined;
    headers?: Record<string, string> | undefined;
    signing?: RequestSigning | undefined;
  }): Promise<HttpExchange> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.token}`,
      accept: 'application/json',
      ...options.headers,
    };
    if (options.requestId !== undefined) headers['x-request-id'] = options.requestId;
    if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
    return this.send({
      method: options.method,
      path: options.path,
      headers,
      body: options.body,
      signing: options.signing,
    });
  }

  /**
   * The authorize URL (contracts §6): `response_type=code`, the client, redirect URI, scope, state and
   * login hint, each unless the consent link already carries it; the PKCE challenge (S256) always.
   */
  authorizeUrl(request: AuthorizeRequest): URL {
    const url =
      request.link === undefined
        ? new URL(`https://${this.host}${authorizePath}`)
        : new URL(request.link, `https://${this.host}`);
    if (request.pkce !== undefined) {
      url.searchParams.set('code_challenge', request.pkce.challenge);
      url.searchParams.set('code_challenge_method', request.pkce.method);
    }
    const set = (name: string, value: string | undefined): void => {
      if (value !== undefined && !url.searchParams.has(name)) url.searchParams.set(name, value);
    };
    set('response_type', 'code');
    set('client_id', request.clientId ?? this.tpp.clientId);
    set('redirect_uri', request.redirectUri ?? this.tpp.redirectUri);
    set('scope', request.scope);
    set('state', request.state);
    set('login_hint', request.loginHint);
    return url;
  }

  /**
   * POSTs a token form, signed as every TPP request (seed: Token request forms). `fallback` adds the
   * `Fallback: 1` header (seed: Authentication 8).
   */
  token(
    /** Fields in order; a list may repeat a name (a case sending `scope` twice). */
    form: Record<string, string> | Array<[string, string]>,
    options: { fallback?: boolean } = {},
  ): Promise<HttpExchange> {
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
      accept: 'application/json',
    };
    if (options.fallback === true) headers['fallback'] = '1';
    return this.send({
      method: 'POST',
      path: tokenPath,
      headers,
      body: new URLSearchParams(form).toString(),
    });
  }

  /** The authorization code exchange, with the PKCE verifier when the journey had a challenge. */
  exchangeCode(options: {
    code: string;
    verifier?: string | undefined;
    redirectUri?: string | undefined;
  }): Promise<HttpExchange> {
    return this.token({
      grant_type: 'authorization_code',
      client_id: this.tpp.clientId,
      code: options.code,
      redirect_uri: options.redirectUri ?? this.tpp.redirectUri,
      ...(options.verifier === undefined ? {} : { code_verifier: options.verifier }),
    });
  }

  /** The refresh grant. */
  refresh(refreshToken: string): Promise<HttpExchange> {
    return this.token({
      grant_type: 'refresh_token',
      client_id: this.tpp.clientId,
      refresh_token: refreshToken,
    });
  }

  /** The client credentials grant (the PISP first token, from the certificate alone). */
  clientCredentials(scope: string): Promise<HttpExchange> {
    return this.token({ grant_type: 'client_credentials', client_id: this.tpp.clientId, scope });
  }

  /**
   * Takes `psu` through the consent journey of `scope` with `journeys`, then exchanges the code the
   * callback carries.
   */
  async login(options: {
    journeys: JourneyDriver;
    psu: JourneyPsu;
    scope: string;
    travel?: JourneyInput['travel'];
  }): Promise<LoginResult> {
    const url = this.authorizeUrl({ scope: options.scope, state: randomBytes(8).toString('hex') });
    const journey = await options.journeys.run({
      institution: this.institution,
      authorizeUrl: url.href,
      redirectUri: this.tpp.redirectUri,
      identifier: options.psu.identifier,
      otp: options.psu.otp,
      outcome: 'consent',
      travel: options.travel,
    });
    const code = journey.callback['code'];
    return { journey, exchange: code === undefined ? undefined : await this.exchangeCode({ code }) };
  }

  /** A call to the sandbox control API: mTLS, JSON, no Signature (contracts §5). */
  sandbox(path: string, body?: unknown): Promise<HttpExchange> {
    return this.send({
      method: 'POST',
      path,
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signing: 'unsigned',
    });
  }

  /**
   * Clones `persona` (`POST /sandbox/v1/psus`), its clock starting at `at` when given; `psu` is
   * undefined when the answer is not a clone.
   */
  async clonePsu(
    persona: string,
    at?: string,
  ): Promise<{ psu: ClonedPsu | undefined; exchange: HttpExchange }> {
    const exchange = await this.sandbox(
      `${sandboxBase}/psus`,
      at === undefined ? { persona } : { persona, at },
    );
    return { psu: parseClonedPsu(exchange), exchange };
  }

  /** Moves a PSU's clock: by a duration (`travel`) or to an instant (`at`). */
  moveClock(psuId: string, body: { travel: string } | { at: string }): Promise<HttpExchange> {
    return this.sandbox(`${sandboxBase}/psus/${encodeURIComponent(psuId)}/clock`, body);
  }

  /** Revokes every token of a PSU. */
  revokeTokens(psuId: string): Promise<HttpExchange> {
    return this.sandbox(`${sandboxBase}/psus/${encodeURIComponent(psuId)}/revoke-tokens`);
  }
}
