import { apiVersions, schemaValidator } from '../../spec/lib/index.ts';
import { loadPsuData } from '../data/psu-record.ts';
import { ApiError } from '../server/api-error.ts';
import type { BearerRoute } from '../server/route.ts';
import { consentedIbans, consentFromBody } from './consent.ts';
import { putConsent } from './consent-store.ts';

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
  body: 'json',
  async handler(ctx) {
    const version = ctx.version ?? 'v1';
    const result = schemaValidator(consentSchema, version)(ctx.body);
    if (!result.valid) throw new ApiError('FF01', { detail: result.errors.join('; ') });
    const consent = consentFromBody(ctx.body, version);
    const data = await loadPsuData(ctx.store, ctx.institution.code, ctx.auth.psuId);
    const owned = new Set(data?.accounts.map((account) => account.iban) ?? []);
    const foreign = [...consentedIbans(consent)].filter((iban) => !owned.has(iban));
    if (foreign.length > 0) {
      throw new ApiError('CONSENT_REFUSED', { detail: `not accounts of the PSU: ${foreign.join(', ')}` });
    }
    await putConsent(
      ctx.store,
      { institution: ctx.institution.code, psuId: ctx.auth.psuId, clientId: ctx.auth.clientId },
      consent,
    );
    return { status: 201 };
  },
};
