import { accountingBatch, type CardOutstandingTypes, type VersionProfile } from '../../spec/lib/index.ts';
import type { BankTransaction } from '../data/psu-data.ts';
import { choice } from './choice.ts';

/** A person the seed names by first and last name (the PSU, an account owner). */
export interface PersonName {
  readonly firstName: string;
  readonly lastName: string;
}

/** The `self` and `parent-list` hrefs of a record. */
export interface RecordHrefs {
  readonly self: string;
  readonly parentList: string;
}

/**
 * The bodies of GET end-user-identity and GET owners, which the seed does not show (rule
 * AIS-OTH-RECORDS-OF-THE-REFERENCE).
 */
export interface PersonRecords {
  identity(psu: PersonName, hrefs: RecordHrefs): unknown;
  owners(owners: readonly PersonName[], hrefs: RecordHrefs): unknown;
}

/** The names a bank gives its balances (rule AIS-BAL-LABELS-OF-THE-REFERENCE). */
export interface BalanceLabels {
  readonly VALU: string;
  readonly CLBD: string;
  readonly OTHR: string;
  readonly carriedOver: string;
  readonly currentMonth: string;
  readonly previousMonth: string;
}

/** Which entries the value-date balance and a card's previous month sum (AIS-BAL-AMOUNTS-OF-THE-REFERENCE). */
export interface BalanceSums {
  /** True when the entry counts in the value-date balance (VALU) of `today`. */
  inValueBalance(entry: BankTransaction, today: string): boolean;
  /** True when the card receipt counts in the previous month's outstanding, that month ending `monthEnd`. */
  inPreviousMonth(receipt: BankTransaction, monthEnd: string): boolean;
}

/** The accounting batch's window, in Paris minutes of the day (rule AIS-BAL-BATCH-WINDOW). */
export interface BatchWindow {
  readonly startMinute: number;
  readonly endMinute: number;
}

/** How a card's outstandings are typed, from the version's types (rule AIS-BAL-CARD-OTHR-BEFORE-V162). */
export type CardOutstandingTyping = (versionTypes: CardOutstandingTypes) => {
  readonly types: CardOutstandingTypes;
  /** True when each outstanding carries the day's referenceDate. */
  readonly dated: boolean;
};

/**
 * How the filters of a transactions request travel in its pagination links (rule
 * AIS-TRX-NEXT-LINK-QUERY): `write` gives the query the links carry (page aside), `read` the filters
 * a request asks for from the query it was sent with.
 */
export interface CarriedFilters {
  write(filters: URLSearchParams): URLSearchParams;
  read(sent: URLSearchParams): URLSearchParams;
}

/** The query parameter holding the alternate bank's opaque page token. */
const pageTokenName = 'pageToken';

/** A dateFrom before the 90-day history: refused ENDE, or answered with the part the history holds. */
export type DateFromBeyondHistory = 'ENDE' | 'history-part';

const fullName = (person: PersonName): string => `${person.firstName} ${person.lastName}`;

/** The choices of the AIS family: record shapes, orders, sums and labels the seed does not fix. */
export const aisChoices = {
  // A blocked or closed account's balances: left out (GET balances refuses them) or embedded anyway
  // (the seed embeds the balances of every account consented for balances).
  'AIS-ACC-NO-BALANCES-WHEN-REFUSED': choice<boolean>({ reference: false, alternate: true }),
  // `templated` is a boolean the seed gives no value: a plain href is also a URI template without
  // expressions (RFC 6570), so a bank may say true.
  'AIS-ACC-LINKS-NOT-TEMPLATED': choice<boolean>({ reference: false, alternate: true }),
  'AIS-BAL-AMOUNTS-OF-THE-REFERENCE': choice<BalanceSums>({
    reference: {
      inValueBalance: (entry, today) =>
        entry.status === 'BOOK' && (entry.bookingDate ?? today) <= today && entry.valueDate <= today,
      inPreviousMonth: (receipt, monthEnd) => receipt.status === 'BOOK' && receipt.bookingDate === monthEnd,
    },
    // Another bank values every entry, pending ones too, by its value date, and counts in the previous
    // month every receipt booked during that month.
    alternate: {
      inValueBalance: (entry, today) => entry.status !== 'FUTR' && entry.valueDate <= today,
      inPreviousMonth: (receipt, monthEnd) =>
        receipt.status === 'BOOK' &&
        receipt.bookingDate !== undefined &&
        receipt.bookingDate.slice(0, 7) === monthEnd.slice(0, 7),
    },
  }),
  // The batch runs 21:00 to 21:50 Paris time, or five minutes longer ("in principle" in the seed).
  'AIS-BAL-BATCH-WINDOW': choice<BatchWindow>({
    reference: accountingBatch,
    alternate: { startMinute: accountingBatch.startMinute, endMinute: accountingBatch.endMinute + 5 },
  }),
  // Card outstandings where the version gives them no type of their own (OTHR before v1.6.2): OTHR,
  // or the accounting balance type CLBD, dated as CLBD is.
  'AIS-BAL-CARD-OTHR-BEFORE-V162': choice<CardOutstandingTyping>({
    reference: (types) => ({ types, dated: false }),
    alternate: (types) =>
      types.carriedOver === 'OTHR'
        ? { types: { carriedOver: 'CLBD', currentMonth: 'CLBD', previousMonth: 'CLBD' }, dated: true }
        : { types, dated: false },
  }),
  'AIS-BAL-LABELS-OF-THE-REFERENCE': choice<BalanceLabels>({
    reference: {
      VALU: 'Solde en valeur',
      CLBD: 'Solde comptable',
      OTHR: 'Solde instantané',
      carriedOver: 'Encours reporté au mois suivant',
      currentMonth: 'Encours du mois en cours non comptabilisé',
      previousMonth: 'Encours du mois précédent',
    },
    alternate: {
      VALU: 'Value date balance',
      CLBD: 'Booked balance',
      OTHR: 'Available balance',
      carriedOver: 'Deferred to next month',
      currentMonth: 'Current month, not yet booked',
      previousMonth: 'Previous month',
    },
  }),
  'AIS-TRX-DATEFROM-BEYOND-HISTORY-ENDE': choice<DateFromBeyondHistory>({
    reference: 'ENDE',
    alternate: 'history-part',
  }),
  // How an entry-reference bound compares with a reference: as numbers (a longer bound is greater),
  // or as text, character by character.
  'AIS-TRX-ENTRYREF-NUMERIC-ORDER': choice<(reference: string, bound: string) => number>({
    reference: (a, b) => (a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0),
    alternate: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  }),
  // v1's remittanceInformation: a plain array, or the `{ unstructured }` object of the seed's table.
  'AIS-TRX-REMITTANCE-ARRAY': choice<(profile: VersionProfile, lines: readonly string[]) => unknown>({
    reference: (profile, lines) =>
      profile.remittanceInformation === 'array' ? [...lines] : { unstructured: [...lines] },
    alternate: (_profile, lines) => ({ unstructured: [...lines] }),
  }),
  'AIS-TRX-NEXT-LINK-QUERY': choice<CarriedFilters>({
    // The filters repeated as they were sent.
    reference: {
      write: (filters) => new URLSearchParams(filters),
      read: (sent) => new URLSearchParams(sent),
    },
    // Another bank folds them into an opaque page token (base64url of the query), which it reads back.
    alternate: {
      write: (filters) => {
        const others = new URLSearchParams(filters);
        others.delete('page');
        const carried = new URLSearchParams();
        if (filters.has('page')) carried.set('page', filters.get('page') ?? '');
        if (others.size > 0) carried.set(pageTokenName, Buffer.from(others.toString()).toString('base64url'));
        return carried;
      },
      read: (sent) => {
        const token = sent.get(pageTokenName);
        if (token === null) return new URLSearchParams(sent);
        const filters = new URLSearchParams(Buffer.from(token, 'base64url').toString('utf8'));
        const page = sent.get('page');
        if (page !== null) filters.set('page', page);
        return filters;
      },
    },
  }),
  // The order of a transaction list, given newest first.
  'AIS-TRX-NEWEST-FIRST': choice<(newestFirst: readonly BankTransaction[]) => BankTransaction[]>({
    reference: (newestFirst) => [...newestFirst],
    alternate: (newestFirst) => [...newestFirst].reverse(),
  }),
  'AIS-OTH-RECORDS-OF-THE-REFERENCE': choice<PersonRecords>({
    // STET 1.5's HalEndUserIdentity and HalOwners: fullName beside the names, self and parent-list.
    reference: {
      identity: (psu, hrefs) => ({
        identity: { fullName: fullName(psu), firstName: psu.firstName, lastName: psu.lastName },
        _links: { self: { href: hrefs.self }, 'parent-list': { href: hrefs.parentList } },
      }),
      owners: (owners, hrefs) => ({
        identities: owners.map((owner) => ({
          fullName: fullName(owner),
          firstName: owner.firstName,
          lastName: owner.lastName,
        })),
        _links: { self: { href: hrefs.self }, 'parent-list': { href: hrefs.parentList } },
      }),
    },
    // Another bank's own records: the PSU's first and last name alone, owners as a list of names with
    // their role, no links.
    alternate: {
      identity: (psu) => ({ endUserIdentity: { firstName: psu.firstName, lastName: psu.lastName } }),
      owners: (owners) => ({
        owners: owners.map((owner, index) => ({
          firstName: owner.firstName,
          lastName: owner.lastName,
          role: index === 0 ? 'holder' : 'co-holder',
        })),
      }),
    },
  }),
  // Whether the balances response links transactions and overdrafts when the consent does not grant
  // them: only when granted, or always (a call through them is then refused NGAC).
  'AIS-BAL-LINKS-WHEN-CONSENTED': choice<(granted: boolean) => boolean>({
    reference: (granted) => granted,
    alternate: () => true,
  }),
  // Whether an overdraft links balances (transactions) when the consent does not grant them: the
  // seed lists its links without tying them to the consent.
  'AIS-OTH-OVERDRAFT-LINKS-WHEN-CONSENTED': choice<(granted: boolean) => boolean>({
    reference: (granted) => granted,
    alternate: () => true,
  }),
} as const;
