/**
 * Commands of batch-access quotas: bursts of calls without PSU-IP-Address by either TPP, on GET
 * /accounts, end-user identity, an account's balances or transactions, or a card, counted per
 * calendar day of the PSU's clock (see quota-constraints.ts for what is judged). The seed says
 * "calendar day" without a time zone (the Paris day is the choice QTA-PARIS-DAY): calls are counted
 * under both readings, the Paris day and the UTC day, and a call is judged only as both agree.
 */
import fc from 'fast-check';
import { parisDay } from '../../../spec/lib/index.ts';
import { enforce } from '../constraint.ts';
import { overQuotaRefused, underQuota, type QuotaKind } from '../constraints/quota-constraints.ts';
import {
  agreed,
  consentReadings,
  type Instant,
  type ModelPsu,
  type ModelState,
  type QuotaCount,
  type TppName,
} from '../model-state.ts';
import { accessState } from '../token-life.ts';
import { functionPath } from './consent-commands.ts';
import {
  tppName,
  psuIndex,
  accessToken,
  apiPath,
  prepare,
  psuAt,
  tppOf,
  type ModelCommand,
  type ModelReal,
} from './context.ts';

/** The readings of "calendar day": the day of an instant in each. */
const dayReadings: ReadonlyArray<{ name: string; day: (instant: Date) => string }> = [
  { name: 'paris', day: parisDay },
  { name: 'utc', day: (instant) => instant.toISOString().slice(0, 10) },
];

/** Per reading, the counting days a call at `at` may fall on (two when it straddles a midnight). */
function daysOf(at: Instant): string[][] {
  return dayReadings.map((reading) => {
    const first = `${reading.name}:${reading.day(new Date(at.lo))}`;
    const last = `${reading.name}:${reading.day(new Date(at.hi))}`;
    return first === last ? [first] : [first, last];
  });
}

function count(psu: ModelPsu, day: string, tpp: TppName, key: string): QuotaCount {
  return psu.quota.get(`${day}|${tpp}|${key}`) ?? { min: 0, max: 0 };
}

class BatchCalls implements ModelCommand {
  constructor(
    readonly psu: number,
    readonly tpp: TppName,
    readonly kind: QuotaKind,
    readonly pick: number,
    readonly calls: number,
  ) {}
  check(model: Readonly<ModelState>): boolean {
    return this.kind !== 'card' || model.psus.some((psu) => psu.cards.length > 0);
  }
  /** The call's path and counting key, and whether every consent reading grants it. */
  #path(
    model: ModelState,
    psu: ModelPsu,
    tpp: TppName,
  ): { path: string; key: string; granted: boolean } | undefined {
    const readings = consentReadings(psu, tpp);
    switch (this.kind) {
      case 'accounts':
        return { path: apiPath(model, 'accounts'), key: 'accounts', granted: true };
      case 'identity':
        return {
          path: apiPath(model, 'end-user-identity'),
          key: 'identity',
          granted: agreed(readings, (reading) => reading?.psuIdentity === true) === true,
        };
      case 'card': {
        if (psu.cards.length === 0) return undefined;
        const card = psuAt(psu.cards, this.pick);
        return {
          path: functionPath(model, psu, card.resourceId, 'balances'),
          key: `card/${card.resourceId}`,
          granted: false,
        };
      }
      case 'balances':
      case 'transactions': {
        const account = psuAt(psu.accounts, this.pick);
        const fn = this.kind;
        return {
          path: functionPath(model, psu, account.resourceId, fn),
          key: `${fn}/${account.resourceId}`,
          granted: agreed(readings, (reading) => reading?.lists[fn].has(account.iban) === true) === true,
        };
      }
    }
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    const tpp = tppOf(model, this.tpp);
    await prepare(model, real, this.psu);
    const psu = psuAt(model.psus, this.psu);
    const target = this.#path(model, psu, tpp);
    if (target === undefined) return;
    for (let i = 0; i < this.calls; i += 1) {
      const set = await accessToken(model, real, this.psu, tpp);
      const { exchange, at } = await psuAt(real.psus, this.psu).call(tpp, {
        method: 'GET',
        path: target.path,
        token: set.access.value,
        batch: true,
      });
      const readings = daysOf(at);
      const known = readings.every((days) => days.length === 1);
      const days = readings.flat();
      if (known && accessState(set, at) === 'valid') {
        const input = {
          ...exchange,
          ownCounted: Math.min(...days.map((day) => count(psu, day, tpp, target.key).min)),
          allMade: Math.max(
            ...days.map((day) =>
              model.tpps.reduce((sum, name) => sum + count(psu, day, name, target.key).max, 0),
            ),
          ),
          otherwiseServed: target.granted,
          what: `batch GET ${target.key} by the ${tpp} TPP (${days.join(', ')})`,
        };
        enforce(overQuotaRefused, input, exchange);
        enforce(underQuota[this.kind], input, exchange);
      }
      for (const day of days) {
        const counted = count(psu, day, tpp, target.key);
        const served = exchange.status === 200 && known;
        psu.quota.set(`${day}|${tpp}|${target.key}`, {
          min: counted.min + (served ? 1 : 0),
          max: counted.max + 1,
        });
      }
    }
  }
  toString(): string {
    return `BatchCalls(psu${this.psu} ${this.tpp} ${this.kind} ${this.pick} x${this.calls})`;
  }
}

const kinds: readonly QuotaKind[] = ['accounts', 'identity', 'balances', 'transactions', 'card'];

/** The quota commands. */
export const quotaCommands: Array<fc.Arbitrary<ModelCommand>> = [
  fc
    .tuple(psuIndex, tppName, fc.constantFrom(...kinds), fc.nat({ max: 9 }), fc.integer({ min: 1, max: 5 }))
    .map(([p, t, kind, i, n]) => new BatchCalls(p, t, kind, i, n)),
  fc
    .tuple(psuIndex, tppName, fc.constantFrom(...kinds), fc.nat({ max: 9 }))
    .map(([p, t, kind, i]) => new BatchCalls(p, t, kind, i, 4)),
];
