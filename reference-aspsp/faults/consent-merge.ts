import type { aisFunctions } from '../ais/consent.ts';
import { type Consent } from '../ais/consent.ts';

/**
 * The union of two consents: what a bank that merges a new consent into the previous one instead of
 * replacing it records (fault `consent-merged`; the seed's consent replaces the previous one whole).
 */
export function mergedConsent(previous: Consent, next: Consent): Consent {
  const union = (fn: (typeof aisFunctions)[number]): string[] => [...new Set([...previous[fn], ...next[fn]])];
  return {
    balances: union('balances'),
    transactions: union('transactions'),
    overdrafts: union('overdrafts'),
    owners: union('owners'),
    trustedBeneficiaries: previous.trustedBeneficiaries || next.trustedBeneficiaries,
    psuIdentity: previous.psuIdentity || next.psuIdentity,
  };
}
