/**
 * The model of the fuzzer: what the seed says the PSU's consent, links and tokens are after each
 * command, and the checks comparing a target's answers with it. A mismatch throws
 * {@link FuzzMismatch}; fast-check then shrinks the command sequence.
 */
import { CodedError } from '../../lib/coded-error.ts';
import { lookupError, type ApiVersion, type VersionProfile } from '../../spec/lib/index.ts';
import type { HttpExchange } from '../client/stet-client.ts';
import { fieldOf, type FuzzSession, type FuzzTokens } from './fuzz-session.ts';

/** An account of the PSU as the unconsented GET /accounts listed it. */
export interface ModelAccount {
  resourceId: string;
  iban: string;
}

/** The account functions of a consent (seed: Consent). */
export const consentLists = ['balances', 'transactions', 'overdrafts', 'owners'] as const;
/** One of {@link consentLists}. */
export type ConsentList = (typeof consentLists)[number];

/** The consent the model holds: IBANs per function, and psuIdentity. */
export interface ModelConsent {
  lists: Record<ConsentList, ReadonlySet<string>>;
  psuIdentity: boolean;
}

/** The state the seed predicts. */
export interface FuzzModel {
  version: ApiVersion;
  /** What the version offers: its consent fields and account links. */
  profile: VersionProfile;
  accounts: readonly ModelAccount[];
  consent: ModelConsent | undefined;
  /** valid; expired (3600 s passed, refresh works); revoked (refresh refused too). */
  tokens: 'valid' | 'expired' | 'revoked';
  /** The payment the TPP initiated last, or none yet. */
  payment: ModelPayment | undefined;
}

/** A payment request as the seed predicts it (statuses of STET `PaymentInformationStatusCode`). */
export interface ModelPayment {
  /** RCVD posted; ACTC consented by the PSU; PDNG confirmed; RJCT refused or cancelled. */
  status: 'RCVD' | 'ACTC' | 'PDNG' | 'RJCT';
  /** With RJCT: CUST refused by the PSU, DS02 cancelled. */
  reason: 'CUST' | 'DS02' | undefined;
  /** The PSU's journey has run (consented or refused): its consent link is spent. */
  journeyDone: boolean;
  /** The PKCE exchange gave the second token. */
  secondToken: boolean;
  /** False once the PSU's clock passed the tokens' lifetime or its tokens were revoked. */
  tokensUsable: boolean;
}

/** The target side of the payment: what the TPP holds. */
export interface RealPayment {
  firstToken: string;
  secondToken: string | undefined;
  /** The Location of the initiation (the payment's path). */
  location: string;
  /** The X-Request-ID of the initiation: status reads must repeat it. */
  requestId: string;
  consentLink: string;
}

/** The target side: the session and the token set the TPP holds. */
export interface FuzzReal {
  session: FuzzSession;
  tokens: FuzzTokens;
  payment?: RealPayment;
}

/** The target answered something the model rules out. */
export class FuzzMismatch extends CodedError<'ERR_FUZZ_MISMATCH'> {}

/** Throws a {@link FuzzMismatch} quoting the answer. */
export function mismatch(message: string, exchange: HttpExchange | undefined): never {
  const seen = exchange === undefined ? '' : ` (got ${exchange.status} ${exchange.text.slice(0, 300)})`;
  throw new FuzzMismatch('ERR_FUZZ_MISMATCH', `${message}${seen}`);
}

/** The error code of a STET or OAuth error body. */
export function errorCode(exchange: HttpExchange): string | undefined {
  const message = fieldOf(exchange.json, 'message');
  if (typeof message === 'string') return message;
  const error = fieldOf(exchange.json, 'error');
  return typeof error === 'string' ? error : undefined;
}

/** A refusal must be a 4xx naming a catalogue code (never a 5xx, never a bare status). */
export function expectRefusal(exchange: HttpExchange, what: string, code?: string): void {
  if (exchange.status < 400 || exchange.status >= 500) mismatch(`${what}: expected a 4xx refusal`, exchange);
  const got = errorCode(exchange);
  if (got === undefined || lookupError(got) === undefined)
    mismatch(`${what}: the refusal names no catalogue code`, exchange);
  if (code !== undefined && got !== code) mismatch(`${what}: expected code ${code}`, exchange);
}

function hasConsentedAccount(consent: ModelConsent | undefined): consent is ModelConsent {
  return consent !== undefined && consentLists.some((list) => consent.lists[list].size > 0);
}

function linksOf(entry: unknown): unknown {
  return fieldOf(entry, '_links');
}

/** GET /accounts, compared with the model: listing, embedded balances, links, identity link. */
export async function checkAccounts(model: FuzzModel, real: FuzzReal, after: string): Promise<void> {
  const exchange = await real.session.api({
    method: 'GET',
    path: `/stet/psd2/${model.version}/accounts`,
    token: real.tokens.access,
  });
  const what = `GET /accounts after ${after}`;
  if (model.tokens !== 'valid') {
    expectRefusal(exchange, `${what} with an ${model.tokens} token`, 'invalid_token');
    return;
  }
  if (exchange.status !== 200) mismatch(`${what}: expected 200`, exchange);
  const list = fieldOf(exchange.json, 'accounts');
  if (!Array.isArray(list)) mismatch(`${what}: no accounts array`, exchange);
  const entries: unknown[] = list;
  const consent = model.consent;
  const consented = hasConsentedAccount(consent);
  const accountEntries = entries.filter(
    (entry) => typeof fieldOf(fieldOf(entry, 'accountId'), 'iban') === 'string',
  );
  if (!consented && accountEntries.length !== entries.length)
    mismatch(`${what}: cards are listed while no account is consented`, exchange);
  const expected = model.accounts
    .filter((account) => !consented || consentLists.some((l) => consent.lists[l].has(account.iban)))
    .map((account) => account.resourceId)
    .sort();
  const listed = accountEntries.map((entry) => String(fieldOf(entry, 'resourceId'))).sort();
  if (JSON.stringify(listed) !== JSON.stringify(expected))
    mismatch(
      `${what}: listed accounts ${listed.join(',')} but the consent gives ${expected.join(',')}`,
      exchange,
    );
  for (const entry of accountEntries) {
    const iban = String(fieldOf(fieldOf(entry, 'accountId'), 'iban'));
    const links = linksOf(entry);
    for (const fn of consentLists) {
      const exists = model.profile.accountFunctions.includes(fn);
      const want = exists && consented && consent.lists[fn].has(iban);
      if ((fieldOf(links, fn) !== undefined) !== want)
        mismatch(`${what}: ${fn} link of ${iban} should be ${want ? 'present' : 'absent'}`, exchange);
    }
    const embedded = fieldOf(entry, 'balances') !== undefined;
    if (embedded !== (consented && consent.lists.balances.has(iban)))
      mismatch(`${what}: balances of ${iban} should be ${embedded ? 'absent' : 'embedded'}`, exchange);
  }
  const top = linksOf(exchange.json);
  const identity = fieldOf(top, 'endUserIdentity') !== undefined;
  if (identity !== (consent?.psuIdentity === true))
    mismatch(`${what}: endUserIdentity link should be ${identity ? 'absent' : 'present'}`, exchange);
  if (fieldOf(top, 'trustedBeneficiaries') !== undefined)
    mismatch(`${what}: a trusted-beneficiaries link is returned`, exchange);
}
