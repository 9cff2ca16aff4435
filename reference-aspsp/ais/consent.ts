import { accountFunctionNames, type AccountFunction, type VersionProfile } from '../../spec/lib/index.ts';
import { readField } from '../data/read-field.ts';

/** The account functions a consent grants per account (seed: Consent; spec/lib `AccountFunction`). */
export type AisFunction = AccountFunction;

/** Every account function, in the order of the consent body. */
export const aisFunctions: readonly AisFunction[] = accountFunctionNames;

/**
 * A recorded consent of one PSU to one AISP: the IBANs granted per function and the two flags.
 *
 * IBANs only: a consent on an account in one currency covers the same IBAN in every currency
 * (seed: GET /accounts behaviour), so the currency of an account identification is not kept.
 */
export interface Consent {
  readonly balances: readonly string[];
  readonly transactions: readonly string[];
  readonly overdrafts: readonly string[];
  readonly owners: readonly string[];
  readonly trustedBeneficiaries: boolean;
  readonly psuIdentity: boolean;
}

/** The consent in force before any PUT /consents, and after a revoke-all. */
export const noConsent: Consent = {
  balances: [],
  transactions: [],
  overdrafts: [],
  owners: [],
  trustedBeneficiaries: false,
  psuIdentity: false,
};

function ibansOf(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  const items: readonly unknown[] = list;
  const ibans: string[] = [];
  for (const item of items) {
    const iban = readField(item, 'iban');
    if (typeof iban === 'string' && !ibans.includes(iban)) ibans.push(iban);
  }
  return ibans;
}

/**
 * The consent a PUT /consents body records. The body must already have passed the version's
 * `ConsentRequest` schema; lists that are not consent fields of the version (overdrafts and owners
 * before v1.6.2) are empty.
 */
export function consentFromBody(body: unknown, profile: VersionProfile): Consent {
  const list = (fn: AisFunction): string[] =>
    profile.consentFields.includes(fn) ? ibansOf(readField(body, fn)) : [];
  return {
    balances: list('balances'),
    transactions: list('transactions'),
    overdrafts: list('overdrafts'),
    owners: list('owners'),
    trustedBeneficiaries: readField(body, 'trustedBeneficiaries') === true,
    psuIdentity: readField(body, 'psuIdentity') === true,
  };
}

/** Every IBAN the consent names, in any function. */
export function consentedIbans(consent: Consent): ReadonlySet<string> {
  return new Set(aisFunctions.flatMap((fn) => consent[fn]));
}

/**
 * True when the consent grants no account (seed: a consent with no account sent, or with empty lists,
 * revokes every granted account): GET /accounts then behaves as before any consent.
 */
export function grantsNoAccount(consent: Consent): boolean {
  return consentedIbans(consent).size === 0;
}

/** True when the consent grants `fn` on the account with this IBAN (every currency of it). */
export function covers(consent: Consent, fn: AisFunction, iban: string): boolean {
  return consent[fn].includes(iban);
}
