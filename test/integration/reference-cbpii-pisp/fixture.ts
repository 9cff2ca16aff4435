import { randomUUID } from 'node:crypto';
import { createPkcePair, pkceChallenge } from '../../../protocol/index.ts';
import { isRecord } from '../../../reference-aspsp/lib/is-record.ts';
import {
  startReference,
  type ReferenceAppOptions,
  type RunningReference,
} from '../../../reference-aspsp/index.ts';
import { pick } from '../reference-ais/ais-fixture.ts';
import { PsuBrowser } from '../reference-core/psu-journey.ts';
import { ReferenceClient, type Answer, type CallOptions } from '../reference-core/reference-client.ts';

/** A PSU cloned through the sandbox API for one test. */
export interface ClonedPsu {
  readonly psuId: string;
  readonly identifier: string;
  readonly institution: string;
}

/** A resource call of a TPP: signed with the institution's policy, JSON body, a bearer token. */
export interface ResourceCall {
  readonly method?: string;
  readonly path: string;
  readonly institution?: string;
  readonly token?: string;
  /** Serialised as JSON; a string is sent as is. */
  readonly body?: unknown;
  readonly requestId?: string;
  readonly headers?: Record<string, string>;
  readonly tpp?: CallOptions['tpp'];
}

/** A payment just initiated. */
export interface Initiated {
  readonly answer: Answer;
  readonly id: string;
  readonly firstToken: string;
  readonly requestId: string;
  /** `_links.consentApproval.href`. */
  readonly consentApproval: string;
}

/** What the PSU does on the pages of a payment journey. */
export interface PaymentJourneyOptions {
  readonly psu: ClonedPsu;
  /** The consent link (of the initiation or of a cancellation). */
  readonly href: string;
  readonly state?: string;
  /** PKCE S256 challenge; default: the one of {@link pkcePair}'s verifier given here. */
  readonly verifier?: string;
  readonly decision?: 'accept' | 'refuse';
  /** IBAN to choose; default the first offered. */
  readonly account?: string;
  /** Wrong one-time codes before the right one (3 ends the journey). */
  readonly wrongOtps?: number;
  /** Extra authorize parameters to drop (e.g. `code_challenge`) or override. */
  readonly query?: Record<string, string | null>;
}

/** Where a payment journey ended and the pages it showed. */
export interface PaymentJourneyEnd {
  readonly redirect: URL | undefined;
  readonly pages: Answer[];
}

/** The successful and unsuccessful report URLs the tests use. */
export const reportUrls = { ok: 'https://tpp.example/pay/ok', ko: 'https://tpp.example/pay/ko' } as const;

/** A fresh PKCE verifier (43+ unreserved characters) and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  return createPkcePair();
}

/** The STET body of a single euro payment; `overrides` replace top-level fields (undefined removes). */
export function paymentBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    paymentInformationId: `pmt-${randomUUID().slice(0, 8)}`,
    creationDateTime: '2025-03-30T10:15:00.000+02:00',
    numberOfTransactions: 1,
    initiatingParty: {
      name: 'Demo PISP',
      organisationId: { identification: '12FR5', schemeName: 'COID', issuer: 'ACPR' },
    },
    paymentTypeInformation: { serviceLevel: 'SEPA', categoryPurpose: 'DVPM' },
    beneficiary: {
      creditor: { name: 'Merchant' },
      creditorAccount: { iban: 'FR7630004000031234567890143' },
    },
    purpose: 'COMC',
    chargeBearer: 'SLEV',
    creditTransferTransaction: [
      {
        paymentId: { instructionId: 'instr-1', endToEndId: 'e2e-1' },
        instructedAmount: { currency: 'EUR', amount: '12.50' },
        remittanceInformation: ['Order 4711'],
      },
    ],
    supplementaryData: {
      acceptedAuthenticationApproach: ['REDIRECT'],
      successfulReportUrl: reportUrls.ok,
      unsuccessfulReportUrl: reportUrls.ko,
    },
  };
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete body[name];
    else body[name] = value;
  }
  return body;
}

/** The `message` code of a STET error body, or the `error` of an OAuth one. */
export function codeOf(answer: Answer): unknown {
  return pick(answer.json, 'message') ?? pick(answer.json, 'error');
}

/** A reference for the CBPII, PISP, fallback and registration tests, driven over HTTP like a TPP. */
export class CbpiiPispFixture {
  readonly reference: RunningReference;
  readonly client: ReferenceClient;

  private constructor(reference: RunningReference) {
    this.reference = reference;
    this.client = new ReferenceClient(reference);
  }

  /** Starts a reference (memory store, sandbox mode) for one test file. */
  static async start(options: ReferenceAppOptions = {}): Promise<CbpiiPispFixture> {
    return new CbpiiPispFixture(
      await startReference({ store: { kind: 'memory' }, log: () => undefined, ...options }),
    );
  }

  get tpp() {
    return this.reference.info.tpp;
  }

  host(institution = '10101'): string {
    return this.client.host(institution);
  }

  /** Calls the sandbox control API (client certificate only). */
  sandbox(path: string, options: { body?: unknown; institution?: string } = {}): Promise<Answer> {
    return this.client.call({
      method: 'POST',
      path: `/sandbox/v1${path}`,
      host: this.host(options.institution),
      sign: false,
      body: options.body === undefined ? '' : JSON.stringify(options.body),
      headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
    });
  }

  /** Clones a persona at an institution. */
  async psu(persona: string, institution = '10101'): Promise<ClonedPsu> {
    const created = await this.sandbox('/psus', { body: { persona }, institution });
    const psuId = pick(created.json, 'psuId');
    const identifier = pick(created.json, 'identifier');
    if (created.status !== 201 || typeof psuId !== 'string' || typeof identifier !== 'string')
      throw new Error(`clone failed: ${created.status} ${created.text}`);
    return { psuId, identifier, institution };
  }

  /** Moves a PSU's clock (ISO 8601 duration). */
  async travel(psu: ClonedPsu, duration: string): Promise<void> {
    const answer = await this.sandbox(`/psus/${psu.psuId}/clock`, {
      body: { travel: duration },
      institution: psu.institution,
    });
    if (answer.status !== 200) throw new Error(`clock travel failed: ${answer.text}`);
  }

  /** A token of the authorization code flow (AISP or CBPII scope) after the PSU consented. */
  async codeFlowToken(psu: ClonedPsu, scope: string): Promise<string> {
    const browser = new PsuBrowser(this.client, this.host(psu.institution));
    const page = await browser.open({
      response_type: 'code',
      client_id: this.tpp.clientId,
      redirect_uri: this.tpp.redirectUri,
      scope,
      state: 'st',
      login_hint: psu.identifier,
    });
    const consent = await browser.submit(page, { otp: '12345678' });
    const code = PsuBrowser.redirectOf(
      await browser.submit(consent, { decision: 'accept' }),
    )?.searchParams.get('code');
    if (typeof code !== 'string') throw new Error(`the ${scope} journey gave no code`);
    const answer = await this.token(
      {
        grant_type: 'authorization_code',
        client_id: this.tpp.clientId,
        code,
        redirect_uri: this.tpp.redirectUri,
      },
      psu.institution,
    );
    const token = pick(answer.json, 'access_token');
    if (typeof token !== 'string') throw new Error(`token exchange failed: ${answer.text}`);
    return token;
  }

  /** POST /oauth/token with a form. */
  token(
    fields: Record<string, string>,
    institution = '10101',
    options: { headers?: Record<string, string>; tpp?: CallOptions['tpp'] } = {},
  ): Promise<Answer> {
    return this.client.call({
      method: 'POST',
      path: '/stet/psd2/oauth/token',
      host: this.host(institution),
      sign: false,
      tpp: options.tpp,
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
    });
  }

  /** A first PISP token (client credentials, scope pisp). */
  async firstToken(institution = '10101'): Promise<string> {
    const answer = await this.token(
      { grant_type: 'client_credentials', client_id: this.tpp.clientId, scope: 'pisp' },
      institution,
    );
    const token = pick(answer.json, 'access_token');
    if (typeof token !== 'string') throw new Error(`first token refused: ${answer.text}`);
    return token;
  }

  /** A signed resource call with the institution's signature policy. */
  call(call: ResourceCall): Promise<Answer> {
    const institution = call.institution ?? '10101';
    const headers: Record<string, string> = {
      'psu-ip-address': '192.0.2.10',
      date: new Date().toUTCString(),
      ...call.headers,
    };
    if (call.requestId !== undefined) headers['x-request-id'] = call.requestId;
    if (call.body !== undefined) headers['content-type'] ??= 'application/json';
    const policy =
      this.reference.info.institutions.find((i) => i.code === institution)?.signatureHeaders ?? [];
    const psuHeaders = Object.keys(headers).filter((name) => name.startsWith('psu-'));
    return this.client.call({
      method: call.method ?? 'GET',
      path: call.path,
      host: this.host(institution),
      token: call.token,
      tpp: call.tpp,
      body:
        call.body === undefined ? '' : typeof call.body === 'string' ? call.body : JSON.stringify(call.body),
      headers,
      sign: [...new Set([...policy, '(request-target)', 'digest', 'x-request-id', ...psuHeaders])],
    });
  }

  /** POST …/payment-requests with a fresh first token. */
  async initiate(
    options: { version?: string; institution?: string; body?: unknown; requestId?: string } = {},
  ): Promise<Initiated> {
    const institution = options.institution ?? '10101';
    const firstToken = await this.firstToken(institution);
    const requestId = options.requestId ?? randomUUID();
    const answer = await this.call({
      method: 'POST',
      path: `/stet/psd2/${options.version ?? 'v1.4.2'}/payment-requests`,
      institution,
      token: firstToken,
      body: options.body ?? paymentBody(),
      requestId,
    });
    const href = pick(answer.json, '_links', 'consentApproval', 'href');
    const location = answer.headers.location;
    const id = typeof location === 'string' ? (location.split('/').pop() ?? '') : '';
    return { answer, id, firstToken, requestId, consentApproval: typeof href === 'string' ? href : '' };
  }

  /**
   * Takes the PSU through a payment journey from its consent link (the TPP adds state and the PKCE
   * challenge), with the fixed sandbox code.
   */
  async paymentJourney(options: PaymentJourneyOptions): Promise<PaymentJourneyEnd> {
    const url = new URL(options.href);
    url.searchParams.set('state', options.state ?? 'pay-state');
    if (options.verifier !== undefined) {
      url.searchParams.set('code_challenge', pkceChallenge(options.verifier));
      url.searchParams.set('code_challenge_method', 'S256');
    }
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value === null) url.searchParams.delete(name);
      else url.searchParams.set(name, value);
    }
    const browser = new PsuBrowser(this.client, url.host);
    const pages: Answer[] = [];
    let page = await this.client.call({
      path: `${url.pathname}${url.search}`,
      host: url.host,
      tpp: null,
      noDigest: true,
    });
    pages.push(page);
    for (let step = 0; step < 8 && page.status === 200; step += 1) {
      const fields = fieldsFor(page.text, options, pages);
      page = await browser.submit(page, fields);
      pages.push(page);
    }
    return { redirect: PsuBrowser.redirectOf(page), pages };
  }

  /** Exchanges a PISP code with its verifier for the second token. */
  exchange(options: {
    code: string;
    verifier: string;
    redirectUri?: string;
    institution?: string;
  }): Promise<Answer> {
    return this.token(
      {
        grant_type: 'authorization_code',
        client_id: this.tpp.clientId,
        code: options.code,
        code_verifier: options.verifier,
        redirect_uri: options.redirectUri ?? reportUrls.ok,
      },
      options.institution,
    );
  }

  /**
   * Initiation, journey with consent and PKCE exchange: the payment (ACTC) with both tokens.
   */
  async consentedPayment(
    psu: ClonedPsu,
    options: { version?: string; body?: unknown } = {},
  ): Promise<Initiated & { secondToken: string }> {
    const initiated = await this.initiate({ ...options, institution: psu.institution });
    const { verifier } = pkcePair();
    const end = await this.paymentJourney({ psu, href: initiated.consentApproval, verifier });
    const code = end.redirect?.searchParams.get('code');
    if (typeof code !== 'string') throw new Error(`no code: ${end.redirect?.toString() ?? 'no redirect'}`);
    const answer = await this.exchange({ code, verifier, institution: psu.institution });
    const secondToken = pick(answer.json, 'access_token');
    if (typeof secondToken !== 'string') throw new Error(`exchange failed: ${answer.text}`);
    return { ...initiated, secondToken };
  }

  async close(): Promise<void> {
    await this.client.close();
    await this.reference.close();
  }
}

/** The form fields for the page a payment journey is on. */
function fieldsFor(
  html: string,
  options: PaymentJourneyOptions,
  pages: readonly Answer[],
): Record<string, string> {
  if (html.includes('name="identifier"')) return { identifier: options.psu.identifier };
  if (html.includes('name="otp"')) {
    const shown = pages.filter((p) => p.text.includes('name="otp"')).length;
    return { otp: shown <= (options.wrongOtps ?? 0) ? '00000000' : '12345678' };
  }
  const fields: Record<string, string> = { decision: options.decision ?? 'accept' };
  const offered = [...html.matchAll(/name="account"[^>]*value="([^"]+)"/g)].map((m) => m[1] ?? '');
  const account = options.account ?? offered[0];
  if (account !== undefined) fields.account = account;
  return fields;
}

/** True when a JSON answer is an object (for type narrowing in tests). */
export function isJsonObject(answer: Answer): boolean {
  return isRecord(answer.json);
}
