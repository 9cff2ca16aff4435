import type { VersionProfile } from '../../spec/lib/index.ts';
import type { BankAccount, BankCard, PsuData } from '../data/psu-data.ts';
import type { AisRequest } from './ais-request.ts';
import { consentedIbans, grantsNoAccount } from './consent.ts';

/** An entry of GET /accounts: a payment account or a deferred-debit card. */
export type AccountItem = BankAccount | BankCard;

/**
 * The accounts a version knows of: currency accounts (the same IBAN in another currency) only where
 * the profile lists them.
 */
export function versionAccounts(data: PsuData, profile: VersionProfile): readonly BankAccount[] {
  return data.accounts.filter(
    (account) => account.currencyAccountOf === undefined || profile.currencyAccounts,
  );
}

/** The IBAN a card's access is decided on: its backing account's. */
export function backingIban(data: PsuData, card: BankCard): string | undefined {
  return data.accounts.find((account) => account.key === card.backingKey)?.iban;
}

/**
 * What GET /accounts lists (seed: GET /accounts behaviour): with no consent, or one granting no
 * account, every online account and no card; after a consent, the consented accounts (every currency
 * of a consented IBAN) and the cards whose backing account is consented.
 */
export function listedItems(
  request: Pick<AisRequest, 'data' | 'consent' | 'profile' | 'faults'>,
): readonly AccountItem[] {
  const { data, consent, profile, faults } = request;
  const accounts = faults.has('currency-accounts-before-v162')
    ? data.accounts
    : versionAccounts(data, profile);
  if (consent === undefined || grantsNoAccount(consent)) {
    return faults.has('cards-listed-before-consent') ? [...accounts, ...data.cards] : accounts;
  }
  const ibans = consentedIbans(consent);
  const items: AccountItem[] = [];
  for (const account of accounts) {
    if (!ibans.has(account.iban)) continue;
    items.push(account);
    for (const card of data.cards) {
      if (card.backingKey === account.key) items.push(card);
    }
  }
  return items;
}

/**
 * The account or card a resourceId names for this PSU and version, whether or not it is listed now:
 * a resourceId of another PSU, or of a currency account in a version without them, names nothing
 * (404 AC01).
 */
export function findItem(
  data: PsuData,
  resourceId: string,
  profile: VersionProfile,
): AccountItem | undefined {
  const item = findAnyItem(data, resourceId);
  const hidden =
    item?.kind === 'account' && item.currencyAccountOf !== undefined && !profile.currencyAccounts;
  return hidden ? undefined : item;
}

/**
 * The account or card of this PSU a resourceId names in any version, currency accounts included: what
 * the sandbox control API acts on (its paths carry no API version).
 */
export function findAnyItem(data: PsuData, resourceId: string): AccountItem | undefined {
  return (
    data.accounts.find((account) => account.resourceId === resourceId) ??
    data.cards.find((card) => card.resourceId === resourceId)
  );
}
