/**
 * Random bad input for the fuzzer: consent bodies that are not JSON, of the wrong shape or type,
 * empty, or sent with another content type, and query strings that are not dates or page numbers.
 * Each must be refused with a 4xx naming a catalogue code and must change nothing.
 */
import fc from 'fast-check';
import { versionProfile, versionProfiles, type ApiVersion } from '../../spec/lib/index.ts';

/** A request the fuzzer sends; `build` makes it for a version and an account resourceId. */
export interface MalformedRequest {
  label: string;
  build(
    version: ApiVersion,
    account: string,
  ): { method: string; path: string; body?: string; contentType?: string };
}

/** The consent granting nothing at `version`: each account function's list empty, each flag false. */
function emptyConsent(version: ApiVersion): Record<string, unknown> {
  const profile = versionProfile(version);
  const lists = new Set<string>(profile.accountFunctions);
  return Object.fromEntries(profile.consentFields.map((field) => [field, lists.has(field) ? [] : false]));
}

/** Every field a consent body has at some version. */
const consentFields = new Set<string>(versionProfiles().flatMap((profile) => profile.consentFields));

const consentPut = (
  label: string,
  body: string | ((version: ApiVersion) => string),
  contentType?: string,
): MalformedRequest => ({
  label,
  build: (version) => ({
    method: 'PUT',
    path: `/stet/psd2/${version}/consents`,
    body: typeof body === 'string' ? body : body(version),
    ...(contentType === undefined ? {} : { contentType }),
  }),
});

/** A JSON text that is not a consent body (not an object, or an object missing the lists). */
const notAConsent = fc
  .jsonValue({ maxDepth: 2 })
  .filter(
    (value) => typeof value !== 'object' || value === null || Array.isArray(value) || !('balances' in value),
  )
  .map((value) => JSON.stringify(value));

/** Text that is not a calendar date. */
const notADate = fc.string({ maxLength: 12 }).filter((text) => !/^\d{4}-\d{2}-\d{2}$/.test(text));
/** Text that is not a page number. */
const notAPage = fc.string({ maxLength: 8 }).filter((text) => !/^[1-9]\d*$/.test(text));

/** Every kind of bad input the fuzzer draws from. */
export const malformedRequest: fc.Arbitrary<MalformedRequest> = fc.oneof(
  fc
    .string({ minLength: 1, maxLength: 20 })
    .map((tail) => consentPut(`consent body not JSON ${JSON.stringify(`{${tail}`)}`, `{${tail}`)),
  notAConsent.map((text) => consentPut(`consent body ${text}`, text)),
  fc
    .constantFrom('balances', 'transactions', 'psuIdentity', 'trustedBeneficiaries')
    .map((field) =>
      consentPut(`consent ${field} of the wrong type`, (version) =>
        JSON.stringify({ ...emptyConsent(version), [field]: 'yes' }),
      ),
    ),
  fc
    .stringMatching(/^[a-z][A-Za-z]{0,10}$/)
    .filter((name) => !consentFields.has(name))
    .map((name) =>
      consentPut(`consent with unknown field ${name}`, (version) =>
        JSON.stringify({ ...emptyConsent(version), [name]: true }),
      ),
    ),
  fc.constant(consentPut('empty consent body', '')),
  fc.constant(
    consentPut('consent as text/plain', (version) => JSON.stringify(emptyConsent(version)), 'text/plain'),
  ),
  fc.tuple(fc.constantFrom('dateFrom', 'dateTo'), notADate).map(([name, value]) => ({
    label: `transactions ${name}=${JSON.stringify(value)}`,
    build: (version: ApiVersion, account: string) => ({
      method: 'GET',
      path: `/stet/psd2/${version}/accounts/${encodeURIComponent(account)}/transactions?${new URLSearchParams({ [name]: value }).toString()}`,
    }),
  })),
  notAPage.map((value) => ({
    label: `accounts page=${JSON.stringify(value)}`,
    build: (version: ApiVersion) => ({
      method: 'GET',
      path: `/stet/psd2/${version}/accounts?${new URLSearchParams({ page: value }).toString()}`,
    }),
  })),
);
