/**
 * Constraints of versions (seed: Versioning > differences), read from the version's profile, never
 * from its name: a version without overdrafts and owners links to neither, and a version without
 * currency accounts lists no account twice under one IBAN.
 */
import type { AccountFunction } from '../../../spec/lib/index.ts';
import { constraint } from '../constraint.ts';
import type { ListedEntry } from '../listing.ts';

/** A listing and what its version offers. */
export interface VersionListingInput {
  entries: readonly ListedEntry[];
  /** The version's account functions (profile.accountFunctions). */
  functions: readonly AccountFunction[];
  /** The version lists currency accounts (profile.currencyAccounts). */
  currencyAccounts: boolean;
}

const addedFunctions: readonly AccountFunction[] = ['overdrafts', 'owners'];

/** A version without overdrafts and owners carries no link to them. */
export const functionsOfTheVersion = constraint<VersionListingInput>(
  'versions.no-overdrafts-owners-links-before-their-version',
  'AIS-OTH-NO-OVERDRAFTS-BEFORE-V162',
  (input) => {
    for (const fn of addedFunctions.filter((f) => !input.functions.includes(f))) {
      const linked = input.entries.find((entry) => entry.links.has(fn));
      if (linked !== undefined) return `${linked.resourceId} carries a ${fn} link in a version without ${fn}`;
    }
    return undefined;
  },
);

/** A version without currency accounts lists each IBAN once. */
export const currencyAccountsOfTheVersion = constraint<VersionListingInput>(
  'versions.no-currency-accounts-before-their-version',
  'AIS-ACC-CURRENCY-ACCOUNTS',
  (input) => {
    if (input.currencyAccounts) return undefined;
    const seen = new Set<string>();
    for (const entry of input.entries) {
      if (entry.card || entry.iban === undefined) continue;
      if (seen.has(entry.iban))
        return `${entry.iban} is listed twice (a currency account) in a version without currency accounts`;
      seen.add(entry.iban);
    }
    return undefined;
  },
);

/** The version constraints. */
export const versionConstraints = [functionsOfTheVersion, currencyAccountsOfTheVersion] as const;
