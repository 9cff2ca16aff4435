/**
 * The profile of an API version: everything that differs between versions, resolved once from
 * `spec/versions.yaml` into one typed, frozen object per version (seed: Versioning > differences).
 *
 * Code asks the profile (`profile.currencyAccounts`, `profile.accountFunctions.includes('owners')`),
 * never compares version names, so a version added to `spec/versions.yaml` behaves as its block says
 * rather than as whichever old version a comparison happened to fall back to.
 */
import { newestApiVersion, versionCalendar, type ApiVersion, type VersionCapabilities } from './versions.ts';
import {
  accountFunctionNames,
  baseAccountFunctions,
  type AccountFunction,
  type BalanceType,
  type CardOutstandingTypes,
  type CbpiiScope,
  type ConsentField,
  type RemittanceShape,
} from './version-profile-terms.ts';

/** What one API version offers, resolved from its `capabilities` block of spec/versions.yaml; frozen. */
export interface VersionProfile {
  /** The version, as resource paths write it. */
  readonly version: ApiVersion;
  /** The STET release the version follows, e.g. `1.6.2.0`. */
  readonly stet: string;
  /**
   * The account functions the version has, in consent-body order: each is a path under
   * `/accounts/{accountResourceId}/`, a list of the consent body and a link of the same name in an
   * account entry's `_links`. Balances and transactions always; overdrafts and owners when the
   * version's block says so.
   */
  readonly accountFunctions: readonly AccountFunction[];
  /** The overdrafts function exists (`GET …/overdrafts`). */
  readonly overdrafts: boolean;
  /** The owners function exists (`GET …/owners`). */
  readonly owners: boolean;
  /** Fields of the PUT /consents body, every one required. */
  readonly consentFields: readonly ConsentField[];
  /** `POST /funds-confirmations` exists. */
  readonly fundsConfirmation: boolean;
  /** OAuth scope of the CBPII role; null when the version offers no funds confirmation. */
  readonly cbpiiScope: CbpiiScope | null;
  /** Currency accounts are listed (the same IBAN in another currency, single OTHR balance). */
  readonly currencyAccounts: boolean;
  /** `currency` is allowed in an account identification of the consent. */
  readonly accountIdentificationCurrency: boolean;
  readonly balanceTypes: readonly BalanceType[];
  /** The balance type of each of a card's three outstandings. */
  readonly cardOutstandings: CardOutstandingTypes;
  /** The distinct types of {@link cardOutstandings}. */
  readonly cardBalanceTypes: readonly BalanceType[];
  /** Sign of card outstanding amounts (seed: negative in v1.6.2, positive before). */
  readonly cardOutstandingSign: 'positive' | 'negative';
  /** `array` of strings (STET 1.4.0) or an object with an `unstructured` array. */
  readonly remittanceInformation: RemittanceShape;
}

let cached: ReadonlyMap<ApiVersion, VersionProfile> | undefined;

/** Every version's profile, oldest first. */
export function versionProfiles(): readonly VersionProfile[] {
  return [...profiles().values()];
}

/** The profile of `version` (resolved on first use, then shared). */
export function versionProfile(version: ApiVersion): VersionProfile {
  const profile = profiles().get(version);
  // Unreachable while spec/generated/api-versions.ts matches versions.yaml (the calendar parse checks it).
  if (profile === undefined) throw new Error(`no profile for ${version}: run npm run spec:build`);
  return profile;
}

/** The profile of the newest version: what unversioned operations (registration) are written in. */
export function newestVersionProfile(): VersionProfile {
  return versionProfile(newestApiVersion);
}

/** The versions whose profile satisfies `offers`, oldest first, e.g. the versions with funds confirmation. */
export function versionsWhere(offers: (profile: VersionProfile) => boolean): ApiVersion[] {
  return versionProfiles()
    .filter(offers)
    .map((profile) => profile.version);
}

function profiles(): ReadonlyMap<ApiVersion, VersionProfile> {
  if (cached !== undefined) return cached;
  const calendar = versionCalendar();
  const map = new Map<ApiVersion, VersionProfile>();
  for (const info of calendar.versions) {
    map.set(info.id, resolveProfile(info.id, info.stet, calendar.capabilities[info.id]));
  }
  cached = map;
  return map;
}

/** Resolves one `capabilities` block into a frozen profile. */
export function resolveProfile(
  version: ApiVersion,
  stet: string,
  capabilities: VersionCapabilities,
): VersionProfile {
  const added = new Set<AccountFunction>(baseAccountFunctions);
  if (capabilities.overdrafts) added.add('overdrafts');
  if (capabilities.owners) added.add('owners');
  return Object.freeze({
    version,
    stet,
    accountFunctions: Object.freeze(accountFunctionNames.filter((fn) => added.has(fn))),
    cbpiiScope: capabilities.cbpiiScope,
    fundsConfirmation: capabilities.fundsConfirmation,
    overdrafts: capabilities.overdrafts,
    owners: capabilities.owners,
    consentFields: Object.freeze([...capabilities.consentFields]),
    currencyAccounts: capabilities.currencyAccounts,
    accountIdentificationCurrency: capabilities.accountIdentificationCurrency,
    balanceTypes: Object.freeze([...capabilities.balanceTypes]),
    cardOutstandings: Object.freeze({ ...capabilities.cardOutstandings }),
    cardBalanceTypes: Object.freeze([...capabilities.cardBalanceTypes]),
    cardOutstandingSign: capabilities.cardOutstandingSign,
    remittanceInformation: capabilities.remittanceInformation,
  });
}
