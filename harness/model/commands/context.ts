/**
 * What every command of the seed model shares: the real side of a sequence, the token a TPP uses
 * (refreshing or logging in again as a TPP would, each step judged), and path helpers.
 */
import fc from 'fast-check';
import type { HttpExchange } from '../../client/stet-client.ts';
import type { SecretSet } from '../../report/secret-set.ts';
import { FuzzSetupError } from '../../fuzz/fuzz-session.ts';
import { fieldOf } from '../answer.ts';
import { enforce } from '../constraint.ts';
import { consentRecorded, listingServed } from '../constraints/consent-constraints.ts';
import { codeExchangeIssuesSet } from '../constraints/login-constraints.ts';
import { readListing, type ListedEntry } from '../listing.ts';
import { versionConstraints } from '../constraints/version-constraints.ts';
import {
  codeOneTime,
  refreshIssuesAccess,
  refreshReturnsRefresh,
  refreshRevokesOldAccess,
  replacedAccessRefused,
  replacedRefreshRefused,
} from '../constraints/token-constraints.ts';
import type {
  Instant,
  ModelConsent,
  ModelPsu,
  ModelState,
  ModelTokenSet,
  ModelTriplet,
  TokenRole,
  TppName,
} from '../model-state.ts';
import type { PsuSession } from '../psu-session.ts';
import { accessState, installSet, refreshState } from '../token-life.ts';

/** A payment as the TPP holds it. */
export interface RealPayment {
  firstToken: string;
  secondToken: string | undefined;
  /** The payment's path (Location of the initiation). */
  location: string;
  resourceId: string;
  requestId: string;
  consentLink: string;
}

/** The real side of a sequence. */
export interface ModelReal {
  psus: PsuSession[];
  secrets: SecretSet;
  payment: RealPayment | undefined;
}

/** A command of the seed model. */
export type ModelCommand = fc.AsyncCommand<ModelState, ModelReal>;

/** The triplet of a PSU, TPP and role. */
export function tripletOf(psu: ModelPsu, tpp: TppName, role: TokenRole): ModelTriplet {
  return psu.tokens[`${tpp}/${role}`];
}

/** The PSU of index `index` (taken modulo the number of PSUs). */
export function psuAt<T>(list: readonly T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new RangeError('a sequence has at least one PSU');
  return item;
}

/** The TPP a command names, or the main one when the sequence has a single TPP. */
export function tppOf(model: Readonly<ModelState>, tpp: TppName): TppName {
  return model.tpps.includes(tpp) ? tpp : 'main';
}

/** The scope of a role at the model's version. */
export function scopeOf(model: Readonly<ModelState>, role: TokenRole): string {
  return role === 'aisp' ? 'aisp' : (model.profile.cbpiiScope ?? 'aisp');
}

/** Judges a listing against what its version offers (the version constraints). */
export function judgeVersion(
  model: Readonly<ModelState>,
  entries: readonly ListedEntry[],
  exchange: HttpExchange,
): void {
  const input = {
    entries,
    functions: model.profile.accountFunctions,
    currencyAccounts: model.profile.currencyAccounts,
  };
  for (const judged of versionConstraints) enforce(judged, input, exchange);
}

/** The persona every PSU of a sequence is cloned from (accounts, a card, transactions of every status). */
export const modelPersona = 'alice';

/**
 * Readies PSU `p` on its first use: a fresh clone, the main TPP's login, the unconsented listing (the
 * PSU's accounts; judged: 200 with accounts) and the state's prelude.
 */
export async function prepare(model: ModelState, real: ModelReal, p: number): Promise<void> {
  const psu = psuAt(model.psus, p);
  if (psu.ready) return;
  psu.ready = true;
  const session = psuAt(real.psus, p);
  await session.clone(modelPersona);
  await login(model, real, p, 'main', 'aisp');
  const token = psu.tokens['main/aisp'].current?.access.value ?? '';
  const { exchange } = await session.call('main', { method: 'GET', path: apiPath(model, 'accounts'), token });
  const listing = readListing(exchange);
  enforce(listingServed, { ...exchange, listed: listing !== undefined }, exchange);
  judgeVersion(model, listing?.entries ?? [], exchange);
  psu.accounts = (listing?.entries ?? []).flatMap((entry) =>
    entry.card || entry.iban === undefined
      ? []
      : [{ resourceId: entry.resourceId, iban: entry.iban, currency: entry.currency }],
  );
  if (psu.accounts.length === 0)
    throw new FuzzSetupError('ERR_FUZZ_SETUP', `persona ${modelPersona} lists no account`);
  if (model.prelude === 'none') return;
  const ibans = [...new Set(psu.accounts.map((account) => account.iban))];
  const body: Record<string, unknown> = { trustedBeneficiaries: false, psuIdentity: true };
  for (const fn of model.profile.accountFunctions)
    if (model.profile.consentFields.includes(fn)) body[fn] = ibans.map((iban) => ({ iban }));
  const put = await session.call('main', {
    method: 'PUT',
    path: apiPath(model, 'consents'),
    token,
    body: JSON.stringify(body),
  });
  enforce(consentRecorded, put.exchange, put.exchange);
  const all = new Set(ibans);
  const consent: ModelConsent = {
    lists: {
      balances: all,
      transactions: all,
      overdrafts: model.profile.consentFields.includes('overdrafts') ? all : new Set(),
      owners: model.profile.consentFields.includes('owners') ? all : new Set(),
    },
    psuIdentity: true,
  };
  psu.consentByTpp.main = [consent];
  psu.consentOfPsu = [consent];
}

/**
 * A new token set for the triplet by the PSU's journey (judged: the exchange gives a set); with
 * `replayCode`, the code is exchanged a second time (judged: refused), after which the bank's
 * treatment of the set is its choice and the triplet is not judged until the next login.
 */
export async function login(
  model: ModelState,
  real: ModelReal,
  p: number,
  tpp: TppName,
  role: TokenRole,
  replayCode = false,
): Promise<void> {
  const psu = psuAt(model.psus, p);
  const session = psuAt(real.psus, p);
  const { code, exchange } = await session.login(tpp, scopeOf(model, role));
  if (exchange === undefined || code === undefined) {
    // The journey reached the callback without a code: the seed's "one-time code on success" is not met.
    enforce(codeExchangeIssuesSet, { status: 0, json: undefined, headers: {} });
    return;
  }
  enforce(codeExchangeIssuesSet, exchange.exchange, exchange.exchange);
  const access = String(fieldOf(exchange.exchange.json, 'access_token'));
  const refresh = String(fieldOf(exchange.exchange.json, 'refresh_token'));
  real.secrets.add('access_token', access);
  real.secrets.add('refresh_token', refresh);
  const set: ModelTokenSet = {
    access: { value: access, issued: exchange.at, dead: undefined },
    refresh: { value: refresh, issued: exchange.at, dead: undefined },
    authenticated: exchange.at,
  };
  const triplet = tripletOf(psu, tpp, role);
  installSet(triplet, set, replacedAccessRefused);
  if (set.refresh !== undefined && triplet.earlier[0]?.refresh !== undefined)
    triplet.earlier[0].refresh.dead = {
      by: replacedRefreshRefused,
      why: 'a new token set of the triplet was issued',
    };
  if (replayCode) {
    const again = await session.exchangeCode(tpp, code);
    enforce(codeOneTime, again.exchange, again.exchange);
    triplet.uncertain = true;
  }
}

/** Refreshes the triplet's set (judged: a new access token, a refresh token returned, the old access dead). */
export async function refresh(
  model: ModelState,
  real: ModelReal,
  p: number,
  tpp: TppName,
  role: TokenRole,
): Promise<void> {
  const psu = psuAt(model.psus, p);
  const session = psuAt(real.psus, p);
  const triplet = tripletOf(psu, tpp, role);
  const previous = triplet.current;
  if (previous?.refresh === undefined) return;
  const answer = await session.refresh(tpp, previous.refresh.value);
  enforce(refreshIssuesAccess, answer.exchange, answer.exchange);
  enforce(refreshReturnsRefresh, answer.exchange, answer.exchange);
  const access = String(fieldOf(answer.exchange.json, 'access_token'));
  const refreshToken = String(fieldOf(answer.exchange.json, 'refresh_token'));
  real.secrets.add('access_token', access);
  real.secrets.add('refresh_token', refreshToken);
  previous.access.dead = { by: refreshRevokesOldAccess, why: 'a refresh replaced it' };
  const sameRefresh = refreshToken === previous.refresh.value;
  if (!sameRefresh)
    previous.refresh.dead = { by: replacedRefreshRefused, why: 'the refresh returned another refresh token' };
  triplet.earlier = [previous, ...triplet.earlier].slice(0, 3);
  triplet.current = {
    access: { value: access, issued: answer.at, dead: undefined },
    refresh: sameRefresh ? previous.refresh : { value: refreshToken, issued: answer.at, dead: undefined },
    authenticated: previous.authenticated,
  };
}

/** Seconds a reused access token must still have, so the call that follows is surely within its life. */
const reuseMarginMs = 60_000;

/**
 * The access token the TPP uses for the PSU's AIS calls: the current one while it surely works, after
 * a refresh when only the refresh works, after a new journey otherwise (each step judged).
 */
export async function accessToken(
  model: ModelState,
  real: ModelReal,
  p: number,
  tpp: TppName,
): Promise<ModelTokenSet> {
  await prepare(model, real, p);
  const psu = psuAt(model.psus, p);
  const session = psuAt(real.psus, p);
  const triplet = tripletOf(psu, tpp, 'aisp');
  const later: Instant = (() => {
    const now = session.now();
    return { lo: now.lo + reuseMarginMs, hi: now.hi + reuseMarginMs };
  })();
  const set = triplet.current;
  if (set !== undefined && !triplet.uncertain) {
    if (accessState(set, later) === 'valid') return set;
    if (refreshState(set, later) === 'valid') {
      await refresh(model, real, p, tpp, 'aisp');
      if (triplet.current !== undefined) return triplet.current;
    }
  }
  await login(model, real, p, tpp, 'aisp');
  if (triplet.current === undefined) throw new RangeError('a login installs a token set');
  return triplet.current;
}

/** The path of a versioned resource. */
export function apiPath(model: Readonly<ModelState>, resource: string): string {
  return `/stet/psd2/${model.version}/${resource}`;
}

/** The path and query of a link's href (absolute or not). */
export function hrefPath(href: string): string {
  const url = new URL(href, 'https://bank.invalid');
  return `${url.pathname}${url.search}`;
}

/** A PSU index: the first PSU three times out of four (sequences meet on one PSU more often). */
export const psuIndex: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.constant(0), weight: 3 },
  { arbitrary: fc.constant(1), weight: 1 },
);

/** A TPP: the main one three times out of four. */
export const tppName: fc.Arbitrary<TppName> = fc.oneof(
  { arbitrary: fc.constant<TppName>('main'), weight: 3 },
  { arbitrary: fc.constant<TppName>('second'), weight: 1 },
);
