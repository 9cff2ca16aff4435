/**
 * Commands of transaction reads (seed: Transaction query parameters; Limits): an account's
 * transactions, unfiltered (learnt as the epoch's baseline) or with dateFrom/dateTo, entry-reference
 * bounds or a malformed date, every page followed (connected calls: pagination costs no quota).
 */
import fc from 'fast-check';
import { addDays, daysBetween, parisDay } from '../../../spec/lib/index.ts';
import { fieldOf } from '../answer.ts';
import { enforce } from '../constraint.ts';
import { consentedReadServed, unconsentedReadRefused } from '../constraints/consent-constraints.ts';
import { connectedUnlimited } from '../constraints/quota-constraints.ts';
import {
  malformedDateEnde,
  periodOver90Ende,
  servedReadConstraints,
  type TransactionsInput,
} from '../constraints/transaction-constraints.ts';
import {
  agreed,
  consentReadings,
  type ModelState,
  type ModelTransaction,
  type TppName,
} from '../model-state.ts';
import { judgementSlack, seedLimits } from '../seed-limits.ts';
import { accessState } from '../token-life.ts';
import { functionPath } from './consent-commands.ts';
import {
  tppName,
  psuIndex,
  accessToken,
  hrefPath,
  prepare,
  psuAt,
  tppOf,
  type ModelCommand,
  type ModelReal,
} from './context.ts';

/** The filter of a read: days back from today, reference picks into the baseline, or a bad date. */
export interface TransactionFilter {
  fromDaysAgo: number | undefined;
  toDaysAgo: number | undefined;
  referenceFrom: number | undefined;
  referenceTo: number | undefined;
  malformed: boolean;
}

/** Pages followed at most: the seed's page sizes (200, or 3 in a test) make 2 pages of the 90 days. */
const maxPages = 8;

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function transactionsOf(json: unknown): ModelTransaction[] {
  const list = fieldOf(json, 'transactions');
  if (!Array.isArray(list)) return [];
  const items: unknown[] = list;
  return items.map((t) => ({
    resourceId: text(fieldOf(t, 'resourceId')) ?? '',
    status: text(fieldOf(t, 'status')),
    entryReference: text(fieldOf(t, 'entryReference')),
    bookingDate: text(fieldOf(t, 'bookingDate')),
    expectedBookingDate: text(fieldOf(t, 'expectedBookingDate')),
    valueDate: text(fieldOf(t, 'valueDate')),
    transactionDate: text(fieldOf(t, 'transactionDate')),
  }));
}

function isUnfiltered(filter: TransactionFilter): boolean {
  return (
    filter.fromDaysAgo === undefined &&
    filter.toDaysAgo === undefined &&
    filter.referenceFrom === undefined &&
    filter.referenceTo === undefined &&
    !filter.malformed
  );
}

class ReadTransactions implements ModelCommand {
  constructor(
    readonly psu: number,
    readonly tpp: TppName,
    readonly pick: number,
    readonly filter: TransactionFilter,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    await prepare(model, real, this.psu);
    const tpp = tppOf(model, this.tpp);
    const psu = psuAt(model.psus, this.psu);
    const session = psuAt(real.psus, this.psu);
    const account = psuAt(psu.accounts, this.pick);
    const now = session.now();
    const today = parisDay(new Date(now.hi));
    if (parisDay(new Date(now.lo)) !== today) return;
    const learnt = psu.transactions.get(account.resourceId);
    const baseline =
      learnt !== undefined && learnt.epoch === psu.epoch && learnt.day === today ? learnt.list : undefined;
    const references = (baseline ?? [])
      .map((t) => t.entryReference)
      .filter((ref): ref is string => ref !== undefined && /^\d+$/.test(ref))
      .sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
    const days = [this.filter.fromDaysAgo, this.filter.toDaysAgo].filter((d): d is number => d !== undefined);
    const dateFrom = this.filter.fromDaysAgo === undefined ? undefined : addDays(today, -Math.max(...days));
    const dateTo = this.filter.toDaysAgo === undefined ? undefined : addDays(today, -Math.min(...days));
    const pickRef = (i: number | undefined): string | undefined =>
      i === undefined || references.length === 0 ? undefined : references[i % references.length];
    const query = new URLSearchParams();
    if (this.filter.malformed) query.set('dateFrom', `${today.slice(0, 4)}-13-45`);
    else if (dateFrom !== undefined) query.set('dateFrom', dateFrom);
    if (dateTo !== undefined) query.set('dateTo', dateTo);
    const entryReferenceFrom = pickRef(this.filter.referenceFrom);
    const entryReferenceTo = pickRef(this.filter.referenceTo);
    if (entryReferenceFrom !== undefined) query.set('entryReferenceFrom', entryReferenceFrom);
    if (entryReferenceTo !== undefined) query.set('entryReferenceTo', entryReferenceTo);
    const base = functionPath(model, psu, account.resourceId, 'transactions');
    const path = query.size === 0 ? base : `${base}${base.includes('?') ? '&' : '?'}${query.toString()}`;
    const set = await accessToken(model, real, this.psu, tpp);
    const { exchange, at } = await session.call(tpp, { method: 'GET', path, token: set.access.value });
    if (accessState(set, at) !== 'valid') return;
    const what = `GET transactions of ${account.resourceId}${query.size === 0 ? '' : `?${query.toString()}`}`;
    enforce(connectedUnlimited, { ...exchange, what }, exchange);
    const consented = agreed(
      consentReadings(psu, tpp),
      (reading) => reading?.lists.transactions.has(account.iban) === true,
    );
    if (consented === false) {
      enforce(unconsentedReadRefused, { ...exchange, what }, exchange);
      return;
    }
    if (consented !== true) return;
    if (this.filter.malformed) {
      enforce(malformedDateEnde, exchange, exchange);
      return;
    }
    const period = dateFrom === undefined ? undefined : daysBetween(dateFrom, dateTo ?? today);
    if (period !== undefined && period > seedLimits.periodDays + judgementSlack.days) {
      enforce(periodOver90Ende, exchange, exchange);
      return;
    }
    // A dateFrom at the edge of (or beyond) the history: whether it is refused is the bank's choice.
    if (dateFrom !== undefined && dateFrom <= addDays(today, -(seedLimits.historyDays - judgementSlack.days)))
      return;
    if (period !== undefined && period > seedLimits.periodDays - judgementSlack.days) return;
    enforce(consentedReadServed, { ...exchange, what }, exchange);
    const transactions = transactionsOf(exchange.json);
    let next = text(fieldOf(fieldOf(fieldOf(exchange.json, '_links'), 'next'), 'href'));
    for (let page = 1; next !== undefined && page < maxPages; page += 1) {
      const more = await session.call(tpp, { method: 'GET', path: hrefPath(next), token: set.access.value });
      if (more.exchange.status !== 200 || accessState(set, more.at) !== 'valid') return;
      enforce(connectedUnlimited, { ...more.exchange, what: `${what}, page ${page + 1}` }, more.exchange);
      transactions.push(...transactionsOf(more.exchange.json));
      next = text(fieldOf(fieldOf(fieldOf(more.exchange.json, '_links'), 'next'), 'href'));
    }
    if (next !== undefined) return;
    const input: TransactionsInput = {
      transactions,
      dateFrom,
      dateTo,
      entryReferenceFrom,
      entryReferenceTo,
      today,
      baseline: isUnfiltered(this.filter) ? undefined : baseline,
    };
    for (const judged of servedReadConstraints) enforce(judged, input, exchange);
    if (isUnfiltered(this.filter))
      psu.transactions.set(account.resourceId, { epoch: psu.epoch, day: today, list: transactions });
  }
  toString(): string {
    const f = this.filter;
    const parts = [
      f.fromDaysAgo === undefined ? '' : `from=-${f.fromDaysAgo}d`,
      f.toDaysAgo === undefined ? '' : `to=-${f.toDaysAgo}d`,
      f.referenceFrom === undefined ? '' : `refFrom=#${f.referenceFrom}`,
      f.referenceTo === undefined ? '' : `refTo=#${f.referenceTo}`,
      f.malformed ? 'malformed-date' : '',
    ].filter((part) => part !== '');
    return `ReadTransactions(psu${this.psu} ${this.tpp} account ${this.pick}${parts.length === 0 ? '' : ` ${parts.join(' ')}`})`;
  }
}

const days = fc.option(fc.nat({ max: 100 }), { nil: undefined });
const reference = fc.option(fc.nat({ max: 300 }), { nil: undefined });
const filter: fc.Arbitrary<TransactionFilter> = fc.oneof(
  fc.constant<TransactionFilter>({
    fromDaysAgo: undefined,
    toDaysAgo: undefined,
    referenceFrom: undefined,
    referenceTo: undefined,
    malformed: false,
  }),
  fc.record({
    fromDaysAgo: days,
    toDaysAgo: days,
    referenceFrom: reference,
    referenceTo: reference,
    malformed: fc.constant(false),
  }),
  fc.record({
    fromDaysAgo: days,
    toDaysAgo: days,
    referenceFrom: fc.constant(undefined),
    referenceTo: fc.constant(undefined),
    malformed: fc.boolean(),
  }),
);

/** The transaction commands (read an account's transactions, baseline first more often). */
export const transactionCommands: Array<fc.Arbitrary<ModelCommand>> = [
  fc
    .tuple(psuIndex, tppName, fc.nat({ max: 9 }), filter)
    .map(([p, t, i, f]) => new ReadTransactions(p, t, i, f)),
  fc
    .tuple(psuIndex, tppName, fc.nat({ max: 9 }), filter)
    .map(([p, t, i, f]) => new ReadTransactions(p, t, i, f)),
];
