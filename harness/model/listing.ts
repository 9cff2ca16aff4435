/**
 * GET /accounts as the model reads it (seed: Account; GET /accounts behaviour): each entry's identity
 * (IBAN and currency, or a card and its backing account), whether it embeds balances, and which
 * relation names its `_links` carry; and the relations of the top `_links`.
 */
import { fieldOf, type Answer } from './answer.ts';

/** One entry of `accounts`. */
export interface ListedEntry {
  resourceId: string;
  /** The account's IBAN; undefined for a card. */
  iban: string | undefined;
  currency: string | undefined;
  /** A deferred-debit card: `accountId.other.schemeName` CPAN, or a `linkedAccount`. */
  card: boolean;
  /** For a card, the resourceId of its backing account. */
  backing: string | undefined;
  balances: boolean;
  /** Relation names of the entry's `_links`, with their hrefs. */
  links: ReadonlyMap<string, string>;
}

/** A GET /accounts answer read: entries and the relations of the top `_links`. */
export interface Listing {
  entries: ListedEntry[];
  topLinks: ReadonlyMap<string, string>;
}

function linksOf(value: unknown): Map<string, string> {
  const links = new Map<string, string>();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return links;
  for (const [name, link] of Object.entries(value)) {
    const href = fieldOf(link, 'href');
    links.set(name, typeof href === 'string' ? href : '');
  }
  return links;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Reads a 200 answer of GET /accounts; undefined when it has no `accounts` array. */
export function readListing(answer: Answer): Listing | undefined {
  const list = fieldOf(answer.json, 'accounts');
  if (!Array.isArray(list)) return undefined;
  const items: unknown[] = list;
  const entries = items.map((entry): ListedEntry => {
    const accountId = fieldOf(entry, 'accountId');
    const backing = text(fieldOf(entry, 'linkedAccount'));
    const scheme = fieldOf(fieldOf(accountId, 'other'), 'schemeName');
    const card = scheme === 'CPAN' || backing !== undefined;
    return {
      resourceId: text(fieldOf(entry, 'resourceId')) ?? '',
      iban: card ? undefined : text(fieldOf(accountId, 'iban')),
      currency: text(fieldOf(accountId, 'currency')),
      card,
      backing,
      balances: fieldOf(entry, 'balances') !== undefined,
      links: linksOf(fieldOf(entry, '_links')),
    };
  });
  return { entries, topLinks: linksOf(fieldOf(answer.json, '_links')) };
}

/** The key of an account entry: IBAN and currency. */
export function accountKey(iban: string, currency: string | undefined): string {
  return `${iban}/${currency ?? ''}`;
}
