import type { StoreTx } from '../store/index.ts';
import { BoundedCache } from '../../lib/bounded-cache.ts';
import { cardDebitTransaction, parseCardDebit, type CardDebit } from './card-debit.ts';
import { findPersona } from './load-personas.ts';
import { generatePsuData } from './generate-psu-data.ts';
import type { AccountState } from './persona-template.ts';
import {
  filterDate,
  type BankAccount,
  type BankCard,
  type BankTransaction,
  type PsuData,
} from './psu-data.ts';
import { readField, readString } from './read-field.ts';

/**
 * What the store keeps of a PSU's data: the generation input and the sandbox changes since, never the
 * generated data itself (regenerating is cheaper than storing hundreds of transactions per clone).
 *
 * Collection `psu-data`, key `<institution>:<psuId>`.
 */
export interface PsuRecord {
  readonly institution: string;
  readonly psuId: string;
  readonly persona: string;
  /** The PSU's time the data is generated relative to (ISO 8601). */
  readonly anchor: string;
  /** State changes by account or card resourceId (sandbox block / close). */
  readonly states: Readonly<Record<string, AccountState>>;
  /** Pending transactions booked since, by transaction resourceId (sandbox book-pending). */
  readonly bookings: Readonly<Record<string, Booking>>;
  /** Debits of booked card receipts on their backing accounts, by debit resourceId (book-pending). */
  readonly cardDebits: Readonly<Record<string, CardDebit>>;
}

/** How a PDNG transaction was booked. */
export interface Booking {
  readonly bookingDate: string;
  readonly entryReference: string;
}

/** Collection of {@link PsuRecord} values. */
export const psuDataCollection = 'psu-data';

function parseStringMap<T>(value: unknown, parse: (item: unknown) => T | undefined): Record<string, T> {
  const result: Record<string, T> = {};
  if (typeof value !== 'object' || value === null) return result;
  for (const key of Object.keys(value)) {
    const item = parse(readField(value, key));
    if (item !== undefined) result[key] = item;
  }
  return result;
}

function parseState(value: unknown): AccountState | undefined {
  return value === 'enabled' || value === 'blocked' || value === 'closed' ? value : undefined;
}

function parseBooking(value: unknown): Booking | undefined {
  const bookingDate = readString(value, 'bookingDate');
  const entryReference = readString(value, 'entryReference');
  return bookingDate === undefined || entryReference === undefined
    ? undefined
    : { bookingDate, entryReference };
}

/** Parses a stored record; undefined when absent or malformed. */
export function parsePsuRecord(value: unknown): PsuRecord | undefined {
  const institution = readString(value, 'institution');
  const psuId = readString(value, 'psuId');
  const persona = readString(value, 'persona');
  const anchor = readString(value, 'anchor');
  if (institution === undefined || psuId === undefined || persona === undefined || anchor === undefined)
    return undefined;
  if (Number.isNaN(Date.parse(anchor))) return undefined;
  return {
    institution,
    psuId,
    persona,
    anchor,
    states: parseStringMap(readField(value, 'states'), parseState),
    bookings: parseStringMap(readField(value, 'bookings'), parseBooking),
    // Absent from records written before card debits were kept.
    cardDebits: parseStringMap(readField(value, 'cardDebits'), parseCardDebit),
  };
}

/** Reads the record of a PSU. */
export async function getPsuRecord(
  tx: StoreTx,
  institution: string,
  psuId: string,
): Promise<PsuRecord | undefined> {
  return parsePsuRecord(await tx.get(psuDataCollection, `${institution}:${psuId}`));
}

/** Writes the record of a PSU. */
export async function putPsuRecord(tx: StoreTx, record: PsuRecord): Promise<void> {
  await tx.put(psuDataCollection, `${record.institution}:${record.psuId}`, record);
}

/** Generated data by generation input: identical inputs share one immutable result. */
const generated = new BoundedCache<string, PsuData>(256);

// Stryker disable all: a measuring hook of the mutation session (docs/mutation.md), no request reaches it
/** Forgets the generated data kept for this process (the mutation session, before each run). */
export function forgetGeneratedRecords(): void {
  generated.clear();
}
// Stryker restore all

function generatedFor(record: PsuRecord): PsuData | undefined {
  const template = findPersona(record.persona);
  if (template === undefined) return undefined;
  const key = `${record.institution}:${record.psuId}:${record.persona}:${record.anchor}`;
  return generated.getOrCreate(key, () =>
    generatePsuData({
      template,
      institution: record.institution,
      psuId: record.psuId,
      anchor: new Date(record.anchor),
    }),
  );
}

/** Generated data with sandbox changes applied, by the changes: most requests of a PSU share one. */
const appliedByData = new WeakMap<PsuData, BoundedCache<string, PsuData>>();

function book(
  transactions: readonly BankTransaction[],
  bookings: PsuRecord['bookings'],
): readonly BankTransaction[] {
  if (!transactions.some((transaction) => bookings[transaction.resourceId] !== undefined))
    return transactions;
  return transactions.map((transaction) => {
    const booking = bookings[transaction.resourceId];
    if (booking === undefined) return transaction;
    return { ...transaction, status: 'BOOK', ...booking, expectedBookingDate: undefined };
  });
}

/** Adds card debits to an account's history, keeping it ordered by date (a stable sort). */
function withCardDebits(
  transactions: readonly BankTransaction[],
  debits: readonly CardDebit[],
): readonly BankTransaction[] {
  if (debits.length === 0) return transactions;
  return [...transactions, ...debits.map(cardDebitTransaction)].sort((a, b) => {
    const x = filterDate(a);
    const y = filterDate(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** The generated data of a record with its sandbox changes applied (immutable, possibly shared). */
export function applyRecord(data: PsuData, record: PsuRecord): PsuData {
  let applied = appliedByData.get(data);
  if (applied === undefined) {
    applied = new BoundedCache(8);
    appliedByData.set(data, applied);
  }
  return applied.getOrCreate(JSON.stringify([record.states, record.bookings, record.cardDebits]), () =>
    applyChanges(data, record),
  );
}

function applyChanges(data: PsuData, record: PsuRecord): PsuData {
  const debits = Object.values(record.cardDebits);
  const accounts: BankAccount[] = data.accounts.map((account) => ({
    ...account,
    state: record.states[account.resourceId] ?? account.state,
    transactions: withCardDebits(
      book(account.transactions, record.bookings),
      debits.filter((debit) => debit.accountKey === account.key && debit.currency === account.currency),
    ),
  }));
  const cards: BankCard[] = data.cards.map((card) => ({
    ...card,
    state: record.states[card.resourceId] ?? card.state,
    transactions: book(card.transactions, record.bookings),
  }));
  return { ...data, accounts, cards };
}

/**
 * The data of a stored record, by the stored value. The cached store hands every reader the same
 * frozen value until the record is written again, so the record is parsed and its changes looked up
 * once per write rather than on every AIS call; a value that is not frozen is never remembered.
 */
const dataByStoredValue = new WeakMap<object, PsuData>();

/** Everything the PSU holds now, or undefined for a PSU without data. */
export async function loadPsuData(
  tx: StoreTx,
  institution: string,
  psuId: string,
): Promise<PsuData | undefined> {
  const stored: unknown = await tx.get(psuDataCollection, `${institution}:${psuId}`);
  const shared =
    typeof stored === 'object' && stored !== null && Object.isFrozen(stored) ? stored : undefined;
  const known = shared === undefined ? undefined : dataByStoredValue.get(shared);
  if (known !== undefined) return known;
  const record = parsePsuRecord(stored);
  if (record === undefined) return undefined;
  const generated = generatedFor(record);
  if (generated === undefined) return undefined;
  const data = applyRecord(generated, record);
  if (shared !== undefined) dataByStoredValue.set(shared, data);
  return data;
}
