/** The account information service of the reference bank: its domain and what other domains reuse. */
export { aisDomain } from './ais-domain.ts';
export { getConsent, putConsent, deletePsuConsents, consentsCollection } from './consent-store.ts';
export type { Consent, AisFunction } from './consent.ts';
export { deletePsuQuotas, quotasCollection } from './quota.ts';
