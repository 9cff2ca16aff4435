/**
 * Commands of consents, listing, links and cards: PUT /consents (replacing, per-function changes, an
 * empty consent revoking all), GET /accounts judged against every consent reading, function reads of
 * accounts and cards, end-user identity, and an unknown account.
 */
import fc from 'fast-check';
import type { AccountFunction } from '../../../spec/lib/index.ts';
import { enforce } from '../constraint.ts';
import { connectedUnlimited } from '../constraints/quota-constraints.ts';
import {
  cardNeedsBackingConsent,
  consentedReadServed,
  consentRecorded,
  identityNeedsConsent,
  listingConstraints,
  listingServed,
  unconsentedReadRefused,
  unknownAccountRefused,
} from '../constraints/consent-constraints.ts';
import { readListing, type ListedEntry } from '../listing.ts';
import {
  agreed,
  consentReadings,
  type ModelConsent,
  type ModelPsu,
  type ModelState,
  type TppName,
} from '../model-state.ts';
import { accessState } from '../token-life.ts';
import {
  judgeVersion,
  tppName,
  psuIndex,
  accessToken,
  apiPath,
  hrefPath,
  prepare,
  psuAt,
  tppOf,
  type ModelCommand,
  type ModelReal,
} from './context.ts';

/** Account picks per function: indexes into the PSU's accounts (modulo their number). */
export type ConsentPicks = Record<AccountFunction, number[]>;

const functions: readonly AccountFunction[] = ['balances', 'transactions', 'overdrafts', 'owners'];

class PutConsent implements ModelCommand {
  constructor(
    readonly psu: number,
    readonly tpp: TppName,
    readonly picks: ConsentPicks,
    readonly psuIdentity: boolean,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    await prepare(model, real, this.psu);
    const tpp = tppOf(model, this.tpp);
    const psu = psuAt(model.psus, this.psu);
    const ibans = (fn: AccountFunction): string[] =>
      model.profile.consentFields.includes(fn)
        ? [...new Set(this.picks[fn].map((i) => psuAt(psu.accounts, i).iban))]
        : [];
    const body: Record<string, unknown> = { trustedBeneficiaries: false, psuIdentity: this.psuIdentity };
    for (const fn of functions)
      if (model.profile.consentFields.includes(fn)) body[fn] = ibans(fn).map((iban) => ({ iban }));
    const set = await accessToken(model, real, this.psu, tpp);
    const { exchange, at } = await psuAt(real.psus, this.psu).call(tpp, {
      method: 'PUT',
      path: apiPath(model, 'consents'),
      token: set.access.value,
      body: JSON.stringify(body),
    });
    if (accessState(set, at) !== 'valid') return;
    enforce(consentRecorded, exchange, exchange);
    const consent: ModelConsent = {
      lists: {
        balances: new Set(ibans('balances')),
        transactions: new Set(ibans('transactions')),
        overdrafts: new Set(ibans('overdrafts')),
        owners: new Set(ibans('owners')),
      },
      psuIdentity: this.psuIdentity,
    };
    psu.consentByTpp[tpp] = [consent];
    psu.consentOfPsu = [consent];
  }
  toString(): string {
    // No comma: fast-check joins the commands of a sequence with commas.
    const lists = functions.map((fn) => `${fn}=[${this.picks[fn].join(' ')}]`).join(' ');
    return `PutConsent(psu${this.psu} ${this.tpp} ${lists} psuIdentity=${String(this.psuIdentity)})`;
  }
}

class ListAccounts implements ModelCommand {
  constructor(
    readonly psu: number,
    readonly tpp: TppName,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    const tpp = tppOf(model, this.tpp);
    const psu = psuAt(model.psus, this.psu);
    const set = await accessToken(model, real, this.psu, tpp);
    const { exchange, at } = await psuAt(real.psus, this.psu).call(tpp, {
      method: 'GET',
      path: apiPath(model, 'accounts'),
      token: set.access.value,
    });
    if (accessState(set, at) !== 'valid') return;
    enforce(connectedUnlimited, { ...exchange, what: 'GET /accounts' }, exchange);
    const listing = readListing(exchange);
    enforce(listingServed, { ...exchange, listed: listing !== undefined }, exchange);
    if (listing === undefined) return;
    const input = {
      ...listing,
      readings: consentReadings(psu, tpp),
      accounts: psu.accounts,
      cards: psu.cards,
      functions: model.profile.accountFunctions,
    };
    for (const judged of listingConstraints) enforce(judged, input, exchange);
    judgeVersion(model, listing.entries, exchange);
    learn(psu, listing.entries);
  }
  toString(): string {
    return `ListAccounts(psu${this.psu} ${this.tpp})`;
  }
}

/** Learns the cards and the function links of a listing. */
function learn(psu: ModelPsu, entries: readonly ListedEntry[]): void {
  for (const entry of entries) {
    if (
      entry.card &&
      entry.backing !== undefined &&
      !psu.cards.some((card) => card.resourceId === entry.resourceId)
    )
      psu.cards.push({ resourceId: entry.resourceId, backing: entry.backing });
    for (const [name, href] of entry.links)
      if (href !== '') psu.links.set(`${entry.resourceId}/${name}`, href);
  }
}

/** A function read target: an account or a card, with the IBAN its consent is judged on. */
function targetOf(
  psu: ModelPsu,
  pick: number,
  card: boolean,
): { resourceId: string; iban: string | undefined; card: boolean } {
  if (card && psu.cards.length > 0) {
    const chosen = psuAt(psu.cards, pick);
    const backing = psu.accounts.find((account) => account.resourceId === chosen.backing);
    return { resourceId: chosen.resourceId, iban: backing?.iban, card: true };
  }
  const account = psuAt(psu.accounts, pick);
  return { resourceId: account.resourceId, iban: account.iban, card: false };
}

/** The path of a function of a resource: the listing's link when there is one (seed: use the links). */
export function functionPath(
  model: Readonly<ModelState>,
  psu: ModelPsu,
  resourceId: string,
  fn: string,
): string {
  const href = psu.links.get(`${resourceId}/${fn}`);
  return href === undefined
    ? apiPath(model, `accounts/${encodeURIComponent(resourceId)}/${fn}`)
    : hrefPath(href);
}

class ReadFunction implements ModelCommand {
  constructor(
    readonly psu: number,
    readonly tpp: TppName,
    readonly fn: AccountFunction,
    readonly pick: number,
    readonly card: boolean,
  ) {}
  check(model: Readonly<ModelState>): boolean {
    const cardFunction = this.fn === 'balances' || this.fn === 'transactions';
    return model.profile.accountFunctions.includes(this.fn) && (!this.card || cardFunction);
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    const tpp = tppOf(model, this.tpp);
    await prepare(model, real, this.psu);
    const psu = psuAt(model.psus, this.psu);
    const target = targetOf(psu, this.pick, this.card);
    const set = await accessToken(model, real, this.psu, tpp);
    const { exchange, at } = await psuAt(real.psus, this.psu).call(tpp, {
      method: 'GET',
      path: functionPath(model, psu, target.resourceId, this.fn),
      token: set.access.value,
    });
    if (accessState(set, at) !== 'valid' || target.iban === undefined) return;
    const what = `GET ${this.fn} of ${target.card ? 'card' : 'account'} ${target.resourceId}`;
    enforce(connectedUnlimited, { ...exchange, what }, exchange);
    const iban = target.iban;
    const consented = agreed(
      consentReadings(psu, tpp),
      (reading) => reading?.lists[this.fn].has(iban) === true,
    );
    if (consented === true && !target.card) enforce(consentedReadServed, { ...exchange, what }, exchange);
    if (consented === false)
      enforce(
        target.card ? cardNeedsBackingConsent : unconsentedReadRefused,
        { ...exchange, what },
        exchange,
      );
  }
  toString(): string {
    return `Read(psu${this.psu} ${this.tpp} ${this.fn} ${this.card ? 'card' : 'account'} ${this.pick})`;
  }
}

class ReadIdentity implements ModelCommand {
  constructor(
    readonly psu: number,
    readonly tpp: TppName,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    const tpp = tppOf(model, this.tpp);
    const psu = psuAt(model.psus, this.psu);
    const set = await accessToken(model, real, this.psu, tpp);
    const { exchange, at } = await psuAt(real.psus, this.psu).call(tpp, {
      method: 'GET',
      path: apiPath(model, 'end-user-identity'),
      token: set.access.value,
    });
    if (accessState(set, at) !== 'valid') return;
    enforce(connectedUnlimited, { ...exchange, what: 'GET end-user-identity' }, exchange);
    if (agreed(consentReadings(psu, tpp), (reading) => reading?.psuIdentity === true) === false)
      enforce(identityNeedsConsent, exchange, exchange);
  }
  toString(): string {
    return `ReadIdentity(psu${this.psu} ${this.tpp})`;
  }
}

class ReadUnknownAccount implements ModelCommand {
  constructor(readonly psu: number) {}
  check(): boolean {
    return true;
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    const set = await accessToken(model, real, this.psu, 'main');
    const { exchange, at } = await psuAt(real.psus, this.psu).call('main', {
      method: 'GET',
      path: apiPath(model, 'accounts/model-unknown-account/balances'),
      token: set.access.value,
    });
    if (accessState(set, at) === 'valid') enforce(unknownAccountRefused, exchange, exchange);
  }
  toString(): string {
    return `ReadUnknownAccount(psu${this.psu})`;
  }
}

const pick = fc.nat({ max: 9 });
const picks: fc.Arbitrary<ConsentPicks> = fc.record({
  balances: fc.array(pick, { maxLength: 3 }),
  transactions: fc.array(pick, { maxLength: 3 }),
  overdrafts: fc.array(pick, { maxLength: 2 }),
  owners: fc.array(pick, { maxLength: 2 }),
});
const fn = fc.constantFrom<AccountFunction>('balances', 'transactions', 'overdrafts', 'owners');

/** PUT /consents by either TPP for either PSU. */
export const putConsent = fc
  .tuple(psuIndex, tppName, picks, fc.boolean())
  .map(([p, t, chosen, identity]) => new PutConsent(p, t, chosen, identity));
/** GET /accounts by either TPP for either PSU. */
export const listAccounts = fc.tuple(psuIndex, tppName).map(([p, t]) => new ListAccounts(p, t));

/** The consent commands. */
export const consentCommands: Array<fc.Arbitrary<ModelCommand>> = [
  putConsent,
  putConsent,
  listAccounts,
  listAccounts,
  fc
    .tuple(psuIndex, tppName, fn, pick, fc.boolean())
    .map(([p, t, f, i, card]) => new ReadFunction(p, t, f, i, card)),
  fc
    .tuple(psuIndex, tppName, fn, pick, fc.boolean())
    .map(([p, t, f, i, card]) => new ReadFunction(p, t, f, i, card)),
  fc.tuple(psuIndex, tppName).map(([p, t]) => new ReadIdentity(p, t)),
  psuIndex.map((p) => new ReadUnknownAccount(p)),
];
