/**
 * API versions and the version calendar of `spec/versions.yaml`: STET releases, live dates (T0),
 * the T0 + 3 months decommissioning rule, host forms and what each version offers.
 */
import { array, boolean, integer, isoDate, nullableIsoDate, oneOf, reader, string } from './parse.ts';
import { addMonths } from './paris-calendar.ts';
import type { At } from './parse.ts';
import { readSpecYaml } from './spec-files.ts';
import { SpecError } from './spec-error.ts';
import { apiVersionIds, byApiVersion, newestApiVersionId } from '../generated/api-versions.ts';
import type { ApiVersion } from '../generated/api-versions.ts';
import {
  balanceTypeNames,
  consentFieldNames,
  type BalanceType,
  type CardOutstandingTypes,
  type CbpiiScope,
  type ConsentField,
  type RemittanceShape,
} from './version-profile-terms.ts';

/** An API version, as written in resource paths (`/stet/psd2/<version>/…`); generated from versions.yaml. */
export type { ApiVersion };

/** Every API version, oldest first (the `versions:` of spec/versions.yaml, by `npm run spec:build`). */
export const apiVersions: readonly ApiVersion[] = apiVersionIds;

/** The newest API version: the default where a recording or a scenario names none. */
export const newestApiVersion: ApiVersion = newestApiVersionId;

/** True when `value` is one of {@link apiVersions}. */
export function isApiVersion(value: unknown): value is ApiVersion {
  return apiVersions.some((v) => v === value);
}

/** One version of the calendar. */
export interface VersionInfo {
  id: ApiVersion;
  /** The STET release the version follows, e.g. `1.6.2.0`. */
  stet: string;
  /** Day the version was deployed on the live gateway (T0 of its predecessor); null when not yet. */
  liveDate: string | null;
  /**
   * `seed` when the date comes from the seed, `default` when it is our documented configuration,
   * `deployment` when a deployment's calendar file gave it (`applyCalendarOverrides`).
   */
  liveDateSource: 'seed' | 'default' | 'deployment';
  note: string;
}

/** A host form; `<code>` in the template is the five-digit institution code. */
export interface HostForm {
  form: 'live' | 'sandbox' | 'former-live';
  template: string;
  status: 'current' | 'sandbox' | 'withdrawn';
  /** First day the form is refused (410 HOST_WITHDRAWN), or null. */
  withdrawnFrom: string | null;
}

/** A go-live fact of the seed about a feature (not an API version). */
export interface FeatureFact {
  name: string;
  version: string;
  liveDate: string;
  seedText: string;
}

/**
 * What a version offers, the seed's version differences as data: one `capabilities` block of
 * spec/versions.yaml. Code reads it resolved, as the version's `VersionProfile` (version-profile.ts).
 */
export interface VersionCapabilities {
  /** OAuth scope of the CBPII role, null when the version offers no funds confirmation. */
  cbpiiScope: CbpiiScope | null;
  fundsConfirmation: boolean;
  /** The overdrafts function (path, consent list, account link). */
  overdrafts: boolean;
  /** The owners function (path, consent list, account link). */
  owners: boolean;
  /** Fields of the consent body, every one required. */
  consentFields: ConsentField[];
  /** Currency accounts (the same account in another currency, single OTHR balance). */
  currencyAccounts: boolean;
  /** `currency` allowed in the consent's account identification. */
  accountIdentificationCurrency: boolean;
  balanceTypes: BalanceType[];
  /** The type of each of a card's three outstandings. */
  cardOutstandings: CardOutstandingTypes;
  /** The distinct types of {@link cardOutstandings}, in their order. */
  cardBalanceTypes: BalanceType[];
  cardOutstandingSign: 'positive' | 'negative';
  /** `array` of strings (STET 1.4.0) or object with an `unstructured` array. */
  remittanceInformation: RemittanceShape;
}

/** The parsed `spec/versions.yaml`. */
export interface VersionCalendar {
  versions: VersionInfo[];
  deprecation: {
    noticeMonths: number;
    environments: string[];
    announcement: string;
    exceptionsWithoutNotice: string[];
  };
  hosts: HostForm[];
  features: FeatureFact[];
  capabilities: Record<ApiVersion, VersionCapabilities>;
}

const FILE = 'versions.yaml';
let cached: VersionCalendar | undefined;

/** The version calendar of `spec/versions.yaml`, parsed once and cached. */
export function versionCalendar(): VersionCalendar {
  cached ??= parseVersionCalendar(readSpecYaml(FILE), FILE);
  return cached;
}

/** Parses a version calendar document (the shape of `spec/versions.yaml`), e.g. a deployment's own. */
export function parseVersionCalendar(value: unknown, file: string): VersionCalendar {
  const root: At = { file, path: '$' };
  const doc = reader(value, root);
  const versions = doc.get('versions', array(parseVersion));
  if (versions.map((v) => v.id).join() !== apiVersions.join()) {
    throw new SpecError(
      'ERR_SPEC_INVALID',
      `${file}: versions must list ${apiVersions.join(', ')} in order`,
      {
        hint: 'After adding a version to spec/versions.yaml, run npm run spec:build (docs/versions.md).',
      },
    );
  }
  const dep = doc.get('deprecation', reader);
  const caps = doc.get('capabilities', reader);
  const capability = (v: ApiVersion): VersionCapabilities => caps.get(v, parseCapabilities);
  return {
    versions,
    deprecation: {
      noticeMonths: dep.get('noticeMonths', integer),
      environments: dep.get('environments', array(string)),
      announcement: dep.get('announcement', string),
      exceptionsWithoutNotice: dep.get('exceptionsWithoutNotice', array(string)),
    },
    hosts: doc.get('hosts', array(parseHost)),
    features: doc.get('features', array(parseFeature)),
    capabilities: byApiVersion(capability),
  };
}

function parseVersion(value: unknown, where: At): VersionInfo {
  const o = reader(value, where);
  return {
    id: o.get('id', oneOf(apiVersions)),
    stet: o.get('stet', string),
    liveDate: o.get('liveDate', nullableIsoDate),
    liveDateSource: o.get('liveDateSource', oneOf(['seed', 'default'] as const)),
    note: o.get('note', string),
  };
}

function parseHost(value: unknown, where: At): HostForm {
  const o = reader(value, where);
  return {
    form: o.get('form', oneOf(['live', 'sandbox', 'former-live'] as const)),
    template: o.get('template', string),
    status: o.get('status', oneOf(['current', 'sandbox', 'withdrawn'] as const)),
    withdrawnFrom: o.get('withdrawnFrom', nullableIsoDate),
  };
}

function parseFeature(value: unknown, where: At): FeatureFact {
  const o = reader(value, where);
  return {
    name: o.get('name', string),
    version: o.get('version', string),
    liveDate: o.get('liveDate', isoDate),
    seedText: o.get('seedText', string),
  };
}

function parseCapabilities(value: unknown, where: At): VersionCapabilities {
  const o = reader(value, where);
  const balanceType = oneOf(balanceTypeNames);
  const cardOutstandings = o.get('cardOutstandings', (v, w): CardOutstandingTypes => {
    const kinds = reader(v, w);
    return {
      carriedOver: kinds.get('carriedOver', balanceType),
      currentMonth: kinds.get('currentMonth', balanceType),
      previousMonth: kinds.get('previousMonth', balanceType),
    };
  });
  return {
    cbpiiScope: o.get('cbpiiScope', (v, w) => (v === null ? null : oneOf(['piisp', 'cbpii'] as const)(v, w))),
    fundsConfirmation: o.get('fundsConfirmation', boolean),
    overdrafts: o.get('overdrafts', boolean),
    owners: o.get('owners', boolean),
    consentFields: o.get('consentFields', array(oneOf(consentFieldNames))),
    currencyAccounts: o.get('currencyAccounts', boolean),
    accountIdentificationCurrency: o.get('accountIdentificationCurrency', boolean),
    balanceTypes: o.get('balanceTypes', array(balanceType)),
    cardOutstandings,
    cardBalanceTypes: [
      ...new Set([
        cardOutstandings.carriedOver,
        cardOutstandings.currentMonth,
        cardOutstandings.previousMonth,
      ]),
    ],
    cardOutstandingSign: o.get('cardOutstandingSign', oneOf(['positive', 'negative'] as const)),
    remittanceInformation: o.get('remittanceInformation', oneOf(['array', 'unstructured'] as const)),
  };
}

/**
 * Day from which `version` must be gone from sandbox and live: the successor's live date (T0) plus
 * the notice months; null for the newest version or when the successor has no live date.
 */
export function decommissionDate(calendar: VersionCalendar, version: ApiVersion): string | null {
  const index = calendar.versions.findIndex((v) => v.id === version);
  const next = calendar.versions[index + 1];
  if (next?.liveDate == null) return null;
  return addMonths(next.liveDate, calendar.deprecation.noticeMonths);
}

/** The host name of an institution in a host form, e.g. `api-10101.psd2.groupbank.example`. */
export function hostName(calendar: VersionCalendar, form: HostForm['form'], code: string): string {
  const host = calendar.hosts.find((h) => h.form === form);
  if (host === undefined) throw new SpecError('ERR_SPEC_INVALID', `${FILE}: no host form ${form}`);
  return host.template.replace('<code>', code);
}

/** Splits a host name into its form and institution code, or undefined when it matches no form. */
export function parseHostName(
  calendar: VersionCalendar,
  host: string,
): { form: HostForm; code: string } | undefined {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  for (const form of calendar.hosts) {
    const [before, after] = form.template.split('<code>');
    if (before === undefined || after === undefined) continue;
    if (!name.startsWith(before) || !name.endsWith(after)) continue;
    const code = name.slice(before.length, name.length - after.length);
    if (/^\d{5}$/.test(code)) return { form, code };
  }
  return undefined;
}

/** Used by error messages when a caller names a version that does not exist. */
export function assertApiVersion(value: string): ApiVersion {
  if (isApiVersion(value)) return value;
  throw new SpecError('ERR_SPEC_UNKNOWN_VERSION', `unknown API version ${value}`, {
    hint: `Use one of ${apiVersions.join(', ')}.`,
  });
}
