import { addDays, parisDay } from '../../spec/lib/index.ts';
import {
  draftAccountHistory,
  draftCardDebits,
  draftCardReceipts,
  finishTransactions,
  type TransactionDraft,
} from './generate-transactions.ts';
import { frenchIban } from './iban.ts';
import { BoundedCache } from '../../lib/bounded-cache.ts';
import type { AccountTemplate, PersonaTemplate } from './persona-template.ts';
import { createPrng, stableDigits, stableId } from './prng.ts';
import {
  parseAmount,
  type BankAccount,
  type BankCard,
  type BankTransaction,
  type PsuData,
  type Person,
} from './psu-data.ts';

/** What identifies a PSU's data: the same values always generate the same data. */
export interface GenerationInput {
  readonly template: PersonaTemplate;
  readonly institution: string;
  readonly psuId: string;
  /** The PSU's time at generation: dates are relative to its Paris day. */
  readonly anchor: Date;
}

/** Currency accounts have no history template of their own: a short one is enough to read. */
const currencyAccountHistory = { recent: 6, older: 0, pending: 0, future: 0 } as const;

/**
 * Drafted histories by template, institution, Paris day and currency. Every clone of a persona at an
 * institution on one day shares them: drafting is most of the cost of a clone, and a run clones a
 * persona for nearly every case. Drafts are immutable; each PSU gets its own identifiers on top.
 */
let draftsByTemplate = new WeakMap<object, BoundedCache<string, readonly TransactionDraft[]>>();

// Stryker disable all: a measuring hook of the mutation session (docs/mutation.md), no request reaches it
/** Forgets the drafted histories kept for this process (the mutation session, before each run). */
export function forgetDrafts(): void {
  draftsByTemplate = new WeakMap();
}
// Stryker restore all

function sharedDrafts(
  template: object,
  key: string,
  draftThem: () => TransactionDraft[],
): readonly TransactionDraft[] {
  let cache = draftsByTemplate.get(template);
  if (cache === undefined) {
    cache = new BoundedCache(64);
    draftsByTemplate.set(template, cache);
  }
  return cache.getOrCreate(key, draftThem);
}

/** BIC of an institution of the group (bank code in the branch part). */
export function bicOf(institution: string): string {
  return `GRBKFRPP${institution.slice(-3)}`;
}

/**
 * Generates everything a PSU holds at one institution from its persona template.
 *
 * Identity-like values (IBANs, resourceIds, card numbers) depend on the institution and psuId only, so
 * they survive a regeneration at another instant (a reset or a restart keeps consents meaningful).
 * Transaction histories (amounts, labels, dates) depend on the institution, the persona and the
 * anchor's Paris day: two clones of a persona made the same day hold the same history under
 * different identifiers.
 */
export function generatePsuData(input: GenerationInput): PsuData {
  const { template, institution, psuId } = input;
  const seed = `${institution}:${psuId}`;
  const historySeed = `${institution}:persona:${template.name}`;
  const today = parisDay(input.anchor);
  const branchCode = stableDigits(`${seed}:branch`, 5);
  const psu: Person = { firstName: template.firstName, lastName: template.lastName };
  const accounts: BankAccount[] = [];
  const cards: BankCard[] = [];

  const cardDebits = new Map<string, ReturnType<typeof draftCardDebits>>();
  for (const card of template.cards) {
    const cardSeed = `${seed}:card:${card.key}`;
    const maskedPan = `4974${stableDigits(`${cardSeed}:bin`, 2)}XXXXXX${stableDigits(`${cardSeed}:pan`, 4)}`;
    const receipts = sharedDrafts(card, `${institution}:${today}`, () =>
      draftCardReceipts({
        prng: createPrng(`${historySeed}:card:${card.key}`),
        count: card.receipts,
        today,
        currency: 'EUR',
      }),
    );
    cardDebits.set(card.backing, [
      ...(cardDebits.get(card.backing) ?? []),
      ...draftCardDebits({ receipts, maskedPan }),
    ]);
    cards.push({
      kind: 'card',
      key: card.key,
      resourceId: stableId(cardSeed),
      maskedPan,
      currency: 'EUR',
      backingKey: card.backing,
      product: card.product,
      name: card.name,
      available: card.available,
      state: 'enabled',
      carriedOverCents: parseAmount(card.carriedOver),
      transactions: finishTransactions(receipts, cardSeed),
    });
  }

  for (const account of template.accounts) {
    const accountSeed = `${seed}:account:${account.key}`;
    const iban = frenchIban({
      bankCode: institution,
      branchCode,
      accountNumber: stableDigits(`${accountSeed}:number`, 11),
    });
    const openedAt = openingInstant(input.anchor, account);
    const owners = [psu, ...account.coOwners];
    const drafts = [
      ...sharedDrafts(account, `${institution}:${today}:${account.currency}`, () =>
        draftAccountHistory({
          prng: createPrng(`${historySeed}:account:${account.key}`),
          history: account.history,
          today,
          currency: account.currency,
        }),
      ),
      ...(cardDebits.get(account.key) ?? []),
    ];
    const transactions = finishTransactions(drafts, accountSeed);
    accounts.push({
      kind: 'account',
      key: account.key,
      resourceId: stableId(accountSeed),
      iban,
      currency: account.currency,
      currencyAccountOf: undefined,
      product: account.product,
      name: account.name,
      state: account.state,
      openedAt,
      openingBalanceCents: openingBalanceCents(account, transactions),
      overdraftCents: parseAmount(account.overdraft),
      owners,
      transactions,
    });
    for (const currency of account.currencyAccounts) {
      const currencySeed = `${accountSeed}:${currency}`;
      accounts.push({
        kind: 'account',
        key: `${account.key}-${currency}`,
        resourceId: stableId(currencySeed),
        iban,
        currency,
        currencyAccountOf: account.key,
        product: `${account.product} (${currency})`,
        name: `${account.name} ${currency}`,
        state: account.state,
        openedAt,
        openingBalanceCents: createPrng(currencySeed).int(10_000, 500_000),
        overdraftCents: 0,
        owners,
        transactions: finishTransactions(
          sharedDrafts(account, `${institution}:${today}:${currency}`, () =>
            draftAccountHistory({
              prng: createPrng(`${historySeed}:account:${account.key}:${currency}`),
              history: currencyAccountHistory,
              today,
              currency,
            }),
          ),
          currencySeed,
        ),
      });
    }
  }

  return {
    institution,
    psuId,
    persona: template.name,
    firstName: template.firstName,
    lastName: template.lastName,
    usage: template.usage,
    anchor: input.anchor.toISOString(),
    bicFi: bicOf(institution),
    accounts,
    cards,
  };
}

/**
 * The template's opening balance, raised when the account has an `instantBalanceFloor` so that its
 * instant balance (opening + booked entries up to the day + PDNG entries, ais/balances.ts) stays at or
 * above the floor on every day, whatever the PSU's clock. The bound takes the lowest running sum of
 * booked entries in booking order and only the debits among PDNG entries, so it also holds after the
 * sandbox books a pending entry. Deterministic: it depends on the generated history only.
 */
function openingBalanceCents(account: AccountTemplate, transactions: readonly BankTransaction[]): number {
  const opening = parseAmount(account.openingBalance);
  if (account.instantBalanceFloor === undefined) return opening;
  let running = 0;
  let lowest = 0;
  let pendingDebits = 0;
  for (const t of transactions) {
    const signed = t.creditDebitIndicator === 'CRDT' ? t.amountCents : -t.amountCents;
    if (t.status === 'BOOK') {
      running += signed;
      lowest = Math.min(lowest, running);
    } else if (t.status === 'PDNG' && signed < 0) pendingDebits += signed;
  }
  return Math.max(opening, parseAmount(account.instantBalanceFloor) - lowest - pendingDebits);
}

/** An account opened `openedDaysAgo` days before the anchor; 0 means at the anchor instant itself. */
function openingInstant(anchor: Date, account: AccountTemplate): string {
  if (account.openedDaysAgo === 0) return anchor.toISOString();
  return `${addDays(parisDay(anchor), -account.openedDaysAgo)}T08:00:00.000Z`;
}
