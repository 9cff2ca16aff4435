/**
 * The words a version profile is written in (seed: Consent; Balance; Versioning): account functions,
 * consent fields, balance types, card outstandings. `spec/versions.yaml` may use no other.
 */

/**
 * An account function: a path under `/accounts/{accountResourceId}/`, a list of the consent body and a
 * link of the same name in an account entry's `_links` (seed: Consent; GET /accounts behaviour).
 */
export type AccountFunction = 'balances' | 'transactions' | 'overdrafts' | 'owners';

/** Every account function, in the order of the consent body. */
export const accountFunctionNames: readonly AccountFunction[] = [
  'balances',
  'transactions',
  'overdrafts',
  'owners',
];

/** The account functions every version has; the others are added by a version's profile. */
export const baseAccountFunctions: readonly AccountFunction[] = ['balances', 'transactions'];

/** A field of the PUT /consents body (seed: Consent). */
export type ConsentField = AccountFunction | 'trustedBeneficiaries' | 'psuIdentity';

/** Every consent field a version may have. */
export const consentFieldNames: readonly ConsentField[] = [
  ...accountFunctionNames,
  'trustedBeneficiaries',
  'psuIdentity',
];

/** A `balanceType` of the seed's Balance. */
export type BalanceType = 'VALU' | 'CLBD' | 'OTHR' | 'ITAV' | 'PRCD';

/** Every balance type a version may have. */
export const balanceTypeNames: readonly BalanceType[] = ['VALU', 'CLBD', 'OTHR', 'ITAV', 'PRCD'];

/**
 * The balance type of each of a deferred-debit card's three outstandings (seed: Balance): carried
 * over to the following month, current month not yet booked, previous month.
 */
export interface CardOutstandingTypes {
  readonly carriedOver: BalanceType;
  readonly currentMonth: BalanceType;
  readonly previousMonth: BalanceType;
}

/** The shape of `remittanceInformation`: an array of strings (STET 1.4.0), or `{ unstructured: [] }`. */
export type RemittanceShape = 'array' | 'unstructured';

/** The OAuth scope of the CBPII role in a version that offers funds confirmation. */
export type CbpiiScope = 'piisp' | 'cbpii';
