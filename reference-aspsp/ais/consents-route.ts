import { apiVersions } from '../../spec/lib/index.ts';
import { loadPsuData } from '../data/psu-record.ts';
import { ApiError } from '../server/api-error.ts';
import type { BearerRoute } from '../server/route.ts';
import { mergedConsent } from '../faults/consent-merge.ts';
import { consentedIbans, consentFromBody, grantsNoAccount, noConsent, type Consent } from './consent.ts';
import { getConsent, putConsent, type ConsentKey } from './consent-store.ts';

/** Name of the PUT /consents body schema in spec/. */
export const consentSchema = 'ConsentRequest';

/**
 * `PUT /stet/psd2/{version}/consents` (seed: Consent; States and transitions > Consent).
 *
 * The body is checked against the version's `ConsentRequest` schema (400 FF01: v1.6.2 requires
 * overdrafts and owners, a currency exists only in v1.6.2). The new consent replaces the previous one
 * whole; a consent naming no account revokes every account. Recording fails (403 CONSENT_REFUSED)
 * when an IBAN is not one of the PSU's accounts. 201 with no body; no GET /accounts needed before.
 */
export const consentsRoute: BearerRoute = {
  method: 'PUT',
  path: '/stet/psd2/{version}/consents',
  versions: apiVersions,
  auth: 'bearer',
  role: 'aisp',
  body: {
    kind: 'json',
    schema: consentSchema,
    unchecked: (faults) => faults.has('consent-body-not-validated'),
  },
  async handler(ctx) {
    const asked = consentFromBody(ctx.body, ctx.profile);
    const data = await loadPsuData(ctx.store, ctx.institution.code, ctx.auth.psuId);
    const owned = new Set(data?.accounts.map((account) => account.iban) ?? []);
    const foreign = [...consentedIbans(asked)].filter((iban) => !owned.has(iban));
    // An IBAN that is not the PSU's: the consent is refused, or recorded without it (CNS-FOREIGN-IBAN-NOT-RECORDED).
    const foreignRefused = ctx.choices.of('CNS-FOREIGN-IBAN-NOT-RECORDED') === 'refused';
    const consent = foreignRefused ? asked : withoutIbans(asked, new Set(foreign));
    const key: ConsentKey = {
      institution: ctx.institution.code,
      psuId: ctx.auth.psuId,
      clientId: ctx.choices.of('CNS-PER-TPP')(ctx.auth.clientId),
    };
    if (foreign.length > 0 && foreignRefused && !ctx.faults.has('consent-unknown-iban-accepted')) {
      // What the bank has done before it finds it cannot record the new consent (BAD-NOTHING-CHANGES).
      await ctx.choices.of('BAD-NOTHING-CHANGES')(() => putConsent(ctx.store, key, noConsent));
      throw new ApiError('CONSENT_REFUSED', { detail: `not accounts of the PSU: ${foreign.join(', ')}` });
    }
    // A bank that reads "no account" as "nothing to change" keeps the previous consent.
    if (ctx.faults.has('empty-consent-ignored')) {
      if (grantsNoAccount(consent)) return { status: 201 };
    }
    // A bank that adds the new consent to the previous one instead of replacing it.
    if (ctx.faults.has('consent-merged')) {
      const previous = await getConsent(ctx.store, key);
      await putConsent(ctx.store, key, previous === undefined ? consent : mergedConsent(previous, consent));
      return { status: 201 };
    }
    await putConsent(ctx.store, key, consent);
    return { status: 201 };
  },
};

/** `consent` without the IBANs of `left`, in every list. */
function withoutIbans(consent: Consent, left: ReadonlySet<string>): Consent {
  const keep = (ibans: readonly string[]): string[] => ibans.filter((iban) => !left.has(iban));
  return {
    ...consent,
    balances: keep(consent.balances),
    transactions: keep(consent.transactions),
    overdrafts: keep(consent.overdrafts),
    owners: keep(consent.owners),
  };
}
