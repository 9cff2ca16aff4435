/**
 * Constraints of consents, listing, links and cards (seed: States and transitions > Consent; GET
 * /accounts behaviour; Preconditions). A listing is judged against every consent reading the model
 * keeps (see model-state.ts): a fact is judged only when all readings predict it alike.
 */
import type { AccountFunction } from '../../../spec/lib/index.ts';
import { isRefusal, type Answer } from '../answer.ts';
import { constraint } from '../constraint.ts';
import { accountKey, type ListedEntry } from '../listing.ts';
import {
  agreed,
  consentedIbans,
  type ConsentReading,
  type ModelAccount,
  type ModelCard,
} from '../model-state.ts';

/** What a listing constraint sees: the entries, the readings, and what the model knows of the PSU. */
export interface ListingInput {
  entries: readonly ListedEntry[];
  topLinks: ReadonlyMap<string, string>;
  readings: readonly ConsentReading[];
  /** The accounts of the unconsented listing. */
  accounts: readonly ModelAccount[];
  /** The cards learnt so far. */
  cards: readonly ModelCard[];
  /** The account functions of the version (profile.accountFunctions). */
  functions: readonly AccountFunction[];
}

function someAccount(reading: ConsentReading): boolean {
  return consentedIbans(reading).size > 0;
}

/** Reading-agreed: no consented account at all (none recorded, or all revoked). */
function noConsentedAccount(input: ListingInput): boolean {
  return agreed(input.readings, (reading) => !someAccount(reading)) === true;
}

function accountEntries(input: ListingInput): ListedEntry[] {
  return input.entries.filter((entry) => !entry.card);
}

function keys(entries: readonly { iban: string | undefined; currency: string | undefined }[]): string {
  return entries
    .map((entry) => accountKey(entry.iban ?? '', entry.currency))
    .sort()
    .join(' ');
}

/** Without consent, every online-accessible account is listed: the unconsented listing again. */
export const listsAllWithoutConsent = constraint<ListingInput>(
  'consents.no-consent-lists-all',
  'AIS-ACC-NO-CONSENT-LISTS-ALL',
  (input) => {
    if (!noConsentedAccount(input)) return undefined;
    const listed = keys(accountEntries(input));
    const all = keys(input.accounts);
    return listed === all
      ? undefined
      : `with no consented account the listing holds ${listed}, not every account (${all})`;
  },
);

/** Without consent, no deferred-debit card is listed. */
export const noCardsWithoutConsent = constraint<ListingInput>(
  'consents.no-consent-no-cards',
  'AIS-ACC-NO-CONSENT-NO-CARDS',
  (input) =>
    noConsentedAccount(input) && input.entries.some((entry) => entry.card)
      ? 'a deferred-debit card is listed while no account is consented'
      : undefined,
);

/** Without consent, no account carries a link to an account function. */
export const noLinksWithoutConsent = constraint<ListingInput>(
  'consents.no-consent-no-links',
  'AIS-ACC-NO-CONSENT-NO-LINKS',
  (input) => {
    if (!noConsentedAccount(input)) return undefined;
    const linked = input.entries.find((entry) => input.functions.some((fn) => entry.links.has(fn)));
    return linked === undefined
      ? undefined
      : `${linked.resourceId} carries a function link while no account is consented`;
  },
);

/** Without consent, no account embeds balances. */
export const noBalancesWithoutConsent = constraint<ListingInput>(
  'consents.no-consent-no-balances',
  'AIS-ACC-NO-CONSENT-NO-BALANCES',
  (input) => {
    if (!noConsentedAccount(input)) return undefined;
    const embedded = input.entries.find((entry) => entry.balances);
    return embedded === undefined
      ? undefined
      : `${embedded.resourceId} embeds balances while no account is consented`;
  },
);

/** After a consent, the consented accounts (in every currency) are listed, and no other account. */
export const consentedAccountsOnly = constraint<ListingInput>(
  'consents.consented-accounts-only',
  'AIS-ACC-CONSENTED-ONLY',
  (input) => {
    const expected = agreed(input.readings, (reading) =>
      someAccount(reading)
        ? keys(input.accounts.filter((account) => consentedIbans(reading).has(account.iban)))
        : undefined,
    );
    if (expected === undefined) return undefined;
    const listed = keys(accountEntries(input));
    return listed === expected
      ? undefined
      : `the listing holds ${listed || 'no account'}, the consent gives ${expected}`;
  },
);

function backingIban(input: ListingInput, backing: string | undefined): string | undefined {
  return input.accounts.find((account) => account.resourceId === backing)?.iban;
}

/** After a consent, the deferred-debit cards of consented accounts are listed, and no other card. */
export const cardsOfConsentedAccounts = constraint<ListingInput>(
  'consents.cards-of-consented-accounts',
  'AIS-ACC-CARDS-AFTER-CONSENT',
  (input) => {
    for (const entry of input.entries.filter((e) => e.card)) {
      const iban = backingIban(input, entry.backing);
      if (iban === undefined) continue;
      if (agreed(input.readings, (reading) => consentedIbans(reading).has(iban)) === false)
        return `card ${entry.resourceId} is listed though its backing account ${iban} is not consented`;
    }
    for (const card of input.cards) {
      const iban = backingIban(input, card.backing);
      if (iban === undefined) continue;
      const listed = input.entries.some((entry) => entry.resourceId === card.resourceId);
      if (!listed && agreed(input.readings, (reading) => consentedIbans(reading).has(iban)) === true)
        return `card ${card.resourceId} is not listed though its backing account ${iban} is consented`;
    }
    return undefined;
  },
);

const functionRules: Record<AccountFunction, string> = {
  balances: 'AIS-ACC-LINK-BALANCES',
  transactions: 'AIS-ACC-LINK-TRANSACTIONS',
  overdrafts: 'AIS-ACC-LINK-OVERDRAFTS',
  owners: 'AIS-ACC-LINK-OWNERS',
};

/** The link to `fn` is present on an account exactly when its IBAN is in the consent's `fn` list; on a card, only then. */
function functionLink(fn: AccountFunction) {
  return constraint<ListingInput>(`consents.${fn}-link-when-consented`, functionRules[fn], (input) => {
    if (!input.functions.includes(fn)) return undefined;
    for (const entry of input.entries) {
      const iban = entry.card ? backingIban(input, entry.backing) : entry.iban;
      if (iban === undefined) continue;
      const want = agreed(input.readings, (reading) => reading?.lists[fn].has(iban) === true);
      const has = entry.links.has(fn);
      if (want === false && has)
        return `${entry.resourceId} carries a ${fn} link though ${iban} is not consented for ${fn}`;
      if (want === true && !has && !entry.card)
        return `${entry.resourceId} carries no ${fn} link though ${iban} is consented for ${fn}`;
    }
    return undefined;
  });
}

/** One link constraint per account function. */
export const linkConstraints = {
  balances: functionLink('balances'),
  transactions: functionLink('transactions'),
  overdrafts: functionLink('overdrafts'),
  owners: functionLink('owners'),
} as const;

/** Accounts consented for balances embed them; others (cards whose backing account is not) do not. */
export const balancesEmbeddedWhenConsented = constraint<ListingInput>(
  'consents.balances-embedded-when-consented',
  'AIS-ACC-BALANCES-WHEN-CONSENTED',
  (input) => {
    for (const entry of input.entries) {
      const iban = entry.card ? backingIban(input, entry.backing) : entry.iban;
      if (iban === undefined) continue;
      const want = agreed(input.readings, (reading) => reading?.lists.balances.has(iban) === true);
      if (want === false && entry.balances)
        return `${entry.resourceId} embeds balances though ${iban} is not consented for balances`;
      if (want === true && !entry.balances && !entry.card)
        return `${entry.resourceId} embeds no balances though ${iban} is consented for balances`;
    }
    return undefined;
  },
);

/** The endUserIdentity link is present when psuIdentity is true, absent when it is false. */
export const identityLinkWhenConsented = constraint<ListingInput>(
  'consents.identity-link-when-consented',
  'AIS-ACC-LINK-IDENTITY',
  (input) => {
    // With no account the seed's "no consented account" listing has no identity link either: not judged.
    const want = agreed(input.readings, (reading) =>
      someAccount(reading)
        ? reading?.psuIdentity === true
        : reading?.psuIdentity === true
          ? undefined
          : false,
    );
    if (want === undefined) return undefined;
    const has = input.topLinks.has('endUserIdentity');
    if (want && !has) return 'no endUserIdentity link though the consent has psuIdentity true';
    if (!want && has) return 'an endUserIdentity link though the consent has no psuIdentity';
    return undefined;
  },
);

/** The trusted-beneficiaries link is never returned. */
export const noTrustedBeneficiariesLink = constraint<ListingInput>(
  'consents.no-trusted-beneficiaries-link',
  'AIS-ACC-NO-TRUSTED-BENEFICIARIES-LINK',
  (input) => {
    const all = [...input.topLinks.keys(), ...input.entries.flatMap((entry) => [...entry.links.keys()])];
    const found = all.find((name) => /trusted/i.test(name));
    return found === undefined ? undefined : `a ${found} link is returned`;
  },
);

/** Every listing constraint, in judging order. */
export const listingConstraints = [
  listsAllWithoutConsent,
  noCardsWithoutConsent,
  noLinksWithoutConsent,
  noBalancesWithoutConsent,
  consentedAccountsOnly,
  cardsOfConsentedAccounts,
  linkConstraints.balances,
  linkConstraints.transactions,
  linkConstraints.overdrafts,
  linkConstraints.owners,
  balancesEmbeddedWhenConsented,
  identityLinkWhenConsented,
  noTrustedBeneficiariesLink,
] as const;

/** PUT /consents answers 201. */
export const consentRecorded = constraint<Answer>('consents.put-201', 'CNS-PUT-201', (answer) =>
  answer.status === 201 ? undefined : `PUT /consents was answered ${answer.status}, not 201`,
);

/** GET /accounts with a current token answers 200 with an `accounts` array. */
export const listingServed = constraint<Answer & { listed: boolean }>(
  'consents.accounts-200',
  'AIS-ACC-PAGINATION',
  (answer) =>
    answer.status === 200 && answer.listed
      ? undefined
      : `GET /accounts was answered ${answer.status} without an accounts array`,
);

/** A function read of a consented account (or a card whose backing account is consented) answers 200. */
export const consentedReadServed = constraint<Answer & { what: string }>(
  'consents.consented-read-200',
  'AIS-ACC-CONSENT-PRECONDITION',
  (input) =>
    input.status === 200 ? undefined : `${input.what}, consented, was answered ${input.status}, not 200`,
);

/** A function read of a non-consented account is refused. */
export const unconsentedReadRefused = constraint<Answer & { what: string }>(
  'consents.unconsented-read-refused',
  'AIS-ACC-BEFORE-CONSENT-REJECTED',
  (input) =>
    isRefusal(input) ? undefined : `${input.what}, not consented, was answered ${input.status}, not refused`,
);

/** A card is served for a function only when its backing account is consented for it. */
export const cardNeedsBackingConsent = constraint<Answer & { what: string }>(
  'consents.card-needs-backing-consent',
  'AIS-ACC-CARD-BACKING-CONSENT',
  (input) =>
    isRefusal(input)
      ? undefined
      : `${input.what}, backing account not consented for it, was answered ${input.status}`,
);

/** End-user identity is refused when the consent's psuIdentity is not true. */
export const identityNeedsConsent = constraint<Answer>(
  'consents.identity-needs-psu-identity',
  'AIS-OTH-IDENTITY-CONSENT',
  (answer) =>
    isRefusal(answer)
      ? undefined
      : `GET end-user-identity without psuIdentity was answered ${answer.status}, not refused`,
);

/** An unknown account is refused (404 AC01 in the seed's table; the order of checks is not shown). */
export const unknownAccountRefused = constraint<Answer>(
  'consents.unknown-account-refused',
  'AIS-ACC-UNKNOWN-AC01',
  (answer) =>
    isRefusal(answer)
      ? undefined
      : `balances of an unknown account were answered ${answer.status}, not refused`,
);

/** The consent constraints outside the listing. */
export const consentConstraints = [
  consentRecorded,
  listingServed,
  consentedReadServed,
  unconsentedReadRefused,
  cardNeedsBackingConsent,
  identityNeedsConsent,
  unknownAccountRefused,
] as const;
